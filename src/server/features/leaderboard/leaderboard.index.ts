import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppBindings } from '@/server/context';
import { currentUser } from '@/server/lib/access';
import { keptJson } from '@/server/lib/kept-json';
import { decodeCursor, pageParams } from '@/server/lib/paging';
import { routes } from '@/server/lib/route';
import { LIMITS } from '@/shared/limits';
import { leaderboardSchema, myRankSchema } from '@/shared/schemas/leaderboard';
import { boardKeySchema } from './leaderboard.service';

const topRoute = routes.leaderboard('get', '/leaderboard', {
  summary:
    'Top 50 contributors (at least 1 XP); ties ordered by who reached the score first. No e-mails. With `cursor`, the next 50 beyond them, each with its rank.',
  query: z.object({ cursor: pageParams.cursor }),
  ok: leaderboardSchema,
  errors: [400],
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
    const { leaderboard, now } = c.get('deps');
    const key = decodeCursor(c.req.valid('query').cursor, boardKeySchema);
    const board = key
      ? { updatedAt: now().toISOString(), ...(await leaderboard.after(key, LIMITS.leaderboardSize)) }
      : await leaderboard.top();
    c.header('cache-control', 'public, max-age=15');
    return keptJson(c, board);
  });
  app.openapi(myRankRoute, async (c) => {
    const u = currentUser(c);
    const rank = await c.get('deps').leaderboard.rankOf(u.pointBalance);
    c.header('cache-control', 'no-store');
    return c.json({ rank, pointBalance: u.pointBalance }, 200);
  });
}
