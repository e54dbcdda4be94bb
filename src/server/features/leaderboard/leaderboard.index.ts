import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppBindings } from '@/server/context';
import { currentUser, requireAccess } from '@/server/lib/access';
import { errorResponses } from '@/server/lib/errors';
import { jsonContent } from '@/server/lib/openapi';
import { leaderboardSchema, myRankSchema } from '@/shared/schemas/leaderboard';

const topRoute = createRoute({
  method: 'get',
  path: '/leaderboard',
  tags: ['leaderboard'],
  summary: 'Top 50 contributors (at least 1 XP); ties ordered by who reached the score first. No e-mails.',
  responses: {
    200: jsonContent(leaderboardSchema, 'Leaderboard'),
  },
});

const myRankRoute = createRoute({
  method: 'get',
  path: '/leaderboard/me',
  tags: ['leaderboard'],
  summary: 'The signed-in user’s rank: 1 + users with more XP; null with 0 XP',
  middleware: [requireAccess('verified')] as const,
  responses: {
    200: jsonContent(myRankSchema, 'Own rank'),
    ...errorResponses(401, 403),
  },
});

export function leaderboardRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(topRoute, async (c) => {
    const board = await c.get('deps').leaderboard.top();
    c.header('cache-control', 'public, max-age=15');
    return c.json(board, 200);
  });
  app.openapi(myRankRoute, async (c) => {
    const u = currentUser(c);
    const rank = await c.get('deps').leaderboard.rankOf(u.pointBalance);
    c.header('cache-control', 'no-store');
    return c.json({ rank, pointBalance: u.pointBalance }, 200);
  });
}
