/**
 * The daily limit follows the time zone stored on the user's record. The attack: name a
 * zone further west with each request (or keep changing the profile's zone), so that local
 * midnight has always just passed, and store dozens a day. Whatever a request or the
 * profile says, a user never stores more than 5 in their day, nor more than 5 in any
 * 24 hours around a change of zone.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributions } from '@/db/schema';
import { startOfLocalDay } from '@/shared/rules/time-zone';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

const H = 3600_000;
let clock = Date.parse('2026-07-01T00:30:00Z');
let t: TestServer;
let seq = 5_000_000;

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(clock) });
});
afterAll(async () => {
  await t?.close();
});

/** A zone where it is just past midnight at `at` (the hour's minutes past it). Etc/GMT signs are inverted. */
function zoneJustPastMidnight(at: number): string {
  const utcHour = new Date(at).getUTCHours();
  // Local hour 0 means offset = -utcHour (west); Etc/GMT zones span -12…+14.
  const offset = utcHour <= 12 ? -utcHour : 24 - utcHour;
  return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const submit = (c: Client, timeZone?: string) =>
  c.post('/api/contributions', {
    title: 'Zone hop',
    type: 'tweet',
    link: `https://x.com/hopper/status/${++seq}`,
    ...(timeZone ? { timeZone } : {}),
  });

async function storedTimes(uid: string): Promise<number[]> {
  const rows = await t.db
    .select({ at: contributions.createdAt })
    .from(contributions)
    .where(eq(contributions.userId, uid))
    .orderBy(asc(contributions.createdAt));
  return rows.map((r) => r.at.getTime());
}

/** The most stored in any 24 h window (every window starting at a stored instant). */
function maxIn24h(times: number[]): number {
  let best = 0;
  for (let i = 0; i < times.length; i++) {
    let n = 0;
    while (i + n < times.length && times[i + n]! < times[i]! + 24 * H) n++;
    best = Math.max(best, n);
  }
  return best;
}

describe('the daily limit and the time zone', () => {
  it('ignores a zone named in the request: one west of the last every hour still gives 5 per day of the stored zone', async () => {
    clock = Date.parse('2026-07-01T00:30:00Z');
    const u = await signUp(t, { timeZone: 'Europe/Paris' });
    for (let hour = 0; hour < 36; hour++) {
      const zone = zoneJustPastMidnight(clock);
      for (let i = 0; i < 3; i++) await submit(u.client, zone);
      // The hub's count is the rule's count, whatever display zone is named.
      const me = await u.client.get(`/api/contributions/me?tz=${encodeURIComponent(zone)}`);
      const start = startOfLocalDay(new Date(clock), 'Europe/Paris').getTime();
      const inDay = (await storedTimes(u.uid)).filter((x) => x >= start).length;
      expect(me.body.today).toBe(inDay);
      clock += H;
    }
    const times = await storedTimes(u.uid);
    const perDay = new Map<number, number>();
    for (const x of times) {
      const day = startOfLocalDay(new Date(x), 'Europe/Paris').getTime();
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    // 36 hours from 02:30 Paris on 1 July: two Paris days, 5 each, and never more.
    expect([...perDay.values()]).toEqual([5, 5]);
  });

  it('changing the profile’s zone every hour never yields more than 5 in any 24 h', async () => {
    clock = Date.parse('2026-07-10T00:30:00Z');
    const u = await signUp(t, { timeZone: 'UTC' });
    const changes: string[] = [];
    for (let hour = 0; hour < 60; hour++) {
      const zone = zoneJustPastMidnight(clock);
      const res = await u.client.patch('/api/profile', { timeZone: zone });
      if (res.status === 200 && res.body.user.pendingTimeZone)
        changes.push(res.body.user.pendingTimeZone.from);
      for (let i = 0; i < 3; i++) await submit(u.client, zone);
      clock += H;
    }
    const times = await storedTimes(u.uid);
    expect(maxIn24h(times)).toBeLessThanOrEqual(5);
    expect(changes.length).toBeGreaterThan(0);
    // Still usable: 60 hours of trying store at least one day's worth.
    expect(times.length).toBeGreaterThanOrEqual(5);
  });

  it('applies a change of zone from the next local day, and shows it as pending until then', async () => {
    clock = Date.parse('2026-08-01T20:00:00Z'); // 22:00 in Paris
    const u = await signUp(t, { timeZone: 'Europe/Paris' });
    const res = await u.client.patch('/api/profile', { timeZone: 'America/New_York' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      timeZone: 'Europe/Paris',
      pendingTimeZone: { timeZone: 'America/New_York', from: '2026-08-01T22:00:00.000Z' }, // Paris midnight
    });
    clock = Date.parse('2026-08-01T22:30:00Z');
    const me = await u.client.get('/api/me');
    expect(me.body.user).toMatchObject({ timeZone: 'America/New_York', pendingTimeZone: null });
    expect((await u.client.get('/api/contributions/me')).body.timeZone).toBe('America/New_York');
  });

  it('refuses a zone that does not exist, and keeps the stored one', async () => {
    const u = await signUp(t, { timeZone: 'Asia/Tokyo' });
    const res = await u.client.patch('/api/profile', { timeZone: 'Mars/Base' });
    expect(res.status).toBe(400);
    expect((await u.client.get('/api/me')).body.user.timeZone).toBe('Asia/Tokyo');
  });

  it('stores a zone by the name the database knows, so one member’s zone cannot break what converts times in SQL', async () => {
    // Zones Intl accepts but PostgreSQL does not: a legacy alias, and offsets.
    const alias = await signUp(t, { timeZone: 'US/Pacific-New' });
    expect((await alias.client.get('/api/me')).body.user.timeZone).toBe('America/Los_Angeles');
    const offset = await signUp(t, { timeZone: '-0330' });
    expect((await offset.client.get('/api/me')).body.user.timeZone).toBe('UTC');
    const refused = await offset.client.patch('/api/profile', { timeZone: '-0330' });
    expect(refused.status).toBe(400);
    expect((await offset.client.patch('/api/profile', { timeZone: 'US/Pacific-New' })).status).toBe(200);
    expect((await offset.client.get('/api/me')).body.user.pendingTimeZone?.timeZone).toBe(
      'America/Los_Angeles',
    );
    // Both contribute; the admin's insights convert each contribution's time into its member's zone.
    for (const u of [alias, offset]) expect((await submit(u.client)).status).toBe(201);
    const admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
    for (const days of [7, 30, 90])
      expect((await admin.get(`/api/admin/insights?days=${days}`)).status).toBe(200);
  });

  it('takes UTC when the browser sent no usable zone at sign-up', async () => {
    const u = await signUp(t, { timeZone: 'Not/AZone' });
    expect((await u.client.get('/api/me')).body.user).toMatchObject({
      timeZone: 'UTC',
      pendingTimeZone: null,
    });
  });
});
