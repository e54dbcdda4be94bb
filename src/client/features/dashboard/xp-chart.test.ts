import { describe, expect, it } from 'vitest';
import { xpSeries } from './xp-chart';

const t = (iso: string) => Date.parse(iso);

describe('xpSeries', () => {
  it('is empty without history', () => {
    expect(xpSeries([], 0)).toEqual([]);
  });

  it('starts a complete history at 0, steps at each event and runs on to now', () => {
    const now = t('2026-03-10T00:00:00Z');
    const s = xpSeries(
      [
        { at: '2026-03-01T00:00:00Z', balance: 100 },
        { at: '2026-03-05T00:00:00Z', balance: 250 },
      ],
      now,
    );
    expect(s).toEqual([
      { t: t('2026-03-01T00:00:00Z'), v: 0 },
      { t: t('2026-03-01T00:00:00Z'), v: 100 },
      { t: t('2026-03-05T00:00:00Z'), v: 100 },
      { t: t('2026-03-05T00:00:00Z'), v: 250 },
      { t: now, v: 250 },
    ]);
  });

  it('does not invent a zero start for a truncated history', () => {
    const history = Array.from({ length: 100 }, (_, i) => ({
      at: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(),
      balance: 1000 + i,
    }));
    const s = xpSeries(history, Date.UTC(2026, 6, 1));
    expect(s[0]).toEqual({ t: Date.UTC(2026, 0, 1), v: 1000 });
  });

  it('never runs backwards when the clock is behind the last event', () => {
    const s = xpSeries([{ at: '2026-03-01T00:00:00Z', balance: 5 }], 0);
    expect(s.at(-1)).toEqual({ t: t('2026-03-01T00:00:00Z'), v: 5 });
  });
});
