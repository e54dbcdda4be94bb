/**
 * Reviewer roles (issue 18): the admin makes a trusted user a reviewer with a limit (the
 * most XP they may award one contribution), changes the limit, or revokes it, each with a
 * required reason and an audit entry in the same transaction. The user is told in their
 * inbox. What a reviewer may then decide is review/decide.ts step 2 with the contribution
 * flow's reviewerRule; the permission is read from the user row on every request and again
 * inside each decision, so a revoke takes effect at once, on every process.
 */
import { eq } from 'drizzle-orm';
import { user } from '@/db/schema';
import type { AppDeps } from '@/server/context';
import { recordAudit } from '@/server/features/audit/audit';
import { isAdminUser } from '@/server/lib/access';
import { ApiError, notFound } from '@/server/lib/errors';
import { lockUserRow } from '@/server/lib/user-lock';
import { MSG } from '@/shared/messages';
import { addNotification, announce } from '../notifications/inbox';

const M = MSG.reviewers;

/** Sets (maxPoints) or revokes (null) the reviewer permission of a user. */
export async function setReviewer(
  deps: Pick<AppDeps, 'handle' | 'env' | 'now' | 'bus'>,
  targetId: string,
  maxPoints: number | null,
  reason: string,
  actorId: string,
): Promise<void> {
  const at = deps.now();
  const told = await deps.handle.db.transaction(async (tx) => {
    const u = await lockUserRow(tx, targetId);
    if (!u) throw notFound();
    const before = u.reviewerMaxPoints;
    if (maxPoints === null) {
      if (before === null) throw new ApiError(409, 'NOT_REVIEWER', M.alreadyNotReviewer);
    } else {
      if (isAdminUser(u, deps.env.ADMIN_EMAIL) || !u.emailVerified || u.disabledAt)
        throw new ApiError(409, 'CANNOT_REVIEW', M.cannotBeReviewer);
      if (before === maxPoints) throw new ApiError(409, 'SAME_LIMIT', M.sameLimit);
    }
    await tx.update(user).set({ reviewerMaxPoints: maxPoints, updatedAt: at }).where(eq(user.id, targetId));
    await recordAudit(tx, {
      actorId,
      action:
        maxPoints === null
          ? 'user.reviewer.revoke'
          : before === null
            ? 'user.reviewer.grant'
            : 'user.reviewer.limit',
      targetType: 'user',
      targetId,
      before: { reviewer: before !== null, maxPoints: before },
      after: { reviewer: maxPoints !== null, maxPoints },
      reason,
    });
    // A new reviewer or a revoked one hears of it (a changed limit shows on their screen).
    if (maxPoints !== null && before !== null) return false;
    return addNotification(tx, {
      userId: targetId,
      category: 'contributions',
      title: maxPoints === null ? M.revokedNotice : M.grantedNotice,
      body: maxPoints === null ? reason : M.grantedNoticeBody(maxPoints),
      link: maxPoints === null ? '/contribution-hub' : '/admin/contribution-hub',
      key: `reviewer:${targetId}:${at.getTime()}`,
    });
  });
  if (told) await announce(deps.bus, targetId);
}
