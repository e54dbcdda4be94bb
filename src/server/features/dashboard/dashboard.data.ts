/**
 * The personal half of the dashboard (counts, recent activity, XP history, own
 * rank) read in one statement, and remembered per user while it cannot have
 * changed.
 *
 * Why one statement: PGlite runs statements one at a time, and on PostgreSQL each
 * one is a round trip, so seven small queries cost about seven times one.
 *
 * Why the cache is safe: it is keyed by user.activity_version, which database
 * triggers bump whenever any of the user's projects, bounty applications, grants,
 * contributions or XP events is written, by any code path in any process
 * (migration 0003, ADR 0009). The user row is read fresh on every request, so a
 * changed version is seen at once. Only the rank depends on other people's
 * points; it is kept no longer than the top 50 it is shown beside.
 */
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '@/db/client';
import { bounties, bountyApplicants, contributions, grants, pointEvents, projects } from '@/db/schema';
import type { AppDeps, UserRow } from '@/server/context';
import { LIMITS } from '@/shared/limits';
import type { Dashboard } from '@/shared/schemas/dashboard';

type LeaderboardService = AppDeps['leaderboard'];

/** What the cache holds: everything but the fresh-per-request user fields and the shared top 50. */
export type PersonalDashboard = {
  counts: { myProjects: number; bounties: number; grants: number };
  recent: Dashboard['recent'];
  rank: number | null;
  xpHistory: Dashboard['xpHistory'];
};

const MAX_ENTRIES = 10_000;
const XP_HISTORY_POINTS = 100;

type Row = {
  my_projects: number;
  bounties: number;
  grants: number;
  projects_recent: Array<{ id: string; title: string; date: string; status: string }> | null;
  bounties_recent: Array<{ id: string; title: string; date: string }> | null;
  grants_recent: Array<{ id: string; title: string | null; date: string; status: string }> | null;
  contributions_recent: Array<{ id: string; title: string; date: string; status: string }> | null;
  xp_history: Array<{ at: string; balance: number }> | null;
  rank: number | null;
};

/** JSON timestamps come back as PostgreSQL text ("…+00:00"); the API speaks ISO 8601 in UTC. */
const isoUtc = (s: string | null) => (s ? new Date(s).toISOString() : null);

async function readPersonal(db: Database, u: UserRow, board: LeaderboardService): Promise<PersonalDashboard> {
  const n = LIMITS.dashboardListSize;
  const rank = board.rankSql(u.pointBalance);
  const query = sql`select
    (select count(*)::int from ${projects} where ${projects.ownerId} = ${u.id} and ${projects.status} = 'active') as my_projects,
    (select count(*)::int from ${bountyApplicants} where ${bountyApplicants.userId} = ${u.id}) as bounties,
    (select count(*)::int from ${grants} where ${grants.applicantId} = ${u.id}) as grants,
    (select json_agg(t) from (
      select ${projects.id} as id, ${projects.title} as title, ${projects.createdAt} as date, ${projects.status} as status
      from ${projects} where ${projects.ownerId} = ${u.id} order by ${projects.createdAt} desc limit ${n}) t) as projects_recent,
    (select json_agg(t) from (
      select ${bounties.id} as id, ${bounties.title} as title, ${bountyApplicants.createdAt} as date
      from ${bountyApplicants} join ${bounties} on ${bounties.id} = ${bountyApplicants.bountyId}
      where ${bountyApplicants.userId} = ${u.id} order by ${bountyApplicants.createdAt} desc limit ${n}) t) as bounties_recent,
    (select json_agg(t) from (
      select ${grants.id} as id, ${projects.title} as title, ${grants.submittedAt} as date, ${grants.status} as status
      from ${grants} left join ${projects} on ${projects.id} = ${grants.projectId}
      where ${grants.applicantId} = ${u.id} order by ${grants.submittedAt} desc limit ${n}) t) as grants_recent,
    (select json_agg(t) from (
      select ${contributions.id} as id, ${contributions.title} as title, ${contributions.createdAt} as date,
             ${contributions.status} as status
      from ${contributions} where ${contributions.userId} = ${u.id} order by ${contributions.createdAt} desc limit ${n}) t)
      as contributions_recent,
    (select json_agg(t order by t.at, t.id) from (
      select id, at, balance from (
        -- The balance at each moment, in time order: the user's deltas summed by (time, id).
        -- Not balance_after, which follows commit (id) order: a chart over time needs time order.
        select ${pointEvents.id} as id, ${pointEvents.createdAt} as at,
               sum(${pointEvents.delta}) over (order by ${pointEvents.createdAt}, ${pointEvents.id}) as balance
        from ${pointEvents} where ${pointEvents.userId} = ${u.id}) w
      order by at desc, id desc limit ${XP_HISTORY_POINTS}) t)
      as xp_history,
    ${rank ?? sql`null::int`} as rank`;
  const res = (await db.execute(query)) as unknown as { rows: Row[] };
  const r = res.rows[0]!;
  return {
    counts: { myProjects: Number(r.my_projects), bounties: Number(r.bounties), grants: Number(r.grants) },
    recent: {
      projects: (r.projects_recent ?? []).map((p) => ({ ...p, date: isoUtc(p.date) })),
      bounties: (r.bounties_recent ?? []).map((b) => ({ ...b, date: isoUtc(b.date), status: null })),
      grants: (r.grants_recent ?? []).map((g) => ({
        ...g,
        title: g.title ?? 'Unknown Project',
        date: isoUtc(g.date),
      })),
      contributions: (r.contributions_recent ?? []).map((c) => ({ ...c, date: isoUtc(c.date) })),
    },
    rank: r.rank === null ? null : Number(r.rank),
    xpHistory: (r.xp_history ?? []).map((h) => ({ at: isoUtc(h.at)!, balance: Number(h.balance) })),
  };
}

export function createDashboardData(clock: () => number = Date.now) {
  // The members who come back most stay kept; at MAX_ENTRIES the least recently seen goes.
  const byUser = new LRUCache<string, { version: number; at: number; value: PersonalDashboard }>({
    max: MAX_ENTRIES,
  });
  return {
    async get(db: Database, board: LeaderboardService, u: UserRow): Promise<PersonalDashboard> {
      const now = clock();
      const e = byUser.get(u.id);
      if (e && e.version === u.activityVersion && now - e.at < board.maxAgeMs) {
        return e.value;
      }
      const value = await readPersonal(db, u, board);
      byUser.set(u.id, { version: u.activityVersion, at: now, value });
      return value;
    },
  };
}
