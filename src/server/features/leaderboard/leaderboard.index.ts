import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppBindings } from '@/server/context';
import { currentUser } from '@/server/lib/access';
import { routes } from '@/server/lib/route';
import { leaderboardSchema, myRankSchema } from '@/shared/schemas/leaderboard';

const topRoute = routes.leaderboard('get', '/leaderboard', {
  summary: 'Top 50 contributors (at least 1 XP); ties ordered by who reached the score first. No e-mails.',
  ok: leaderboardSchema,
  described: 'Leaderboard',
});

const myRankRoute = routes.leaderboard('get', '/leaderboard/me', {
  summary: 'The signed-in user’s rank: 1 + users with more XP; null with 0 XP',
  access: 'verified',
  ok: myRankSchema,
  described: 'Own rank',
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
