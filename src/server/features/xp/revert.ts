/**
 * Reverting a reward (issue 18): the admin takes back the XP a contribution's reward
 * paid, as one new ledger row of the opposite sign (never an edited balance or a deleted
 * row), audited in the same transaction. The row's idempotency key is the reward's own
 * key prefixed with `revert:`, so a reward is reverted at most once, whatever races
 * (a double click, two tabs, two servers: the unique key lets one row in).
 */
import { and, eq } from 'drizzle-orm';
import { pointEvents, user } from '@/db/schema';
import type { AppDeps } from '@/server/context';
import { recordAudit } from '@/server/features/audit/audit';
import { ApiError, notFound } from '@/server/lib/errors';
import { lockUser } from '@/server/lib/user-lock';
import { MSG } from '@/shared/messages';
import { awardPoints } from './ledger';

/** The ledger keys a reward is written under (contributions/review.ts), and so may be reverted. */
const REVERTIBLE = /^contribution:/;
export const revertKey = (rewardKey: string) => `revert:${rewardKey}`;
export const isRevertible = (e: { delta: number; idempotencyKey: string }) =>
  e.delta > 0 && REVERTIBLE.test(e.idempotencyKey);

export async function revertReward(
  deps: Pick<AppDeps, 'handle'>,
  userId: string,
  r: { eventId: string; reason: string },
  actorId: string,
): Promise<{ balance: number }> {
  const M = MSG.moderation;
  return deps.handle.db.transaction(async (tx) => {
    const u = await lockUser(tx, userId, { points: user.pointBalance });
    if (!u) throw notFound();
    const [e] = await tx
      .select()
      .from(pointEvents)
      .where(and(eq(pointEvents.id, Number(r.eventId)), eq(pointEvents.userId, userId)));
    if (!e) throw notFound();
    if (!isRevertible(e)) throw new ApiError(409, 'NOT_A_REWARD', M.notRevertible);
    // Under the user row lock, so exact; the unique key below holds even without it.
    const [done] = await tx
      .select({ id: pointEvents.id })
      .from(pointEvents)
      .where(eq(pointEvents.idempotencyKey, revertKey(e.idempotencyKey)));
    if (done) throw new ApiError(409, 'ALREADY_REVERTED', M.alreadyReverted);
    if (u.points - e.delta < 0) throw new ApiError(409, 'BELOW_ZERO', M.belowZero);
    const applied = await awardPoints(tx, {
      userId,
      delta: -e.delta,
      reason: `reward reverted: ${r.reason}`,
      ...(e.sourceId ? { sourceId: e.sourceId } : {}),
      key: revertKey(e.idempotencyKey),
    });
    if (!applied) throw new ApiError(409, 'ALREADY_REVERTED', M.alreadyReverted);
    await recordAudit(tx, {
      actorId,
      action: 'xp.revert',
      targetType: 'user',
      targetId: userId,
      before: { points: u.points, reward: { event: r.eventId, delta: e.delta, source: e.sourceId } },
      after: { points: u.points - e.delta },
      reason: r.reason,
    });
    return { balance: u.points - e.delta };
  });
}
