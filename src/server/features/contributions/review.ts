/**
 * Reviewing one contribution (spec §4): reward adds points through the ledger and
 * approvedContribution +1; reject stores the reason and rejectedContribution +1;
 * request changes (issue 18) sends it back to its owner with a note, once: it leaves
 * the queue until they resubmit it (contributions.handlers.ts resubmit).
 * The decision transaction itself (lock, 409 for a second reviewer, record, mail)
 * is review/decide.ts; what a reviewer may decide is reviewerRule below.
 */
import { eq, sql } from 'drizzle-orm';
import { contributions, user } from '@/db/schema';
import { type DecisionFlow, onlyWhilePending } from '@/server/features/review/decide';
import { ApiError } from '@/server/lib/errors';
import { MSG } from '@/shared/messages';
import { awardPoints } from '../xp/ledger';

export type ReviewDecision =
  | { action: 'reward'; points: number }
  | { action: 'reject'; reason: string }
  | { action: 'changes'; note: string };

type Row = typeof contributions.$inferSelect;

const pendingOnly = onlyWhilePending('ALREADY_REVIEWED', MSG.contribution.alreadyReviewed);

export const contributionDecision: DecisionFlow<Row, ReviewDecision, Row> = {
  subject: 'contribution',
  lock: async (tx, id) =>
    (await tx.select().from(contributions).where(eq(contributions.id, id)).for('update'))[0],
  ownerOf: (c) => c.userId,
  check(c, decision) {
    pendingOnly(c);
    // One round of changes: a resubmitted contribution is rewarded or rejected.
    if (decision.action === 'changes' && c.resubmittedAt)
      throw new ApiError(409, 'CHANGES_ONCE', MSG.reviewers.changesOnlyOnce);
  },
  /** A reviewer never decides on their own work or their invitees', nor above their XP limit. */
  async reviewerRule(tx, c, decision, reviewer) {
    if (c.userId === reviewer.userId) throw new ApiError(403, 'OWN_ITEM', MSG.reviewers.ownItem);
    const [owner] = await tx.select({ referredBy: user.referredBy }).from(user).where(eq(user.id, c.userId));
    if (owner?.referredBy === reviewer.userId)
      throw new ApiError(403, 'REFERRED_ITEM', MSG.reviewers.referredItem);
    if (decision.action === 'reward' && decision.points > reviewer.maxPoints)
      throw new ApiError(403, 'OVER_LIMIT', MSG.reviewers.overLimit(reviewer.maxPoints));
  },
  async apply(tx, c, decision, at) {
    if (decision.action === 'changes') {
      const [row] = await tx
        .update(contributions)
        .set({ status: 'changes_requested', changesNote: decision.note, updatedAt: at })
        .where(eq(contributions.id, c.id))
        .returning();
      return {
        result: row!,
        record: { action: 'changes', note: decision.note },
        notice: {
          what: `contribution "${c.title}"`,
          approved: false,
          outcome: 'sent back for changes',
          note: decision.note,
          extra:
            'Edit it and resubmit it once from the Contribution Hub; it does not count toward your 5 a day.',
          path: '/contribution-hub',
          label: 'Open the Contribution Hub',
        },
      };
    }
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
    if (decision.action === 'reward') {
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
      record:
        decision.action === 'reward'
          ? { action: `reward:${decision.points}`, note: null, shown: `${decision.points} XP` }
          : { action: 'reject', note: decision.reason },
      notice: {
        what: `contribution "${c.title}"`,
        approved,
        note: decision.action === 'reject' ? decision.reason : null,
        extra: decision.action === 'reward' ? `You earned ${decision.points} XP.` : undefined,
        path: '/contribution-hub',
        label: 'Open the Contribution Hub',
      },
    };
  },
};
