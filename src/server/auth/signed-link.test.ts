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
  it('refuses another spelling of its own signature (spare bits of the last character, stray characters)', () => {
    for (const id of ['abc', 'def', 'ghi', 'jkl']) {
      const t = signLink(SECRET, 'end-session', id);
      const last = t.at(-1)!;
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      // The same high bits, other spare bits: the decoder reads the same bytes from it.
      const i = alphabet.indexOf(last);
      const twin = alphabet[(i & ~3) | ((i + 1) & 3)]!;
      expect(Buffer.from(t.slice(t.indexOf('.') + 1, -1) + twin, 'base64url')).toEqual(
        Buffer.from(t.slice(t.indexOf('.') + 1), 'base64url'),
      );
      expect(verifyLink(SECRET, 'end-session', t.slice(0, -1) + twin)).toBeNull();
      expect(verifyLink(SECRET, 'end-session', `${t}=`)).toBeNull();
      expect(verifyLink(SECRET, 'end-session', t)).toBe(id);
    }
  });
});
