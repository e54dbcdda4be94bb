import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppBindings } from '@/server/context';
import { currentUser } from '@/server/lib/access';
import { routes } from '@/server/lib/route';
import { dashboardSchema } from '@/shared/schemas/dashboard';
import { createDashboardData } from './dashboard.data';

const dashboardRoute = routes.dashboard('get', '/dashboard', {
  summary:
    'Everything the dashboard shows, in one response: stats, recent activity, leaderboard, own rank, XP history',
  access: 'verified',
  ok: dashboardSchema,
  described: 'Dashboard',
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
