import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import { pointEvents } from '@/db/schema';
import type { AppBindings } from '@/server/context';
import { currentUser } from '@/server/lib/access';
import { idParam } from '@/server/lib/openapi';
import { routes } from '@/server/lib/route';
import { xpRevertSchema } from '@/shared/schemas/users-admin';
import { revertReward } from './revert';

const eventSchema = z
  .object({
    delta: z.number().int(),
    balanceAfter: z.number().int(),
    reason: z.string(),
    createdAt: z.string(),
  })
  .openapi('PointEvent');

const myPointsRoute = routes.xp('get', '/me/points', {
  summary: 'The signed-in user’s XP history (newest first, up to 200 events)',
  access: 'verified',
  ok: z.object({ events: z.array(eventSchema) }),
  described: 'Ledger events',
});

const revertRoute = routes.admin('post', '/admin/users/{id}/xp/revert', {
  summary:
    "Revert a contribution's reward with a reason: one new ledger row of the opposite sign, once per reward (a second revert answers 409), never below 0; audited",
  access: 'admin',
  params: idParam,
  body: xpRevertSchema,
  ok: z.object({ balance: z.number() }),
  errors: [404, 409],
});

export function xpRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(revertRoute, async (c) => {
    const deps = c.get('deps');
    const out = await revertReward(deps, c.req.valid('param').id, c.req.valid('json'), currentUser(c).id);
    deps.leaderboard.invalidate();
    return c.json(out, 200);
  });
  app.openapi(myPointsRoute, async (c) => {
    const u = currentUser(c);
    const rows = await c
      .get('deps')
      .handle.db.select({
        delta: pointEvents.delta,
        balanceAfter: pointEvents.balanceAfter,
        reason: pointEvents.reason,
        createdAt: pointEvents.createdAt,
      })
      .from(pointEvents)
      .where(eq(pointEvents.userId, u.id))
      .orderBy(desc(pointEvents.id))
      .limit(200);
    return c.json({ events: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) }, 200);
  });
}
