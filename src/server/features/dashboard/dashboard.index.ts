import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { and, desc, eq, sql } from 'drizzle-orm';
import { bounties, bountyApplicants, contributions, grants, pointEvents, projects } from '../../../db/schema';
import { LIMITS } from '../../../shared/limits';
import { dashboardSchema } from '../../../shared/schemas/dashboard';
import type { AppBindings } from '../../context';
import { currentUser, requireAccess } from '../../lib/access';
import { errorResponses } from '../../lib/errors';

const dashboardRoute = createRoute({
  method: 'get',
  path: '/dashboard',
  tags: ['dashboard'],
  summary:
    'Everything the dashboard shows, in one response: stats, recent activity, leaderboard, own rank, XP history',
  middleware: [requireAccess('verified')] as const,
  responses: {
    200: { description: 'Dashboard', content: { 'application/json': { schema: dashboardSchema } } },
    ...errorResponses(401, 403),
  },
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function dashboardRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(dashboardRoute, async (c) => {
    const u = currentUser(c);
    const { handle, leaderboard } = c.get('deps');
    const db = handle.db;
    const n = LIMITS.dashboardListSize;

    const [counts] = await db
      .select({
        myProjects:
          sql<number>`(select count(*) from ${projects} where ${projects.ownerId} = ${u.id} and ${projects.status} = 'active')`.mapWith(
            Number,
          ),
        bounties:
          sql<number>`(select count(*) from ${bountyApplicants} where ${bountyApplicants.userId} = ${u.id})`.mapWith(
            Number,
          ),
        grants: sql<number>`(select count(*) from ${grants} where ${grants.applicantId} = ${u.id})`.mapWith(
          Number,
        ),
      })
      .from(sql`(select 1) as one`);

    const [recentProjects, recentBounties, recentGrants, recentContributions, board, rank, history] =
      await Promise.all([
        db
          .select({
            id: projects.id,
            title: projects.title,
            date: projects.createdAt,
            status: projects.status,
          })
          .from(projects)
          .where(eq(projects.ownerId, u.id))
          .orderBy(desc(projects.createdAt))
          .limit(n),
        db
          .select({ id: bounties.id, title: bounties.title, date: bountyApplicants.createdAt })
          .from(bountyApplicants)
          .innerJoin(bounties, eq(bounties.id, bountyApplicants.bountyId))
          .where(eq(bountyApplicants.userId, u.id))
          .orderBy(desc(bountyApplicants.createdAt))
          .limit(n),
        db
          .select({ id: grants.id, title: projects.title, date: grants.submittedAt, status: grants.status })
          .from(grants)
          .leftJoin(projects, eq(projects.id, grants.projectId))
          .where(eq(grants.applicantId, u.id))
          .orderBy(desc(grants.submittedAt))
          .limit(n),
        db
          .select({
            id: contributions.id,
            title: contributions.title,
            date: contributions.createdAt,
            status: contributions.status,
          })
          .from(contributions)
          .where(eq(contributions.userId, u.id))
          .orderBy(desc(contributions.createdAt))
          .limit(n),
        leaderboard.top(),
        leaderboard.rankOf(u.pointBalance),
        db
          .select({ at: pointEvents.createdAt, balance: pointEvents.balanceAfter })
          .from(pointEvents)
          .where(and(eq(pointEvents.userId, u.id)))
          .orderBy(desc(pointEvents.id))
          .limit(100),
      ]);

    c.header('cache-control', 'no-store');
    return c.json(
      {
        stats: {
          myProjects: counts?.myProjects ?? 0,
          bounties: counts?.bounties ?? 0,
          grants: counts?.grants ?? 0,
          totalContributions: u.totalContributions ?? 0,
        },
        recent: {
          projects: recentProjects.map((r) => ({ ...r, date: iso(r.date) })),
          bounties: recentBounties.map((r) => ({ ...r, date: iso(r.date), status: null })),
          grants: recentGrants.map((r) => ({ ...r, title: r.title ?? 'Unknown Project', date: iso(r.date) })),
          contributions: recentContributions.map((r) => ({ ...r, date: iso(r.date) })),
        },
        leaderboard: board,
        myRank: { rank, pointBalance: u.pointBalance },
        xpHistory: history.reverse().map((h) => ({ at: h.at.toISOString(), balance: h.balance })),
      },
      200,
    );
  });
}
