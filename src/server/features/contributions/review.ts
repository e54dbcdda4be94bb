/**
 * Reviewing one contribution (spec §4): reward adds points through the ledger and
 * approvedContribution +1; reject stores the reason and rejectedContribution +1.
 * One transaction that locks the contribution first, so a second reviewer (another
 * tab, a double click, another server) finds it decided and gets a clear 409.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { adminDecisions, contributions, user } from '../../../db/schema';
import { MSG } from '../../../shared/messages';
import type { AppDeps } from '../../context';
import { ApiError } from '../../lib/errors';
import { decisionMail } from '../../mail/templates';
import { awardPoints } from '../xp/ledger';

export type ReviewDecision = { action: 'reward'; points: number } | { action: 'reject'; reason: string };

export async function reviewContribution(
  deps: Pick<AppDeps, 'mailer' | 'env' | 'now'> & { db: Database },
  id: string,
  decision: ReviewDecision,
  adminId: string,
) {
  return deps.db.transaction(async (tx) => {
    const [c] = await tx.select().from(contributions).where(eq(contributions.id, id)).for('update');
    if (!c) throw new ApiError(404, 'NOT_FOUND', MSG.common.notFound);
    if (c.status !== 'pending') throw new ApiError(409, 'ALREADY_REVIEWED', MSG.contribution.alreadyReviewed);
    const now = deps.now();
    const approved = decision.action === 'reward';
    const [row] = await tx
      .update(contributions)
      .set({
        status: approved ? 'approved' : 'rejected',
        rewardPoints: approved ? decision.points : null,
        reason: approved ? null : decision.reason,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(eq(contributions.id, id))
      .returning();
    if (approved) {
      await awardPoints(tx, {
        userId: c.userId,
        delta: decision.points,
        reason: 'contribution',
        sourceId: id,
        key: `contribution:${id}`,
      });
    }
    await tx
      .update(user)
      .set(
        approved
          ? { approvedContribution: sql`${user.approvedContribution} + 1` }
          : { rejectedContribution: sql`${user.rejectedContribution} + 1` },
      )
      .where(eq(user.id, c.userId));
    await tx.insert(adminDecisions).values({
      adminId,
      subjectType: 'contribution',
      subjectId: id,
      action: approved ? `reward:${decision.points}` : 'reject',
      reason: approved ? null : decision.reason,
    });
    const [owner] = await tx
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, c.userId));
    if (owner) {
      await deps.mailer.enqueue(
        owner.email,
        decisionMail({
          name: owner.name,
          what: `contribution "${c.title}"`,
          approved,
          reason: approved ? null : decision.reason,
          extra: approved ? `You earned ${decision.points} XP.` : undefined,
          url: `${deps.env.APP_URL}/contribution-hub`,
          label: 'Open the Contribution Hub',
        }),
        tx,
      );
    }
    return row!;
  });
}
