import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ts } from './common';

/**
 * The XP ledger (principle 2, docs/architecture.md): append-only, one row per change of points,
 * written in the same transaction that changes user.point_balance. The unique
 * idempotency key makes a retried or doubled award a no-op.
 */
export const pointEvents = pgTable(
  'point_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    /** Balance after this event, in commit (id) order: the ledger history reads it. The dashboard's
     *  chart sums deltas in time order instead, as rows written late may carry an earlier time. */
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    sourceId: text('source_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('point_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * How many users hold each positive score. Kept in the award transaction, so a
 * user's rank (1 + users with more points) is a sum over distinct scores, not a
 * count over all users: its cost does not grow with the user count.
 */
export const scoreBuckets = pgTable('score_buckets', {
  points: integer('points').primaryKey(),
  users: integer('users').notNull(),
});

/**
 * The same histogram in bands of SCORE_BAND_WIDTH points. A rank sums the bands
 * above the user's band plus the exact scores inside it, so it reads at most
 * (max score / width) + width rows whatever the number of users or scores.
 */
export const SCORE_BAND_WIDTH = 256;
export const scoreBands = pgTable('score_bands', {
  band: integer('band').primaryKey(),
  users: integer('users').notNull(),
});
