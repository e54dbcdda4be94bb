import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { owner } from './auth';
import { id, timestamps, ts } from './common';

/**
 * Spec §3 Contribution. One row for its whole life: pending in the review queue,
 * then approved or rejected in the user's history (the spec's copy to
 * users/{uid}/contributions and delete become a status change).
 */
export const contributions = pgTable(
  'contributions',
  {
    id: id(),
    userId: owner('user_id'),
    title: text('title').notNull(),
    type: text('type').notNull().default('tweet'),
    contributor: text('contributor').notNull(),
    link: text('link'),
    /** The link normalised (host case, tracking parameters, twitter.com = x.com) for the duplicate rule. */
    linkKey: text('link_key'),
    fileUrl: text('file_url'),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    rewardPoints: integer('reward_points'),
    ...timestamps(),
    reviewedAt: ts('reviewed_at'),
    /**
     * A reviewer sent it back for changes (status 'changes_requested', issue 18): their
     * note, which the contributor sees. Kept after the resubmission for the record.
     */
    changesNote: text('changes_note'),
    /** When the contributor resubmitted it after a change request: only once. */
    resubmittedAt: ts('resubmitted_at'),
  },
  (t) => [
    uniqueIndex('contributions_link_key').on(t.linkKey),
    index('contributions_user_idx').on(t.userId, t.createdAt, t.id),
    index('contributions_status_idx').on(t.status, t.createdAt),
    // The review queue in its order, the pending ones alone (a small part of a large table):
    // its pages, its counts by type and each item's place in it read this index only
    // (user_id and type ride along: INCLUDE, which drizzle cannot declare, migration 0028).
    index('contributions_pending_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'pending'`),
    // The last 50 decisions, newest first: the hub's "typical review time" (typicalReviewHours).
    // Without it each hub read sorted every decided contribution (80 ms at 400,000).
    index('contributions_decided_idx')
      .on(t.reviewedAt.desc().nullsFirst())
      .where(sql`${t.status} in ('approved', 'rejected')`),
  ],
);
