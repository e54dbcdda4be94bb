import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startOfLocalDay } from './time-zone';
import {
  limitWindowStart,
  pendingZone,
  scheduleZoneChange,
  startOfNextLocalDay,
  type ZoneRecord,
  zoneAt,
} from './user-zone';

const H = 3600_000;
const at = (iso: string) => new Date(iso);
const paris: ZoneRecord = { timeZone: 'Europe/Paris', previousTimeZone: null, timeZoneFrom: null };

describe('scheduleZoneChange', () => {
  it('keeps the current zone until its day ends, then switches', () => {
    const now = at('2026-08-01T20:00:00Z'); // 22:00 in Paris
    const rec = scheduleZoneChange(paris, 'America/New_York', now);
    expect(rec).toEqual({
      timeZone: 'America/New_York',
      previousTimeZone: 'Europe/Paris',
      timeZoneFrom: at('2026-08-01T22:00:00Z'),
    });
    expect(zoneAt(rec, now)).toBe('Europe/Paris');
    expect(zoneAt(rec, at('2026-08-01T21:59:59.999Z'))).toBe('Europe/Paris');
    expect(zoneAt(rec, at('2026-08-01T22:00:00Z'))).toBe('America/New_York');
    expect(pendingZone(rec, now)).toEqual({ timeZone: 'America/New_York', from: at('2026-08-01T22:00:00Z') });
    expect(pendingZone(rec, at('2026-08-01T22:00:00Z'))).toBeNull();
  });

  it('changes nothing when asked for the zone the record already goes to', () => {
    expect(scheduleZoneChange(paris, 'Europe/Paris', at('2026-08-01T20:00:00Z'))).toBe(paris);
  });

  it('replaces a pending change without moving its switch time, and a change back is a change too', () => {
    const now = at('2026-08-01T20:00:00Z');
    const first = scheduleZoneChange(paris, 'America/New_York', now);
    const second = scheduleZoneChange(first, 'Asia/Tokyo', new Date(now.getTime() + H));
    expect(second).toEqual({
      timeZone: 'Asia/Tokyo',
      previousTimeZone: 'Europe/Paris',
      timeZoneFrom: at('2026-08-01T22:00:00Z'),
    });
    const back = scheduleZoneChange(second, 'Europe/Paris', new Date(now.getTime() + H));
    expect(zoneAt(back, at('2026-08-02T12:00:00Z'))).toBe('Europe/Paris');
    expect(back.timeZoneFrom).toEqual(at('2026-08-01T22:00:00Z'));
  });

  it('finds the next local midnight across month and year ends and DST', () => {
    expect(startOfNextLocalDay(at('2026-12-31T23:30:00Z'), 'UTC')).toEqual(at('2027-01-01T00:00:00Z'));
    expect(startOfNextLocalDay(at('2026-01-31T10:00:00Z'), 'Asia/Tokyo')).toEqual(at('2026-01-31T15:00:00Z'));
    // New York falls back on 2026-11-01: that day has 25 hours.
    expect(startOfNextLocalDay(at('2026-11-01T12:00:00Z'), 'America/New_York')).toEqual(
      at('2026-11-02T05:00:00Z'),
    );
  });
});

describe('limitWindowStart', () => {
  it('is local midnight when no change is near', () => {
    const now = at('2026-08-01T20:00:00Z');
    expect(limitWindowStart(paris, now)).toEqual(at('2026-07-31T22:00:00Z'));
    const old: ZoneRecord = { ...paris, previousTimeZone: 'UTC', timeZoneFrom: at('2026-07-30T00:00:00Z') };
    expect(limitWindowStart(old, now)).toEqual(at('2026-07-31T22:00:00Z'));
  });

  it('also reaches 24 h back from the request for a change until 24 h after it took effect', () => {
    const rec = scheduleZoneChange(paris, 'America/New_York', at('2026-08-01T20:00:00Z'));
    expect(limitWindowStart(rec, at('2026-08-01T21:00:00Z'))).toEqual(at('2026-07-31T21:00:00Z'));
    expect(limitWindowStart(rec, at('2026-08-02T21:59:00Z'))).toEqual(at('2026-08-01T21:59:00Z'));
    // 24 h after the switch: New York's midnight again.
    expect(limitWindowStart(rec, at('2026-08-02T22:00:00Z'))).toEqual(at('2026-08-02T04:00:00Z'));
  });

  it('keeps local midnight when that is earlier than 24 h ago (a 25-hour day)', () => {
    const ny: ZoneRecord = {
      timeZone: 'America/New_York',
      previousTimeZone: 'UTC',
      timeZoneFrom: at('2026-11-01T04:00:00Z'),
    };
    const now = at('2026-11-02T04:30:00Z'); // 23:30 on the 25-hour day
    expect(limitWindowStart(ny, now)).toEqual(at('2026-11-01T04:00:00Z'));
  });
});

// Etc zones from UTC−12 to UTC+14, and a few with DST.
const ZONES = [
  ...Array.from({ length: 27 }, (_, i) => i - 12).map((o) =>
    o === 0 ? 'UTC' : `Etc/GMT${o > 0 ? '-' : '+'}${Math.abs(o)}`,
  ),
  'Europe/Paris',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
];

/** Plays the rule: the server accepts a submit when fewer than `limit` were stored since limitWindowStart. */
function play(steps: Array<{ advanceMin: number; zone: number | null; tries: number }>, limit = 5) {
  let rec: ZoneRecord = { timeZone: 'UTC', previousTimeZone: null, timeZoneFrom: null };
  let now = Date.parse('2026-03-01T00:00:00Z');
  // `seq` orders events within one instant: submits made before a change in the same
  // minute were made under the old rule, and the change cannot take them back.
  let seq = 0;
  const stored: Array<{ at: number; zone: string; seq: number }> = [];
  /** Each change: from the moment it was asked for to 24 h after it took effect. */
  const changes: Array<{ asked: number; until: number; seq: number }> = [];
  for (const s of steps) {
    now += s.advanceMin * 60_000;
    if (s.zone !== null) {
      const next = scheduleZoneChange(rec, ZONES[s.zone]!, new Date(now));
      if (next !== rec)
        changes.push({ asked: now, until: next.timeZoneFrom!.getTime() + 24 * H, seq: ++seq });
      rec = next;
    }
    for (let i = 0; i < s.tries; i++) {
      const since = limitWindowStart(rec, new Date(now)).getTime();
      if (stored.filter((x) => x.at >= since).length < limit)
        stored.push({ at: now, zone: zoneAt(rec, new Date(now)), seq: ++seq });
    }
  }
  return { stored, changes };
}

describe('zone hopping, as a property', () => {
  const steps = fc.array(
    fc.record({
      advanceMin: fc.integer({ min: 0, max: 26 * 60 }),
      zone: fc.option(fc.integer({ min: 0, max: ZONES.length - 1 }), { nil: null }),
      tries: fc.integer({ min: 0, max: 7 }),
    }),
    { maxLength: 60 },
  );

  it('never stores more than 5 in the 24 h before any submit made around a zone change', () => {
    fc.assert(
      fc.property(steps, (s) => {
        const { stored, changes } = play(s);
        for (const x of stored) {
          if (!changes.some((c) => x.seq > c.seq && x.at < c.until)) continue;
          expect(stored.filter((y) => y.at > x.at - 24 * H && y.at <= x.at).length).toBeLessThanOrEqual(5);
        }
      }),
      { numRuns: 300 },
    );
  });

  // Found by the property above (seed -1874228051): 2 submits at 12:15, 4 at midnight, then a
  // zone change asked in that same minute. The 4 came before the change; one more after it is refused.
  it('counts submits made before a change in its minute as before it, and refuses the 7th after', () => {
    const steps = [
      { advanceMin: 735, zone: null, tries: 2 },
      { advanceMin: 705, zone: null, tries: 4 },
      { advanceMin: 0, zone: 0, tries: 3 },
    ];
    expect(play(steps).stored).toHaveLength(6);
  });

  it('never stores more than 5 in one local day of the zone in effect', () => {
    fc.assert(
      fc.property(steps, (s) => {
        const { stored } = play(s);
        for (const x of stored) {
          const day = startOfLocalDay(new Date(x.at), x.zone).getTime();
          expect(stored.filter((y) => y.at >= day && y.at <= x.at).length).toBeLessThanOrEqual(5);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('still lets a member who never changes zone store 5 every local day', () => {
    const { stored } = play(
      Array.from({ length: 10 }, () => ({ advanceMin: 24 * 60, zone: null, tries: 7 })),
    );
    expect(stored).toHaveLength(50);
  });
});
