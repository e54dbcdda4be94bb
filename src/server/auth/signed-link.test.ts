import { describe, expect, it } from 'vitest';
import { signLink, verifyLink } from './signed-link';

const SECRET = 'x'.repeat(32);

describe('signed links', () => {
  it('verifies its own token for its purpose only', () => {
    const t = signLink(SECRET, 'end-session', 'abc');
    expect(verifyLink(SECRET, 'end-session', t)).toBe('abc');
    expect(verifyLink(SECRET, 'other', t)).toBeNull();
    expect(verifyLink('y'.repeat(32), 'end-session', t)).toBeNull();
  });
  it('refuses tampered, truncated and malformed tokens', () => {
    const t = signLink(SECRET, 'end-session', 'abc');
    expect(verifyLink(SECRET, 'end-session', t.replace('abc', 'abd'))).toBeNull();
    expect(verifyLink(SECRET, 'end-session', t.slice(0, -2))).toBeNull();
    expect(verifyLink(SECRET, 'end-session', 'abc')).toBeNull();
    expect(verifyLink(SECRET, 'end-session', '.abc')).toBeNull();
    expect(verifyLink(SECRET, 'end-session', '')).toBeNull();
  });
});
