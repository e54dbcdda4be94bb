import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { owner } from './auth';
import { createdAt, serialId, ts } from './common';

/**
 * The XP ledger (principle 2, docs/architecture.md): append-only, one row per change of points,
 * written in the same transaction that changes user.point_balance. The unique
 * idempotency key makes a retried or doubled award a no-op.
 */
export const pointEvents = pgTable(
  'point_events',
  {
    id: serialId(),
    userId: owner('user_id'),
    delta: integer('delta').notNull(),
    /** Balance after this event, in commit (id) order: the ledger history reads it. The dashboard's
     *  chart sums deltas in time order instead, as rows written late may carry an earlier time. */
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    sourceId: text('source_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
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

/**
 * Seasons (issue 19): named, non-overlapping stretches of time the admin defines. A season's
 * board is its ledger rows summed (window_scores under `season:<id>`); once it has ended no
 * award falls in it any more, so its results stay as they were: frozen.
 */
export const seasons = pgTable(
  'seasons',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    createdAt: createdAt(),
    /** When its members were told their final rank (seasons/results.ts): the claim, once. */
    resultsSentAt: ts('results_sent_at'),
  },
  (t) => [index('seasons_starts_idx').on(t.startsAt)],
);

/**
 * XP per user per time window (issue 19, ADR 0019): `week:YYYY-MM-DD` (the UTC Monday),
 * `month:YYYY-MM` (UTC) and `season:<id>`. Written by awardPoints in the transaction that
 * writes the ledger row, for the windows that row's time falls in, so a window's board is
 * the ledger summed and never drifts (check-integrity compares them); the index serves a
 * window's top 50 and a user's rank in it.
 */
export const windowScores = pgTable(
  'window_scores',
  {
    windowKey: text('window_key').notNull(),
    userId: owner('user_id'),
    points: integer('points').notNull(),
    /** When the user reached their points in this window: earlier ranks higher on ties. */
    reachedAt: ts('reached_at').notNull(),
    /**
     * False while the user is disabled (issue 18): off every window's board and bands, as
     * the all-time histogram leaves them (ledger.ts setScoreListed). check-integrity holds it
     * to user.disabled_at.
     */
    listed: boolean('listed').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.windowKey, t.userId] }),
    index('window_scores_rank_idx')
      .on(t.windowKey, t.points.desc().nullsFirst(), t.reachedAt, t.userId)
      .where(sql`${t.listed}`),
  ],
);

/** Width of a window_bands band, in points. */
export const WINDOW_BAND_WIDTH = 100;

/**
 * How many users of a window hold a score in each band of WINDOW_BAND_WIDTH points (at
 * least 1 point), kept with window_scores in the award's transaction: a rank in a window
 * sums the bands above and counts only inside its own band (ADR 0019), as the all-time
 * board does with score_bands (ADR 0006).
 */
export const windowBands = pgTable(
  'window_bands',
  {
    windowKey: text('window_key').notNull(),
    band: integer('band').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.windowKey, t.band] })],
);

/**
 * How many listed users of a window hold each exact score (at least 1 point), kept with
 * window_bands in the award's transaction: a rank counts inside its own band from these
 * (at most WINDOW_BAND_WIDTH − 1 rows) instead of from the scores, as the all-time board does
 * with score_buckets (ADR 0006), so a band holding most of a window costs nothing more.
 */
export const windowBuckets = pgTable(
  'window_buckets',
  {
    windowKey: text('window_key').notNull(),
    points: integer('points').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ columns: [t.windowKey, t.points] })],
);
