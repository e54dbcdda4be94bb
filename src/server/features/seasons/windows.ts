/**
 * Time windows of the leaderboard (issue 19, ADR 0019): this week, this month and seasons,
 * each the XP ledger summed over its stretch of time. awardPoints adds every ledger row to
 * the windows its time falls in (addToWindows, same transaction); reads take a window's top
 * 50 and a user's rank from window_scores' index. Weeks start on Monday and months on the
 * 1st, in UTC: one clock for everyone, as the server owns it.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor, Tx } from '@/db/client';
import { user, WINDOW_BAND_WIDTH } from '@/db/schema';
import { profileShown } from '@/server/features/profile/shown';
import { LIMITS } from '@/shared/limits';
import { assignRanks, type LeaderboardEntry } from '@/shared/schemas/leaderboard';

export type WindowKind = 'week' | 'month' | 'season';

/** The SQL of a ledger time's week and month keys (the migration's backfill says the same). */
const weekKeySql = (at: SQL) =>
  sql`'week:' || to_char(date_trunc('week', ${at} at time zone 'UTC'), 'YYYY-MM-DD')`;
const monthKeySql = (at: SQL) => sql`'month:' || to_char(${at} at time zone 'UTC', 'YYYY-MM')`;

/** The key of the week or month `now` is in (UTC), as the SQL above computes it. */
export function windowKeyAt(kind: 'week' | 'month', now: Date): string {
  if (kind === 'month') return `month:${now.toISOString().slice(0, 7)}`;
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return `week:${day.toISOString().slice(0, 10)}`;
}

/** Where a week or month key's window starts and ends. */
export function windowRange(key: string): { startsAt: Date; endsAt: Date } | null {
  const week = /^week:(\d{4}-\d{2}-\d{2})$/.exec(key);
  if (week) {
    const startsAt = new Date(`${week[1]}T00:00:00Z`);
    return { startsAt, endsAt: new Date(startsAt.getTime() + 7 * 86_400_000) };
  }
  const month = /^month:(\d{4})-(\d{2})$/.exec(key);
  if (month) {
    const [y, m] = [Number(month[1]), Number(month[2])];
    return { startsAt: new Date(Date.UTC(y, m - 1, 1)), endsAt: new Date(Date.UTC(y, m, 1)) };
  }
  return null;
}

/**
 * Adds one ledger row (delta at `at`) to its week, its month and the season it falls in, and
 * moves the user between the bands of each (window_bands: the old score's band loses them,
 * the new one gains them; below 1 point a score is in no band). A disabled user's rows are
 * unlisted (`listed` false, the caller holds the user row lock): in no band, on no board.
 */
export async function addToWindows(
  tx: Tx,
  userId: string,
  delta: number,
  at: Date,
  listed: boolean,
): Promise<void> {
  const t = sql`${at}::timestamptz`;
  await tx.execute(sql`
    with up as (
      insert into window_scores (window_key, user_id, points, reached_at, listed)
      select k, ${userId}, ${delta}, ${t}, ${listed} from (
        select ${weekKeySql(t)} as k
        union all select ${monthKeySql(t)}
        union all select 'season:' || id from seasons where starts_at <= ${t} and ${t} < ends_at
      ) w
      on conflict (window_key, user_id) do update
        set points = window_scores.points + excluded.points, reached_at = excluded.reached_at
      returning window_key, points as new_p, points - ${delta} as old_p, listed
    ), moves as (
      select window_key, old_p as points, -1 as d from up where listed and old_p >= 1
      union all select window_key, new_p, 1 from up where listed and new_p >= 1
    ), ${moveHistogram}`);
}

/**
 * The tail of a statement that has a \`moves(window_key, points, d)\` CTE: each window's bands
 * and exact-score buckets (window_bands, window_buckets) gain or lose those users.
 */
const moveHistogram = sql`bands as (
      insert into window_bands (window_key, band, users)
      select window_key, floor(points / ${WINDOW_BAND_WIDTH})::int, sum(d)::int from moves group by 1, 2
      on conflict (window_key, band) do update set users = window_bands.users + excluded.users
    )
    insert into window_buckets (window_key, points, users)
    select window_key, points, sum(d)::int from moves group by 1, 2
    on conflict (window_key, points) do update set users = window_buckets.users + excluded.users`;

/**
 * Takes a user's rows out of every window's board and bands (disabled) or puts them back
 * (enabled), in the caller's transaction, which holds the user row lock and changes
 * user.disabled_at with it (users/moderation.ts through ledger.ts setScoreListed).
 */
export async function setWindowsListed(tx: Tx, userId: string, listed: boolean): Promise<void> {
  await tx.execute(sql`
    with up as (
      update window_scores set listed = ${listed}
      where user_id = ${userId} and listed <> ${listed}
      returning window_key, points
    ), moves as (
      select window_key, points, ${listed ? 1 : -1}::int as d from up where points >= 1
    ), ${moveHistogram}`);
}

/** The bands and buckets of these windows counted again from their (listed) scores. */
async function countBands(db: DbExecutor, where: SQL): Promise<void> {
  await db.execute(sql`
    insert into window_bands (window_key, band, users)
    select window_key, floor(points / ${WINDOW_BAND_WIDTH})::int, count(*)::int from window_scores
    where points >= 1 and listed and ${where} group by 1, 2
    on conflict (window_key, band) do update set users = excluded.users`);
  await db.execute(sql`
    insert into window_buckets (window_key, points, users)
    select window_key, points, count(*)::int from window_scores
    where points >= 1 and listed and ${where} group by 1, 2
    on conflict (window_key, points) do update set users = excluded.users`);
}

/** A season's window from the ledger rows already in its range (a season created with a past start). */
export async function fillSeason(tx: Tx, seasonId: string, startsAt: Date, endsAt: Date): Promise<void> {
  await tx.execute(sql`
    insert into window_scores (window_key, user_id, points, reached_at, listed)
    select ${`season:${seasonId}`}, e.user_id, sum(e.delta)::int, max(e.created_at), bool_and(${user.disabledAt} is null)
    from point_events e join ${user} on ${user.id} = e.user_id
    where e.created_at >= ${startsAt} and e.created_at < ${endsAt}
    group by e.user_id
    on conflict (window_key, user_id) do nothing`);
  await countBands(tx, sql`window_key = ${`season:${seasonId}`}`);
}

/**
 * Recomputes every window from the ledger (the demo backdates ledger rows after writing
 * them; an operator may run it after a repair). check-integrity compares the two.
 */
export async function rebuildWindows(db: DbExecutor): Promise<void> {
  await db.execute(sql`delete from window_scores`);
  await db.execute(sql`delete from window_bands`);
  await db.execute(sql`delete from window_buckets`);
  await db.execute(sql`
    insert into window_scores (window_key, user_id, points, reached_at, listed)
    select k, user_id, sum(delta)::int, max(created_at),
      not exists (select 1 from ${user} where ${user.id} = w.user_id and ${user.disabledAt} is not null)
    from (
      select ${weekKeySql(sql`created_at`)} as k, user_id, delta, created_at from point_events
      union all select ${monthKeySql(sql`created_at`)}, user_id, delta, created_at from point_events
      union all select 'season:' || s.id, e.user_id, e.delta, e.created_at
        from point_events e join seasons s on e.created_at >= s.starts_at and e.created_at < s.ends_at
    ) w group by k, user_id`);
  await countBands(db, sql`true`);
}

type Row = {
  uid: string;
  displayName: string;
  photoURL: string | null;
  pointBalance: number;
  profile: boolean;
};

/**
 * A window's top 50 (at least 1 XP in it), ties by who reached their points first; disabled
 * users are unlisted (setWindowsListed). It walks the partial index window_scores_rank_idx
 * from the top and stops after 50.
 */
export async function windowTop(db: DbExecutor, key: string): Promise<LeaderboardEntry[]> {
  const res = (await db.execute(sql`
    select ${user.id} as uid, ${user.name} as "displayName", ${user.image} as "photoURL",
      ws.points as "pointBalance", ${profileShown()} as profile
    from (
      select user_id, points, reached_at from window_scores
      where window_key = ${key} and listed and points >= ${LIMITS.leaderboardMinPoints}
      order by points desc, reached_at asc, user_id asc
      limit ${LIMITS.leaderboardSize}
    ) ws join ${user} on ${user.id} = ws.user_id
    order by ws.points desc, ws.reached_at asc, ws.user_id asc`)) as unknown as { rows: Row[] };
  return assignRanks(
    res.rows.map((r) => ({ ...r, pointBalance: Number(r.pointBalance), profile: !!r.profile })),
  );
}

/**
 * A user's points and rank in a window (rank null below the board's minimum): 1 + the listed
 * users in the bands above theirs + those in the exact-score buckets above theirs inside
 * their band. At most a few hundred band rows and 99 bucket rows, whatever the window's size
 * and however its scores bunch (ADR 0019).
 */
export async function windowRank(db: DbExecutor, key: string, userId: string) {
  const [mine] = (
    (await db.execute(
      sql`select points from window_scores where window_key = ${key} and user_id = ${userId}`,
    )) as unknown as { rows: Array<{ points: number }> }
  ).rows;
  const points = mine ? Number(mine.points) : 0;
  if (points < LIMITS.leaderboardMinPoints) return { points, rank: null };
  const band = Math.floor(points / WINDOW_BAND_WIDTH);
  const bandEnd = (band + 1) * WINDOW_BAND_WIDTH;
  const res = (await db.execute(sql`select
      coalesce((select sum(users) from window_bands where window_key = ${key} and band > ${band}), 0)
      + coalesce((select sum(users) from window_buckets
          where window_key = ${key} and points > ${points} and points < ${bandEnd}), 0) as ahead`)) as unknown as {
    rows: Array<{ ahead: number | string }>;
  };
  return { points, rank: Number(res.rows[0]?.ahead ?? 0) + 1 };
}
