import { describe, expect, it } from 'vitest';
import { abbreviateCount, displayNameOr, FALLBACK_NAME, successRate } from './format';

describe('abbreviateCount (Smart Connection)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [1050, '1k'],
    [1500, '1.5k'],
    [999_999, '999.9k'],
    [1_000_000, '1M'],
    [2_340_000, '2.3M'],
    [12_000_000, '12M'],
  ])('%i → %s', (n, s) => {
    expect(abbreviateCount(n)).toBe(s);
  });
});

describe('fallbacks and rates', () => {
  it('uses the spec fallback names for empty names', () => {
    expect(displayNameOr('  ', FALLBACK_NAME.rankTable)).toBe('Sysfi contributor');
    expect(displayNameOr(null, FALLBACK_NAME.userCell)).toBe('SYSFI Contributor user');
    expect(displayNameOr('Ada', FALLBACK_NAME.userCell)).toBe('Ada');
  });
  it('computes the success rate to one decimal, 0 with nothing submitted', () => {
    expect(successRate(0, 0)).toBe(0);
    expect(successRate(1, 3)).toBe(33.3);
    expect(successRate(2, 3)).toBe(66.7);
    expect(successRate(5, 5)).toBe(100);
  });
});
