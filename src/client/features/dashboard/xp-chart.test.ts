import { describe, expect, it } from 'vitest';
import { XP_WINDOW_DAYS, xpDaily } from './xp-chart';

/** Local midnight of a calendar date (the chart buckets by the viewer's days). */
const day = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h).getTime();

describe('xpDaily (issue 20: a fixed 30-day window in daily buckets)', () => {
  it('is empty without history', () => {
    expect(xpDaily([], day(2026, 3, 10))).toEqual([]);
  });

  it('has 30 days ending today, with the balance at the end of each day', () => {
    const now = day(2026, 3, 10, 15);
    const s = xpDaily(
      [
        { at: new Date(day(2026, 3, 1, 9)).toISOString(), balance: 100 },
        { at: new Date(day(2026, 3, 5, 9)).toISOString(), balance: 250 },
        { at: new Date(day(2026, 3, 5, 18)).toISOString(), balance: 300 },
      ],
      now,
    );
    expect(s).toHaveLength(XP_WINDOW_DAYS);
    expect(s.at(-1)).toEqual({ day: day(2026, 3, 10), balance: 300 });
    expect(s[0]!.day).toBe(day(2026, 2, 9));
    const at = (d: number) => s.find((p) => p.day === d)!.balance;
    expect(at(day(2026, 2, 28))).toBe(0);
    expect(at(day(2026, 3, 1))).toBe(100);
    expect(at(day(2026, 3, 4))).toBe(100);
    expect(at(day(2026, 3, 5))).toBe(300);
  });

  it('draws all XP earned on one day as a step, not a spike with the same date at both ends', () => {
    const now = day(2026, 3, 10, 20);
    const s = xpDaily([{ at: new Date(day(2026, 3, 10, 9)).toISOString(), balance: 50 }], now);
    expect(s[0]!.day).not.toBe(s.at(-1)!.day);
    expect(s.filter((p) => p.balance === 0)).toHaveLength(XP_WINDOW_DAYS - 1);
    expect(s.at(-1)!.balance).toBe(50);
  });

  it('starts a truncated history at its first known balance', () => {
    const history = Array.from({ length: 100 }, (_, i) => ({
      at: new Date(day(2026, 1, 1) + i * 3_600_000).toISOString(),
      balance: 1000 + i,
    }));
    const s = xpDaily(history, day(2026, 3, 1));
    expect(s.every((p) => p.balance === 1099)).toBe(true);
  });
});
