/**
 * Spec §7 leaderboard: the top 50 users with at least 1 point, and a user's own
 * rank = 1 + the number of users with more points. Ties are listed by who reached
 * the score first (user.score_reached_at), then by id, so the order never wobbles.
 * A disabled user is on neither: not in the top 50, and out of the histogram (issue 18).
 */

import { z } from '@hono/zod-openapi';
import { and, asc, desc, eq, gt, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { SCORE_BAND_WIDTH, scoreBands, scoreBuckets, user } from '@/db/schema';
import { profileShown } from '@/server/features/profile/shown';
import {
  cursorId,
  cursorInstant,
  exactInstant,
  instantParam,
  keysetAfter,
  pageOf,
} from '@/server/lib/paging';
import { LIMITS } from '@/shared/limits';
import { assignRanks, type Leaderboard, type LeaderboardEntry } from '@/shared/schemas/leaderboard';
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

/**
 * The board's order beyond the top 50 (issue 16): after a (points, reached at, id) cursor.
 * Points run down while the tie-breakers run up, so the rest of the cursor's score and the
 * lower scores are two index ranges of user_leaderboard_idx, read in turn.
 */
export const boardKeySchema = z.tuple([z.number().int().min(0), cursorInstant, cursorId]);
type BoardKey = z.infer<typeof boardKeySchema>;

const listed = () => and(gt(user.pointBalance, LIMITS.leaderboardMinPoints - 1), isNull(user.disabledAt));

function boardRows(db: Database, where: SQL | undefined, n: number) {
  return db
    .select({
      uid: user.id,
      displayName: user.name,
      photoURL: user.image,
      pointBalance: user.pointBalance,
      profile: profileShown(),
      reachedKey: exactInstant(user.scoreReachedAt),
    })
    .from(user)
    .where(and(listed(), where))
    .orderBy(desc(user.pointBalance), asc(user.scoreReachedAt), asc(user.id))
    .limit(n);
}

type BoardRow = Awaited<ReturnType<typeof boardRows>>[number];
const keyOf = (r: BoardRow) => [r.pointBalance, r.reachedKey, r.uid];
const entryOf = ({ reachedKey: _, ...r }: BoardRow & { rank: number }): LeaderboardEntry => r;

export function createLeaderboard(db: Database, now: () => Date) {
  let cached: { at: number; value: Leaderboard } | null = null;
  let inflight: Promise<Leaderboard> | null = null;

  async function compute(): Promise<Leaderboard> {
    const rows = await boardRows(db, undefined, LIMITS.leaderboardSize + 1);
    const page = pageOf(rows, LIMITS.leaderboardSize, keyOf);
    return {
      updatedAt: now().toISOString(),
      entries: assignRanks(page.items).map(entryOf),
      nextCursor: page.nextCursor,
    };
  }

  /** Each listed score's rank by the own-rank rule (rankSql), every score of a page in one statement. */
  async function ranksOf(scores: number[]): Promise<Map<number, number>> {
    const ranked = scores.flatMap((p) => {
      const expr = rankSql(p);
      return expr ? [[p, expr.mapWith(Number)] as const] : [];
    });
    if (ranked.length === 0) return new Map();
    const [row] = await db
      .select(Object.fromEntries(ranked.map(([p, expr]) => [`s${p}`, expr])))
      .from(sql`(select 1) as one`);
    return new Map(ranked.map(([p]) => [p, Number(row?.[`s${p}`])]));
  }

  /** The page after `key`, with each row's rank as the own-rank rule gives it. */
  async function after(key: BoardKey, limit: number): Promise<Omit<Leaderboard, 'updatedAt'>> {
    const [points, reached, id] = key;
    const rows = await boardRows(
      db,
      and(
        eq(user.pointBalance, points),
        keysetAfter('asc', [user.scoreReachedAt, user.id], [instantParam(reached), id]),
      ),
      limit + 1,
    );
    if (rows.length <= limit)
      rows.push(...(await boardRows(db, lt(user.pointBalance, points), limit + 1 - rows.length)));
    const page = pageOf(rows, limit, keyOf);
    const ranks = await ranksOf([...new Set(page.items.map((r) => r.pointBalance))]);
    return {
      entries: page.items.map((r) => entryOf({ ...r, rank: ranks.get(r.pointBalance) ?? 0 })),
      nextCursor: page.nextCursor,
    };
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
    /** The board beyond the top 50, a page after `key` (boardKeySchema). */
    after,
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
