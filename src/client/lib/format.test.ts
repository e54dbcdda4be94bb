import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoment, formatNumber, formatRelative, relative } from './format';

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

  // The fast paths print exactly what Intl prints.
  it('prints numbers as Intl.NumberFormat does', () => {
    const intl = new Intl.NumberFormat('en-US');
    const values = [0, 1, -1, 7, 12, 999, 1000, -1000, 1234, 99_999, 100_000, 1_000_000, -45_678_901];
    for (let p = 0; p <= 15; p++) values.push(10 ** p, 10 ** p - 1, -(10 ** p) + 3);
    for (let i = 0; i < 2000; i++) values.push(Math.round((Math.random() - 0.5) * 2 * 10 ** (i % 16)));
    values.push(
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
      1.5,
      -0.25,
      -0,
      2 ** 60,
      Number.NaN,
      Infinity,
    );
    for (const n of values) expect(formatNumber(n), String(n)).toBe(intl.format(n));
  });

  it('prints dates as Intl.DateTimeFormat does, in the local time zone', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    const start = Date.UTC(1999, 11, 25);
    // Every day for about 30 years, at an hour that crosses midnight in some time zones.
    for (let t = start; t < Date.UTC(2030, 0, 1); t += 86_400_000 + 3_600_000 * 7)
      expect(formatDate(t), new Date(t).toISOString()).toBe(intl.format(new Date(t)));
    for (const t of [Date.UTC(999, 0, 1), Date.UTC(12_000, 5, 1), -62_198_755_200_000])
      expect(formatDate(t)).toBe(intl.format(new Date(t)));
  });

  // Each against the Intl options it stands for, with a plain space before AM/PM.
  it.each([
    [
      'dates with times (formatDateTime)',
      formatDateTime,
      { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    ],
    ['moments with their year (formatMoment)', formatMoment, { dateStyle: 'medium', timeStyle: 'short' }],
  ] as const)('prints %s as Intl.DateTimeFormat does', (_what, format, options) => {
    const intl = new Intl.DateTimeFormat('en-US', options);
    const plain = (s: string) => s.replace(/\s/gu, ' ');
    // Every 97 minutes for about three years: every hour, minute and day of the month comes round.
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2028, 0, 1); t += 97 * 60_000)
      expect(format(t), new Date(t).toISOString()).toBe(plain(intl.format(new Date(t))));
    expect(format(Date.UTC(12_000, 5, 1))).toBe(intl.format(new Date(Date.UTC(12_000, 5, 1))));
    expect(format('not a date')).toBe('');
  });

  it('says relative times as Intl.RelativeTimeFormat does', () => {
    const intl = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
    for (const unit of ['minute', 'hour', 'day'] as const)
      for (let n = -1500; n <= 1500; n++)
        expect(relative(n, unit), `${n} ${unit}`).toBe(intl.format(n, unit));
  });
});
