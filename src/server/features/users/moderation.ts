/**
 * Disabling and enabling an account (issue 18), each with the admin's required reason
 * and an audit entry in the same transaction. Disabling ends every session on every
 * process after the commit (revokeSessions, ADR 0014), takes the user's pending
 * items out of the review queues and their name off the public lists (owner-enabled.ts)
 * and their score out of the leaderboard's histogram (ledger.ts setScoreListed); the session hook
 * (auth.ts) refuses any new session. Enabling queues a mail to the user in the
 * transaction (the mail queue, delivered after the commit).
 */
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { user } from '@/db/schema';
import { revokeSessions } from '@/server/auth/session-cache';
import type { AppDeps } from '@/server/context';
import { recordAudit } from '@/server/features/audit/audit';
import { isAdminUser } from '@/server/lib/access';
import { ApiError, notFound } from '@/server/lib/errors';
import { lockUser, lockUserRow } from '@/server/lib/user-lock';
import { renderMail } from '@/server/mail/templates';
import { MSG } from '@/shared/messages';
import { LEADERBOARD_CHANGED_TOPIC } from '../leaderboard/leaderboard.service';
import { awardPoints, setScoreListed } from '../xp/ledger';

type Deps = Pick<AppDeps, 'handle' | 'mailer' | 'env' | 'now' | 'sessions' | 'bus' | 'log' | 'leaderboard'>;

/** Whether the account is disabled now; inside a transaction that locked the user row, exact. */
export async function isDisabled(tx: DbExecutor, userId: string): Promise<boolean> {
  const [u] = await tx.select({ at: user.disabledAt }).from(user).where(eq(user.id, userId));
  return !!u?.at;
}

/**
 * A submit's check, under the user row lock its transaction already holds: a disable that
 * committed first refuses it with nothing stored; one that commits after finds the item
 * stored, and the queues leave it out (owner-enabled.ts). Never a visible item of a
 * disabled user.
 */
export async function refuseIfDisabled(tx: DbExecutor, userId: string): Promise<void> {
  if (await isDisabled(tx, userId)) throw new ApiError(403, 'USER_DISABLED', MSG.login.disabled);
}

export async function setDisabled(
  deps: Deps,
  targetId: string,
  disable: boolean,
  reason: string,
  actorId: string,
): Promise<void> {
  const M = MSG.moderation;
  const at = deps.now();
  await deps.handle.db.transaction(async (tx) => {
    const u = await lockUserRow(tx, targetId);
    if (!u) throw notFound();
    if (disable && isAdminUser(u, deps.env.ADMIN_EMAIL))
      throw new ApiError(409, 'ADMIN_PROTECTED', M.cannotDisableAdmin);
    if (disable === !!u.disabledAt)
      throw new ApiError(
        409,
        disable ? 'ALREADY_DISABLED' : 'NOT_DISABLED',
        disable ? M.alreadyDisabled : M.notDisabled,
      );
    await tx
      .update(user)
      .set(disable ? { disabledAt: at, disabledReason: reason } : { disabledAt: null, disabledReason: null })
      .where(eq(user.id, targetId));
    // Off the leaderboard and out of every rank count while disabled (ADR 0006 histogram).
    await setScoreListed(tx, targetId, u.pointBalance, !disable);
    await recordAudit(tx, {
      actorId,
      action: disable ? 'user.disable' : 'user.enable',
      targetType: 'user',
      targetId,
      before: { disabled: !!u.disabledAt, reason: u.disabledReason },
      after: { disabled: disable, reason: disable ? reason : null },
      reason,
    });
    if (!disable) {
      await deps.mailer.enqueue(
        u.email,
        renderMail({
          subject: 'Your Sysfi Labs account is enabled again',
          name: u.name,
          paragraphs: [
            'Your Sysfi Labs account has been enabled again. You can sign in as before.',
            `Message from the team: ${reason}`,
          ],
          action: { label: 'Sign in', url: `${deps.env.APP_URL}/login` },
        }),
        tx,
      );
    }
  });
  deps.leaderboard.invalidate();
  // The other processes' top 50 too (the bus; a lost notice leaves them at most TOP_CACHE_MS stale).
  await deps.bus.publish({ topic: LEADERBOARD_CHANGED_TOPIC, data: {} }).catch(() => {});
  if (disable) await revokeSessions(deps, targetId);
  else void deps.mailer.deliverDue();
}

/** A role change with the admin's reason, audited; the admin account is never demoted. */
export async function setRole(
  deps: Pick<AppDeps, 'handle' | 'env'>,
  targetId: string,
  role: string,
  reason: string,
  actorId: string,
): Promise<void> {
  const M = MSG.moderation;
  await deps.handle.db.transaction(async (tx) => {
    const u = await lockUserRow(tx, targetId);
    if (!u) throw notFound();
    if (isAdminUser(u, deps.env.ADMIN_EMAIL)) throw new ApiError(409, 'ADMIN_PROTECTED', M.cannotDemoteAdmin);
    if (u.role === role) throw new ApiError(409, 'SAME_ROLE', M.sameRole);
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, targetId));
    await recordAudit(tx, {
      actorId,
      action: 'user.role',
      targetType: 'user',
      targetId,
      before: { role: u.role },
      after: { role },
      reason,
    });
  });
}

/**
 * An XP correction by the admin: one new ledger row through awardPoints (balance,
 * histogram and bands move with it), never an edited balance; audited in the same
 * transaction. The request's key makes a retried or doubled click a no-op.
 */
export async function correctXp(
  deps: Pick<AppDeps, 'handle'>,
  targetId: string,
  c: { delta: number; reason: string; key: string },
  actorId: string,
): Promise<{ applied: boolean; balance: number }> {
  return deps.handle.db.transaction(async (tx) => {
    const u = await lockUser(tx, targetId, { points: user.pointBalance });
    if (!u) throw notFound();
    if (u.points + c.delta < 0) throw new ApiError(409, 'BELOW_ZERO', MSG.moderation.belowZero);
    const applied = await awardPoints(tx, {
      userId: targetId,
      delta: c.delta,
      reason: `correction: ${c.reason}`,
      key: `correction:${c.key}`,
    });
    if (!applied) return { applied, balance: u.points };
    await recordAudit(tx, {
      actorId,
      action: c.delta > 0 ? 'xp.grant' : 'xp.deduct',
      targetType: 'user',
      targetId,
      before: { points: u.points },
      after: { points: u.points + c.delta },
      reason: c.reason,
    });
    return { applied, balance: u.points + c.delta };
  });
}
