import { describe, expect, it } from 'vitest';
import { returnPath } from './guard';

describe('returnPath (where logging in goes on to)', () => {
  it('takes the guard’s state first, then a link’s ?next=', () => {
    expect(returnPath({ from: '/grants?tab=mine' }, '?next=/bounties')).toBe('/grants?tab=mine');
    expect(returnPath(null, '?next=%2Fbounties')).toBe('/bounties');
    expect(returnPath(undefined, '')).toBeUndefined();
  });
  it('never leaves the site', () => {
    for (const next of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      '/%0d%0a',
    ])
      expect(returnPath(null, `?next=${encodeURIComponent(next)}`), next).toBe(
        next === '/%0d%0a' ? '/%0d%0a' : undefined,
      );
    expect(returnPath({ from: '//evil.example' })).toBeUndefined();
    expect(returnPath({ from: 42 })).toBeUndefined();
  });
});
