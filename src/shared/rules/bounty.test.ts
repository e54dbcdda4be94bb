import { describe, expect, it } from 'vitest';
import {
  bountyCountdown,
  canPickWinners,
  deadlineFromLocalDate,
  isPastDeadline,
  localToday,
  placeLabel,
  winnersDue,
} from './bounty';

describe('bountyCountdown', () => {
  const tz = 'Europe/Paris';
  const deadline = deadlineFromLocalDate('2026-06-10', tz)!; // 23:59:59.999 Paris time

  it('counts the days between today and the deadline’s date, with the colour thresholds', () => {
    const at = (iso: string) => bountyCountdown(deadline, new Date(iso), tz);
    expect(at('2026-06-01T08:00:00Z')).toEqual({
      expired: false,
      days: 9,
      label: '9 days remaining',
      tone: 'green',
    });
    expect(at('2026-06-06T21:00:00Z')).toMatchObject({ days: 4, tone: 'green' }); // 23:00 on the 6th
    expect(at('2026-06-06T22:30:00Z')).toMatchObject({ days: 3, tone: 'yellow' }); // 00:30 on the 7th
    // Issue 20: a deadline two days ahead reads "2 days remaining", not 3.
    expect(at('2026-06-08T10:00:00Z')).toMatchObject({ days: 2, label: '2 days remaining' });
    expect(at('2026-06-09T10:00:00Z')).toEqual({
      expired: false,
      days: 1,
      label: '1 day remaining',
      tone: 'yellow',
    });
    expect(at('2026-06-10T21:59:59Z')).toEqual({
      expired: false,
      days: 0,
      label: 'Ends today',
      tone: 'yellow',
    });
    expect(at('2026-06-10T22:00:00Z')).toEqual({ expired: true, days: 0, label: 'Expired', tone: 'red' });
  });

  it('agrees with the deadline’s date as the viewer sees it', () => {
    for (const zone of ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati']) {
      const end = deadlineFromLocalDate('2026-03-31', zone)!;
      for (let h = 0; h < 24 * 20; h += 7) {
        const now = new Date(Date.parse('2026-03-12T00:00:00Z') + h * 3_600_000);
        if (isPastDeadline(end, now)) continue;
        const shown = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(end); // YYYY-MM-DD
        const today = localToday(now, zone);
        const diff = (Date.parse(shown) - Date.parse(today)) / 86_400_000;
        expect(bountyCountdown(end, now, zone).days).toBe(diff);
      }
    }
  });

  it('depends on the viewer’s time zone around midnight', () => {
    const now = new Date('2026-06-07T23:30:00Z'); // 01:30 on the 8th in Paris, 19:30 on the 7th in New York
    expect(bountyCountdown(deadline, now, 'Europe/Paris').days).toBe(2);
    expect(bountyCountdown(deadline, now, 'America/New_York').days).toBe(3);
  });

  it('is expired from the deadline’s instant on', () => {
    expect(isPastDeadline(deadline, new Date(deadline.getTime() - 1))).toBe(false);
    expect(isPastDeadline(deadline, deadline)).toBe(true);
    expect(isPastDeadline(null, new Date())).toBe(false);
  });

  it('says when there is no deadline', () => {
    expect(bountyCountdown(null, new Date(), 'UTC')).toEqual({
      expired: false,
      days: null,
      label: 'No deadline',
      tone: 'none',
    });
  });
});

describe('deadlines from the date picker', () => {
  it('ends at the last millisecond of the local day', () => {
    expect(deadlineFromLocalDate('2026-06-10', 'UTC')!.toISOString()).toBe('2026-06-10T23:59:59.999Z');
    expect(deadlineFromLocalDate('2026-06-10', 'Asia/Tokyo')!.toISOString()).toBe('2026-06-10T14:59:59.999Z');
  });
  it('refuses impossible dates', () => {
    expect(deadlineFromLocalDate('2026-02-30', 'UTC')).toBeNull();
    expect(deadlineFromLocalDate('tomorrow', 'UTC')).toBeNull();
  });
  it('knows today in the user’s zone', () => {
    expect(localToday(new Date('2026-06-07T23:30:00Z'), 'Europe/Paris')).toBe('2026-06-08');
    expect(localToday(new Date('2026-06-07T23:30:00Z'), 'America/New_York')).toBe('2026-06-07');
  });
});

describe('bounty dates, edge by edge', () => {
  it('reads a deadline given as an ISO string like the Date itself', () => {
    const d = deadlineFromLocalDate('2026-06-10', 'UTC')!;
    const now = new Date('2026-06-09T12:00:00Z');
    expect(bountyCountdown(d.toISOString(), now, 'UTC')).toEqual(bountyCountdown(d, now, 'UTC'));
    expect(isPastDeadline(d.toISOString(), d)).toBe(true);
    expect(isPastDeadline(d.toISOString(), new Date(d.getTime() - 1))).toBe(false);
    expect(isPastDeadline(null, now)).toBe(false);
  });
  it('refuses dates that are not exactly YYYY-MM-DD, and month or day out of range', () => {
    for (const bad of [
      '2026-6-10',
      '2026-06-1',
      ' 2026-06-10',
      '2026-06-10x',
      'x2026-06-10',
      '2026-13-01',
      '2026-00-10',
      '2026-06-00',
      '2026-04-31',
    ])
      expect(deadlineFromLocalDate(bad, 'UTC'), bad).toBeNull();
  });
  it('rolls over months and years for the end of the last day', () => {
    expect(deadlineFromLocalDate('2026-12-31', 'UTC')!.toISOString()).toBe('2026-12-31T23:59:59.999Z');
    expect(deadlineFromLocalDate('2026-01-31', 'UTC')!.toISOString()).toBe('2026-01-31T23:59:59.999Z');
    expect(deadlineFromLocalDate('2028-02-29', 'UTC')!.toISOString()).toBe('2028-02-29T23:59:59.999Z');
  });
  it('pads today’s month and day', () => {
    expect(localToday(new Date('2026-01-05T12:00:00Z'), 'UTC')).toBe('2026-01-05');
  });
});

describe('winnersDue and canPickWinners (issue 19: winners within 7 days of the deadline)', () => {
  const deadline = '2026-08-12T23:59:59.999Z';
  it('does not apply before the deadline, without one, or once announced', () => {
    expect(winnersDue(deadline, null, new Date('2026-08-12T12:00:00Z'))).toBeNull();
    expect(winnersDue(null, null, new Date('2026-09-01T00:00:00Z'))).toBeNull();
    expect(winnersDue(deadline, '2026-08-14T00:00:00Z', new Date('2026-08-30T00:00:00Z'))).toBeNull();
  });
  it('counts down whole days to deadline + 7 days, then is overdue', () => {
    expect(winnersDue(deadline, null, new Date('2026-08-13T00:00:00Z'))).toMatchObject({
      daysLeft: 6,
      overdue: false,
    });
    expect(winnersDue(deadline, null, new Date('2026-08-19T12:00:00Z'))).toMatchObject({
      daysLeft: 0,
      overdue: false,
    });
    expect(winnersDue(deadline, null, new Date('2026-08-20T00:00:00Z'))).toMatchObject({
      daysLeft: 0,
      overdue: true,
    });
  });
  it('lets winners be picked only after the deadline (or any time without one), once', () => {
    expect(canPickWinners(deadline, null, new Date('2026-08-12T12:00:00Z'))).toBe(false);
    expect(canPickWinners(deadline, null, new Date('2026-08-13T00:00:00Z'))).toBe(true);
    expect(canPickWinners(null, null, new Date('2026-08-01T00:00:00Z'))).toBe(true);
    expect(canPickWinners(deadline, '2026-08-14T00:00:00Z', new Date('2026-08-15T00:00:00Z'))).toBe(false);
  });
  it('has no deadline whose end cannot be stored (the last day of 9999 west of Greenwich ends in 10000)', () => {
    expect(deadlineFromLocalDate('9999-12-31', 'Pacific/Honolulu')).toBeNull();
    expect(deadlineFromLocalDate('9999-12-30', 'Pacific/Honolulu')?.toISOString()).toBe(
      '9999-12-31T09:59:59.999Z',
    );
    expect(deadlineFromLocalDate('9999-12-31', 'Asia/Tokyo')?.toISOString()).toBe('9999-12-31T14:59:59.999Z');
  });
  it('names places', () => {
    expect([1, 2, 3].map(placeLabel)).toEqual(['1st', '2nd', '3rd']);
  });
});
