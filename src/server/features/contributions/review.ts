/**
 * Reviewing one contribution (spec §4): reward adds points through the ledger and
 * approvedContribution +1; reject stores the reason and rejectedContribution +1.
 * The decision transaction itself (lock, 409 for a second reviewer, record, mail)
 * is review/decide.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { contributions, user } from '@/db/schema';
import { type DecisionFlow, onlyWhilePending } from '@/server/features/review/decide';
import { MSG } from '@/shared/messages';
import { awardPoints } from '../xp/ledger';

export type ReviewDecision = { action: 'reward'; points: number } | { action: 'reject'; reason: string };

type Row = typeof contributions.$inferSelect;

export const contributionDecision: DecisionFlow<Row, ReviewDecision, Row> = {
  subject: 'contribution',
  lock: async (tx, id) =>
    (await tx.select().from(contributions).where(eq(contributions.id, id)).for('update'))[0],
  ownerOf: (c) => c.userId,
  check: onlyWhilePending('ALREADY_REVIEWED', MSG.contribution.alreadyReviewed),
  async apply(tx, c, decision, at) {
    const approved = decision.action === 'reward';
    const [row] = await tx
      .update(contributions)
      .set({
        status: approved ? 'approved' : 'rejected',
        rewardPoints: approved ? decision.points : null,
        reason: approved ? null : decision.reason,
        reviewedAt: at,
        updatedAt: at,
      })
      .where(eq(contributions.id, c.id))
      .returning();
    if (approved) {
      await awardPoints(tx, {
        userId: c.userId,
        delta: decision.points,
        reason: 'contribution',
        sourceId: c.id,
        key: `contribution:${c.id}`,
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
    return {
      result: row!,
      record: approved
        ? { action: `reward:${decision.points}`, note: null }
        : { action: 'reject', note: decision.reason },
      notice: {
        what: `contribution "${c.title}"`,
        approved,
        note: approved ? null : decision.reason,
        extra: approved ? `You earned ${decision.points} XP.` : undefined,
        path: '/contribution-hub',
        label: 'Open the Contribution Hub',
      },
    };
  },
};
