/**
 * Issue 18, insights: every number of GET /api/admin/insights against hand-made data,
 * exact, on PGlite and PostgreSQL. The clock is fixed at 2026-07-10 12:00 UTC, so the
 * 7-day period is 2026-07-04 … 2026-07-10.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bounties,
  bountyApplicants,
  bountyApplications,
  contributions,
  grants,
  pointEvents,
  session,
} from '@/db/schema';
import { insertUser } from '../support/fixtures';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

const NOW = Date.parse('2026-07-10T12:00:00Z');
const at = (s: string) => new Date(`2026-${s}Z`);
let t: TestServer;
let admin: Client;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(NOW) });
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client; // created at the real time: after NOW, outside every period
  const db = t.db;
  const ref1 = await insertUser(db, { name: 'Referrer One', createdAt: at('06-01T00:00:00') });
  const u1 = await insertUser(db, {
    name: 'Invitee A',
    createdAt: at('07-05T10:00:00'),
    referredBy: ref1.id,
    referralRewarded: true,
  });
  const u2 = await insertUser(db, {
    name: 'Invitee B',
    createdAt: at('07-05T10:20:00'),
    referredBy: ref1.id,
    emailVerified: false,
  });
  const u3 = await insertUser(db, {
    name: 'Invitee C',
    createdAt: at('07-05T10:40:00'),
    referredBy: ref1.id,
  });
  const u4 = await insertUser(db, { name: 'Regular D', createdAt: at('07-08T09:00:00') });
  const u5 = await insertUser(db, { name: 'Steady E', createdAt: at('06-10T00:00:00') });
  await insertUser(db, { name: 'Older F', createdAt: at('06-20T00:00:00') });
  Object.assign(ids, { ref1: ref1.id, u1: u1.id, u4: u4.id, u5: u5.id });

  // Three referred accounts whose first session came from one address within an hour; u4 too, but not referred.
  await db.insert(session).values(
    [u1, u2, u3, u4].map((u) => ({
      id: randomUUID(),
      token: randomUUID(),
      userId: u.id,
      ipAddress: '203.0.113.7',
      createdAt: u.createdAt,
      expiresAt: at('08-01T00:00:00'),
    })),
  );

  const c = (userId: string, created: string, extra: Partial<typeof contributions.$inferInsert> = {}) => ({
    userId,
    title: 'A thread',
    type: 'tweet',
    contributor: 'someone',
    createdAt: at(created),
    ...extra,
  });
  await db.insert(contributions).values([
    c(u4.id, '07-06T08:00:00', {
      status: 'approved',
      reviewedAt: at('07-06T10:00:00'), // 2 h
      link: 'https://x.com/alice/status/12345',
      linkKey: 'x.com/status/12345',
    }),
    c(u4.id, '07-06T09:00:00', { status: 'rejected', reviewedAt: at('07-07T13:00:00') }), // 28 h
    c(u4.id, '07-07T00:00:00', { status: 'approved', reviewedAt: at('07-07T06:00:00') }), // 6 h
    c(u4.id, '07-09T11:00:00'), // pending 25 h: overdue
    c(u4.id, '07-10T11:00:00'), // pending 1 h
    // Steady E: exactly 5 a day on 07-04 … 07-08, and 4 on 07-09.
    ...['04', '05', '06', '07', '08'].flatMap((d) =>
      [1, 2, 3, 4, 5].map((h) => c(u5.id, `07-${d}T0${h}:00:00`)),
    ),
    ...[1, 2, 3, 4].map((h) => c(u5.id, `07-09T0${h}:00:00`)),
  ]);

  await db.insert(pointEvents).values([
    {
      userId: u1.id,
      delta: 100,
      balanceAfter: 100,
      reason: 'referral',
      idempotencyKey: 'p1',
      createdAt: at('07-05T11:00:00'),
    },
    {
      userId: u4.id,
      delta: 10,
      balanceAfter: 10,
      reason: 'contribution',
      idempotencyKey: 'p2',
      createdAt: at('07-06T10:00:00'),
    },
    {
      userId: u4.id,
      delta: 5,
      balanceAfter: 15,
      reason: 'contribution',
      idempotencyKey: 'p3',
      createdAt: at('07-07T06:00:00'),
    },
    {
      userId: u4.id,
      delta: -3,
      balanceAfter: 12,
      reason: 'correction',
      idempotencyKey: 'p4',
      createdAt: at('07-07T07:00:00'),
    },
    {
      userId: u4.id,
      delta: 20,
      balanceAfter: 32,
      reason: 'contribution',
      idempotencyKey: 'p5',
      createdAt: at('07-09T07:00:00'),
    },
    {
      userId: u4.id,
      delta: 50,
      balanceAfter: 82,
      reason: 'contribution',
      idempotencyKey: 'p6',
      createdAt: at('06-01T07:00:00'),
    },
  ]);

  const request = (status: string, created: string) => ({
    userId: u4.id,
    title: `Bounty ${status}`,
    description: 'Build it',
    reward: '100 USDC',
    deadline: at('09-01T00:00:00'),
    contactInfo: '@d',
    status,
    createdAt: at(created),
  });
  const [b1] = await db
    .insert(bountyApplications)
    .values([
      request('approved', '07-05T00:00:00'),
      request('rejected', '07-06T00:00:00'),
      request('pending', '07-07T00:00:00'),
      request('approved', '05-01T00:00:00'),
    ])
    .returning();
  const [bounty] = await db
    .insert(bounties)
    .values({
      requestId: b1!.id,
      requesterId: u4.id,
      title: 'Bounty',
      description: 'Build it',
      reward: '100 USDC',
    })
    .returning();
  await db.insert(bountyApplicants).values([
    {
      bountyId: bounty!.id,
      userId: u1.id,
      pitch: 'me',
      link: 'https://twitter.com/bob/status/12345?s=20',
      createdAt: at('07-08T00:00:00'),
    },
    { bountyId: bounty!.id, userId: u3.id, pitch: 'me too', createdAt: at('07-08T01:00:00') },
  ]);

  const grant = (status: string, submitted: string) => ({
    applicantId: u4.id,
    amount: '10.00',
    currency: 'USDC',
    proposal: 'Please',
    status,
    submittedAt: at(submitted),
  });
  await db
    .insert(grants)
    .values([
      grant('pending', '07-05T00:00:00'),
      grant('approved', '07-06T00:00:00'),
      grant('declined', '07-07T00:00:00'),
      grant('approved', '06-01T00:00:00'),
    ]);
});
afterAll(async () => {
  await t?.close();
});

const get = async (days?: number) => {
  const res = await admin.get(`/api/admin/insights${days ? `?days=${days}` : ''}`);
  expect(res.status).toBe(200);
  return res.body;
};

describe('insights', () => {
  it('counts the last 7 days exactly', async () => {
    const i = await get(7);
    expect(i.period).toEqual({ days: 7, from: '2026-07-04T00:00:00.000Z', to: '2026-07-10T12:00:00.000Z' });
    expect(i.signups.days).toEqual([
      { day: '2026-07-04', signups: 0, verified: 0 },
      { day: '2026-07-05', signups: 3, verified: 2 },
      { day: '2026-07-06', signups: 0, verified: 0 },
      { day: '2026-07-07', signups: 0, verified: 0 },
      { day: '2026-07-08', signups: 1, verified: 1 },
      { day: '2026-07-09', signups: 0, verified: 0 },
      { day: '2026-07-10', signups: 0, verified: 0 },
    ]);
    expect([i.signups.total, i.signups.verified, i.signups.verifiedRate]).toEqual([4, 3, 0.75]);
    expect(i.contributions).toEqual([
      { day: '2026-07-04', submitted: 5, rewarded: 0, rejected: 0 },
      { day: '2026-07-05', submitted: 5, rewarded: 0, rejected: 0 },
      { day: '2026-07-06', submitted: 7, rewarded: 1, rejected: 0 },
      { day: '2026-07-07', submitted: 6, rewarded: 1, rejected: 1 },
      { day: '2026-07-08', submitted: 5, rewarded: 0, rejected: 0 },
      { day: '2026-07-09', submitted: 5, rewarded: 0, rejected: 0 },
      { day: '2026-07-10', submitted: 1, rewarded: 0, rejected: 0 },
    ]);
    // Review times 2 h, 6 h, 28 h: median 6, p90 6 + 0.8 × 22 = 23.6; two within the 24-hour promise.
    expect(i.review).toEqual({
      promiseHours: 24,
      reviewed: 3,
      withinPromise: 2,
      medianHours: 6,
      p90Hours: 23.6,
    });
    // Positive awards only, by ISO week (Monday).
    expect(i.xpPerWeek).toEqual([
      { week: '2026-06-29', xp: 100 },
      { week: '2026-07-06', xp: 35 },
    ]);
    expect(i.referrals).toEqual({
      referred: 3,
      verified: 2,
      rewarded: 1,
      conversion: 0.667,
      top: [{ id: ids.ref1, name: 'Referrer One', referred: 3, verified: 2 }],
    });
    expect(i.bounties).toEqual({ requested: 3, approved: 1, rejected: 1, published: 1, applicants: 2 });
    expect(i.grants).toEqual({ submitted: 3, approved: 1, declined: 1, pending: 1 });
    // Pending now, whatever the period: D's two and Steady E's 29 (all older than 24 h, the oldest 07-04 01:00).
    expect(i.queue).toEqual({ pending: 31, overdue: 30, oldestHours: 155 });
  });

  it('flags shared links, referred sign-ups from one address, and accounts steady at the daily limit', async () => {
    const { abuse } = await get(7);
    expect(abuse.sharedLinks).toHaveLength(1);
    expect(abuse.sharedLinks[0].link).toBe('x.com/status/12345');
    expect(abuse.sharedLinks[0].accounts).toBe(2);
    expect(abuse.sharedLinks[0].users.map((u: { id: string }) => u.id).sort()).toEqual(
      [ids.u1, ids.u4].sort(),
    );
    expect(abuse.ipClusters).toHaveLength(1);
    expect(abuse.ipClusters[0]).toMatchObject({
      ip: '203.0.113.7',
      accounts: 3,
      referrers: [{ id: ids.ref1, name: 'Referrer One' }],
      first: '2026-07-05T10:00:00.000Z',
      last: '2026-07-05T10:40:00.000Z',
    });
    expect(abuse.ipClusters[0].users.map((u: { name: string }) => u.name)).toEqual([
      'Invitee A',
      'Invitee B',
      'Invitee C',
    ]);
    expect(abuse.steadyAtLimit).toEqual([{ id: ids.u5, name: 'Steady E', days: 5 }]);
  });

  it('widens with the period, and answers only the admin', async () => {
    const i = await get(30);
    expect(i.signups.days).toHaveLength(30);
    expect([i.signups.total, i.signups.verified]).toEqual([5, 4]); // Older F joins
    expect(i.bounties.requested).toBe(3);
    expect((await get()).period.days).toBe(30);
    expect((await admin.get('/api/admin/insights?days=8')).status).toBe(400);
    const member = await signUp(t);
    expect((await member.client.get('/api/admin/insights')).status).toBe(403);
  });
});
