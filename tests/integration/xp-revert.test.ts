/**
 * Reverting a reward (issue 18): one new ledger row of the opposite sign, audited, once
 * per reward even when two reverts race; the leaderboard, histogram and counters stay
 * exact (check-integrity).
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, pointEvents } from '@/db/schema';
import { checkIntegrity } from '@/server/integrity';
import { MSG } from '@/shared/messages';
import { givePoints } from '../support/fixtures';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: Client;
let adminId: string;
let seq = 0;

beforeAll(async () => {
  t = await startTestServer();
  const a = await signUp(t, { email: ADMIN_EMAIL });
  admin = a.client;
  adminId = a.uid;
});
afterAll(async () => {
  await t?.close();
});

type LedgerRow = { id: string; delta: number; revertible: boolean; reverted: boolean };
const ledger = async (uid: string) => (await admin.get(`/api/admin/users/${uid}`)).body.ledger as LedgerRow[];

/** A member with one contribution rewarded `points` XP by the admin; the reward's ledger row. */
async function rewarded(points: number) {
  const u = await signUp(t);
  const sub = await u.client.post('/api/contributions', {
    title: 'Thread',
    type: 'tweet',
    link: `https://x.com/sysfi_fan/status/5${++seq}`,
  });
  expect(sub.status).toBe(201);
  const id = sub.body.contribution.id as string;
  expect((await admin.post(`/api/admin/contributions/${id}/reward`, { points })).status).toBe(200);
  const reward = (await ledger(u.uid)).find((e) => e.revertible)!;
  expect(reward).toMatchObject({ delta: points, reverted: false });
  return { u, reward };
}

describe('revert a reward', () => {
  it('adds one opposite row, audited; the leaderboard and ranks follow; a second revert is refused', async () => {
    const { u, reward } = await rewarded(150);
    const other = await signUp(t);
    await givePoints(t.db, other.uid, 100);
    t.deps.leaderboard.invalidate();
    expect((await other.client.get('/api/leaderboard/me')).body.rank).toBe(2);

    const noReason = await admin.post(`/api/admin/users/${u.uid}/xp/revert`, {
      eventId: reward.id,
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    const res = await admin.post(`/api/admin/users/${u.uid}/xp/revert`, {
      eventId: reward.id,
      reason: 'Link was not theirs',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ balance: 0 });
    const rows = await ledger(u.uid);
    expect(rows.map((e) => [e.delta, e.revertible, e.reverted])).toEqual([
      [-150, false, false],
      [150, true, true],
    ]);
    expect((await other.client.get('/api/leaderboard/me')).body.rank).toBe(1);
    t.deps.leaderboard.invalidate();
    const board = (await t.client().get('/api/leaderboard')).body.entries as Array<{ uid: string }>;
    expect(board.map((e) => e.uid)).not.toContain(u.uid);

    const again = await admin.post(`/api/admin/users/${u.uid}/xp/revert`, {
      eventId: reward.id,
      reason: 'again',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.moderation.alreadyReverted);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'xp.revert'), eq(auditLog.targetId, u.uid)));
    expect(entry).toMatchObject({
      actorId: adminId,
      reason: 'Link was not theirs',
      before: { points: 150 },
      after: { points: 0 },
    });
    expect(await checkIntegrity(t.db)).toEqual([]);
  });

  it('two reverts at once write one row', async () => {
    const { u, reward } = await rewarded(80);
    await givePoints(t.db, u.uid, 500); // enough for both, so only the key can stop the second
    const answers = await Promise.all(
      [1, 2, 3].map((i) =>
        admin.post(`/api/admin/users/${u.uid}/xp/revert`, { eventId: reward.id, reason: `tab ${i}` }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const reverts = await t.db
      .select()
      .from(pointEvents)
      .where(and(eq(pointEvents.userId, u.uid), like(pointEvents.idempotencyKey, 'revert:%')));
    expect(reverts).toHaveLength(1);
    expect((await admin.get(`/api/admin/users/${u.uid}`)).body.user.points).toBe(500);
    expect(await checkIntegrity(t.db)).toEqual([]);
  });

  it('refuses what is not a reward, another user’s row, and a revert below 0', async () => {
    const { u, reward } = await rewarded(60);
    const grant = await admin.post(`/api/admin/users/${u.uid}/xp`, {
      delta: 10,
      reason: 'Bonus',
      key: crypto.randomUUID(),
    });
    expect(grant.status).toBe(200);
    const bonus = (await ledger(u.uid)).find((e) => e.delta === 10)!;
    expect(bonus.revertible).toBe(false);
    const notReward = await admin.post(`/api/admin/users/${u.uid}/xp/revert`, {
      eventId: bonus.id,
      reason: 'x',
    });
    expect(notReward.status).toBe(409);
    expect(notReward.body.error.message).toBe(MSG.moderation.notRevertible);
    const stranger = await signUp(t);
    expect(
      (await admin.post(`/api/admin/users/${stranger.uid}/xp/revert`, { eventId: reward.id, reason: 'x' }))
        .status,
    ).toBe(404);
    const deduct = await admin.post(`/api/admin/users/${u.uid}/xp`, {
      delta: -30,
      reason: 'Spent',
      key: crypto.randomUUID(),
    });
    expect(deduct.body.balance).toBe(40);
    const below = await admin.post(`/api/admin/users/${u.uid}/xp/revert`, {
      eventId: reward.id,
      reason: 'x',
    });
    expect(below.status).toBe(409);
    expect(below.body.error.message).toBe(MSG.moderation.belowZero);
    expect(
      (await u.client.post(`/api/admin/users/${u.uid}/xp/revert`, { eventId: reward.id, reason: 'x' }))
        .status,
    ).toBe(403);
    expect(await checkIntegrity(t.db)).toEqual([]);
  });
});
