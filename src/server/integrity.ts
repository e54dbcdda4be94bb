/**
 * Invariants that must hold on any database, whatever crashed when: every counter
 * equals what the records and the XP ledger say. `npm run check-integrity` runs
 * this against the configured database; the crash test runs it after kill -9.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { SCORE_BAND_WIDTH, WINDOW_BAND_WIDTH } from '../db/schema';

export type Violation = { check: string; detail: string };

/**
 * A window histogram (issue 19, ADR 0019) against the listed scores it counts: the bands
 * (users per band of WINDOW_BAND_WIDTH points) or the buckets (users per exact score).
 */
function windowHistogramCheck(table: 'window_bands' | 'window_buckets', column: 'band' | 'points', of: SQL) {
  const [t, c] = [sql.raw(table), sql.raw(column)];
  return {
    check: `${table} match the windows’ listed scores (issue 19)`,
    query: sql`with expected as (
        select window_key, ${of} as k, count(*)::int as users
        from window_scores where points >= 1 and listed group by 1, 2)
      select coalesce(b.window_key, x.window_key) || ' ${c} ' || coalesce(b.${c}, x.k) as id,
        b.users as stored, x.users as expected
      from ${t} b full join expected x on x.window_key = b.window_key and x.k = b.${c}
      where b.users is distinct from x.users and not (b.users = 0 and x.users is null)`,
  };
}

const CHECKS: Array<{ check: string; query: ReturnType<typeof sql> }> = [
  windowHistogramCheck('window_bands', 'band', sql`floor(points / ${WINDOW_BAND_WIDTH})::int`),
  windowHistogramCheck('window_buckets', 'points', sql`points`),
  {
    check: 'a window row is listed exactly while its user is enabled (issue 18)',
    query: sql`select ws.window_key || ' ' || ws.user_id as id, ws.listed as stored,
        (u.disabled_at is null) as expected
      from window_scores ws join "user" u on u.id = ws.user_id
      where ws.listed <> (u.disabled_at is null)`,
  },
  {
    check: 'every week, month and season board equals the ledger summed over its time (issue 19)',
    query: sql`with expected as (
        select k, user_id, sum(delta)::int as points from (
          select 'week:' || to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as k, user_id, delta from point_events
          union all select 'month:' || to_char(created_at at time zone 'UTC', 'YYYY-MM'), user_id, delta from point_events
          union all select 'season:' || s.id, e.user_id, e.delta
            from point_events e join seasons s on e.created_at >= s.starts_at and e.created_at < s.ends_at
        ) w group by k, user_id)
      select coalesce(ws.window_key, x.k) || ' ' || coalesce(ws.user_id, x.user_id) as id,
        ws.points as stored, x.points as expected
      from window_scores ws full join expected x on x.k = ws.window_key and x.user_id = ws.user_id
      where ws.points is distinct from x.points and not (ws.points = 0 and x.points is null)`,
  },
  {
    check: 'pointBalance equals the sum of the user’s ledger events',
    query: sql`select u.id, u.point_balance as stored, coalesce(sum(e.delta), 0) as expected
      from "user" u left join point_events e on e.user_id = u.id
      group by u.id having u.point_balance <> coalesce(sum(e.delta), 0)`,
  },
  {
    check: 'the last ledger event’s balanceAfter equals pointBalance',
    query: sql`select u.id, u.point_balance as stored, e.balance_after as expected
      from "user" u join lateral (select balance_after from point_events where user_id = u.id order by id desc limit 1) e on true
      where e.balance_after <> u.point_balance`,
  },
  {
    check: 'totalContributions equals the user’s contributions',
    query: sql`select u.id, u.total_contributions as stored, count(c.id) as expected
      from "user" u left join contributions c on c.user_id = u.id
      group by u.id having u.total_contributions <> count(c.id)`,
  },
  {
    check: 'approvedContribution equals the user’s approved contributions',
    query: sql`select u.id, u.approved_contribution as stored, count(c.id) filter (where c.status = 'approved') as expected
      from "user" u left join contributions c on c.user_id = u.id
      group by u.id having u.approved_contribution <> count(c.id) filter (where c.status = 'approved')`,
  },
  {
    check: 'rejectedContribution equals the user’s rejected contributions',
    query: sql`select u.id, u.rejected_contribution as stored, count(c.id) filter (where c.status = 'rejected') as expected
      from "user" u left join contributions c on c.user_id = u.id
      group by u.id having u.rejected_contribution <> count(c.id) filter (where c.status = 'rejected')`,
  },
  {
    check: 'referralCount equals the referral bonuses in the ledger',
    query: sql`select u.id, u.referral_count as stored, count(e.id) as expected
      from "user" u left join point_events e on e.user_id = u.id and e.reason = 'referral'
      group by u.id having u.referral_count <> count(e.id)`,
  },
  {
    check: 'every rewarded contribution has exactly its ledger event',
    query: sql`select c.id, c.reward_points as stored, e.delta as expected
      from contributions c left join point_events e on e.idempotency_key = 'contribution:' || c.id
      where c.status = 'approved' and (e.id is null or e.delta <> c.reward_points)`,
  },
  {
    check: 'every reverted reward is taken back once, by exactly its amount, from its owner',
    query: sql`select r.id, r.delta as stored, -e.delta as expected
      from point_events r left join point_events e on 'revert:' || e.idempotency_key = r.idempotency_key
      where r.idempotency_key like 'revert:%' and (e.id is null or r.delta <> -e.delta or r.user_id <> e.user_id)`,
  },
  {
    // Enabled users only: a disabled user is off the leaderboard and counts in no rank (issue 18).
    check: 'score_buckets match the users’ scores',
    query: sql`select coalesce(b.points, u.points) as id, b.users as stored, u.n as expected
      from score_buckets b full join (select point_balance as points, count(*) as n from "user" where point_balance > 0 and disabled_at is null group by 1) u
      on u.points = b.points where b.users is distinct from u.n`,
  },
  {
    check: 'score_bands match the users’ scores',
    query: sql`select coalesce(b.band, u.band) as id, b.users as stored, u.n as expected
      from score_bands b full join (select point_balance / ${SCORE_BAND_WIDTH} as band, count(*) as n from "user" where point_balance > 0 and disabled_at is null group by 1) u
      on u.band = b.band where b.users is distinct from u.n and coalesce(b.users, 0) <> coalesce(u.n, 0)`,
  },
  {
    check: 'user_counts match the accounts per role and verification (the admin’s member counts)',
    query: sql`select coalesce(c.role, u.role) || ' ' || coalesce(c.verified, u.verified) as id,
        c.users as stored, u.n as expected
      from user_counts c full join (select role, email_verified as verified, count(*) as n from "user" group by 1, 2) u
      on u.role = c.role and u.verified = c.verified
      where coalesce(c.users, 0) <> coalesce(u.n, 0)`,
  },
];

export async function checkIntegrity(db: Database): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const { check, query } of CHECKS) {
    const res = (await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };
    for (const r of res.rows.slice(0, 20)) {
      out.push({
        check,
        detail: `${String(r.id)}: stored ${String(r.stored)}, expected ${String(r.expected)}`,
      });
    }
  }
  return out;
}
