import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatRelative } from './format';

describe('client formatting', () => {
  it('groups thousands', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
  it('formats dates and refuses garbage', () => {
    expect(formatDate('2026-03-05T12:00:00Z')).toMatch(/Mar \d, 2026/);
    expect(formatDate('nope')).toBe('');
  });
  it('says how long ago', () => {
    const now = Date.parse('2026-03-05T12:00:00Z');
    expect(formatRelative(now - 10_000, now)).toBe('just now');
    expect(formatRelative(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(formatRelative(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(formatRelative(now - 86_400_000, now)).toBe('yesterday');
    expect(formatRelative(now - 60 * 86_400_000, now)).toMatch(/2026/);
  });
});
