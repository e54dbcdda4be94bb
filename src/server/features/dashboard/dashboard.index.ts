import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { dashboardSchema } from '../../../shared/schemas/dashboard';
import type { AppBindings } from '../../context';
import { currentUser, requireAccess } from '../../lib/access';
import { errorResponses } from '../../lib/errors';
import { createDashboardData } from './dashboard.data';

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

export function dashboardRoutes(app: OpenAPIHono<AppBindings>) {
  const personal = createDashboardData();
  app.openapi(dashboardRoute, async (c) => {
    const u = currentUser(c);
    const { handle, leaderboard } = c.get('deps');
    const [mine, board] = await Promise.all([personal.get(handle.db, leaderboard, u), leaderboard.top()]);
    c.header('cache-control', 'no-store');
    return c.json(
      {
        // Counters on the user row were read fresh by the session middleware.
        stats: { ...mine.counts, totalContributions: u.totalContributions },
        recent: mine.recent,
        leaderboard: board,
        myRank: { rank: mine.rank, pointBalance: u.pointBalance },
        xpHistory: mine.xpHistory,
      },
      200,
    );
  });
}
