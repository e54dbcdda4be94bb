/**
 * Abuse signals for the admin's insights (issue 18): flagged for a person to look at,
 * never acted on automatically.
 *
 * - The same link from different accounts. A contribution's link is unique across all
 *   accounts (contributions_link_key, the duplicate rule), so this finds a link shared
 *   between a contribution and bounty applications, or between bounty applications.
 * - Referred accounts whose first session came from one IP address, at least
 *   IP_CLUSTER_MIN of them within IP_CLUSTER_WINDOW. Only sessions still stored count
 *   (a signed-out or revoked session is gone), so this can miss a cluster, never invent one.
 * - Accounts at exactly the daily limit (5, in their own time zone) on STEADY_DAYS days or more.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { LIMITS } from '@/shared/limits';
import type { Insights } from '@/shared/schemas/insights';

export const IP_CLUSTER_MIN = 3;
export const IP_CLUSTER_WINDOW = '1 hour';
export const STEADY_DAYS = 5;
const LIST = 20;

async function rows<R>(db: DbExecutor, q: SQL): Promise<R[]> {
  return ((await db.execute(q)) as unknown as { rows: R[] }).rows;
}
const iso = (v: Date | string) => new Date(v).toISOString();
type Who = { id: string; name: string | null };

/** A link folded as the duplicate rule folds it, closely enough for SQL: a tweet by its id, else host and path. */
const linkKeySql = (col: SQL) => sql`case
  when ${col} ~ '/status(es)?/[0-9]+' then 'x.com/status/' || substring(${col} from '/status(?:es)?/([0-9]+)')
  else lower(regexp_replace(regexp_replace(${col}, '^https?://(www\\.)?', ''), '/+$', '')) end`;

export async function abuseSignals(db: DbExecutor, from: Date, now: Date): Promise<Insights['abuse']> {
  const [links, clusters, steady] = await Promise.all([
    rows<{ link: string; accounts: number; users: Who[]; last: Date | string }>(
      db,
      sql`with links as (
            select link_key as k, user_id, created_at from contributions where link_key is not null
            union all
            select ${linkKeySql(sql`link`)} as k, user_id, created_at from bounty_applicants where link is not null
          )
          select l.k as link, count(distinct l.user_id)::int as accounts,
            json_agg(distinct jsonb_build_object('id', l.user_id, 'name', u.name)) as users, max(l.created_at) as last
          from links l left join "user" u on u.id = l.user_id
          group by l.k
          having count(distinct l.user_id) > 1 and max(l.created_at) >= ${from}
          order by max(l.created_at) desc limit ${LIST}`,
    ),
    rows<{
      ip: string;
      accounts: number;
      users: Who[];
      referrers: Who[];
      first: Date | string;
      last: Date | string;
    }>(
      db,
      sql`with first_ip as (
            select distinct on (user_id) user_id, ip_address as ip from session
            where ip_address is not null and ip_address <> '' order by user_id, created_at
          ), referred as (
            select u.id, u.name, u.referred_by, u.created_at, f.ip from "user" u join first_ip f on f.user_id = u.id
            where u.referred_by is not null and u.created_at >= ${from} and u.created_at <= ${now}
          ), windowed as (
            select ip, count(*) over (partition by ip order by created_at
              range between interval '${sql.raw(IP_CLUSTER_WINDOW)}' preceding and current row) as c
            from referred
          )
          select r.ip, count(*)::int as accounts,
            json_agg(jsonb_build_object('id', r.id, 'name', r.name) order by r.created_at) as users,
            json_agg(distinct jsonb_build_object('id', r.referred_by, 'name', p.name)) as referrers,
            min(r.created_at) as first, max(r.created_at) as last
          from referred r left join "user" p on p.id = r.referred_by
          where r.ip in (select ip from windowed where c >= ${IP_CLUSTER_MIN})
          group by r.ip order by 2 desc, 1 limit ${LIST}`,
    ),
    rows<{ id: string; name: string | null; days: number }>(
      db,
      sql`select x.user_id as id, max(u.name) as name, count(*)::int as days from (
            select c.user_id, (c.created_at at time zone u.time_zone)::date as d
            from contributions c join "user" u on u.id = c.user_id
            where c.created_at >= ${from} and c.created_at <= ${now}
            group by 1, 2 having count(*) = ${LIMITS.contributionsPerDay}
          ) x join "user" u on u.id = x.user_id
          group by x.user_id having count(*) >= ${STEADY_DAYS}
          order by 3 desc, 1 limit ${LIST}`,
    ),
  ]);
  return {
    sharedLinks: links.map((l) => ({
      link: l.link,
      accounts: Number(l.accounts),
      users: l.users,
      last: iso(l.last),
    })),
    ipClusters: clusters.map((c) => ({
      ip: c.ip,
      accounts: Number(c.accounts),
      users: c.users,
      referrers: c.referrers,
      first: iso(c.first),
      last: iso(c.last),
    })),
    steadyAtLimit: steady.map((s) => ({ id: s.id, name: s.name, days: Number(s.days) })),
    thresholds: { ipClusterMin: IP_CLUSTER_MIN, ipClusterWindow: IP_CLUSTER_WINDOW, steadyDays: STEADY_DAYS },
  };
}
