/**
 * Spec §7 leaderboard: the top 50 users with at least 1 point, and a user's own
 * rank = 1 + the number of users with more points. Ties are listed by who reached
 * the score first (user.score_reached_at), then by id, so the order never wobbles.
 * A disabled user is on neither: not in the top 50, and out of the histogram (issue 18).
 */
import { and, asc, desc, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { SCORE_BAND_WIDTH, scoreBands, scoreBuckets, user } from '@/db/schema';
import { profileShown } from '@/server/features/profile/shown';
import { LIMITS } from '@/shared/limits';
import { assignRanks, type Leaderboard } from '@/shared/schemas/leaderboard';
import { type Bus, INTERNAL_TOPIC_PREFIX } from '../../realtime/bus';

/**
 * Who is listed changed (a disable or an enable, issue 18): every process drops its
 * cached top 50 at once, instead of showing a disabled user for up to TOP_CACHE_MS.
 */
export const LEADERBOARD_CHANGED_TOPIC = `${INTERNAL_TOPIC_PREFIX}leaderboard-changed`;

/** Makes this process's top 50 follow listing changes made by any process (boot calls it once). */
export function obeyLeaderboardChanges(bus: Bus, board: { invalidate(): void }): () => void {
  return bus.subscribe((e) => {
    if (e.topic === LEADERBOARD_CHANGED_TOPIC) board.invalidate();
  });
}

/** How long one process reuses a computed top 50. The page promises 4-hourly updates; we are far fresher. */
export const TOP_CACHE_MS = 15_000;

/**
 * Own rank from the score histogram: 1 + users in higher bands + users with a
 * higher exact score inside the user's band. Never a scan of users. Null below
 * the leaderboard's minimum (no rank shown).
 */
function rankSql(points: number) {
  if (points < LIMITS.leaderboardMinPoints) return null;
  const band = Math.floor(points / SCORE_BAND_WIDTH);
  const bandEnd = (band + 1) * SCORE_BAND_WIDTH;
  return sql<number>`(1
    + coalesce((select sum(${scoreBands.users}) from ${scoreBands} where ${scoreBands.band} > ${band}), 0)
    + coalesce((select sum(${scoreBuckets.users}) from ${scoreBuckets}
                where ${scoreBuckets.points} > ${points} and ${scoreBuckets.points} < ${bandEnd}), 0))::int`;
}

export function createLeaderboard(db: Database, now: () => Date) {
  let cached: { at: number; value: Leaderboard } | null = null;
  let inflight: Promise<Leaderboard> | null = null;

  async function compute(): Promise<Leaderboard> {
    const rows = await db
      .select({
        uid: user.id,
        displayName: user.name,
        photoURL: user.image,
        pointBalance: user.pointBalance,
        profile: profileShown(),
      })
      .from(user)
      .where(and(gt(user.pointBalance, LIMITS.leaderboardMinPoints - 1), isNull(user.disabledAt)))
      .orderBy(desc(user.pointBalance), asc(user.scoreReachedAt), asc(user.id))
      .limit(LIMITS.leaderboardSize);
    return { updatedAt: now().toISOString(), entries: assignRanks(rows) };
  }

  return {
    /** The top 50, recomputed at most every TOP_CACHE_MS per process (concurrent callers share one query). */
    async top(): Promise<Leaderboard> {
      const t = Date.now();
      if (cached && t - cached.at < TOP_CACHE_MS) return cached.value;
      inflight ??= compute().finally(() => {
        inflight = null;
      });
      const value = await inflight;
      cached = { at: t, value };
      return value;
    },
    /** Drops the cached top 50 (after an award in this process). */
    invalidate() {
      cached = null;
    },
    /** Own rank (see rankSql). */
    async rankOf(points: number): Promise<number | null> {
      const expr = rankSql(points);
      if (!expr) return null;
      const [row] = await db.select({ rank: expr.mapWith(Number) }).from(sql`(select 1) as one`);
      return Number(row?.rank);
    },
    /** The same rank as an SQL expression, for callers that fold it into a larger statement. */
    rankSql,
    /** How old a top 50 (and so a rank shown beside it) may be. */
    maxAgeMs: TOP_CACHE_MS,
  };
}
export type LeaderboardService = ReturnType<typeof createLeaderboard>;
