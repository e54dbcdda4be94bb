import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { count, sql } from 'drizzle-orm';
import { user } from '@/db/schema';
import type { AppBindings } from '@/server/context';
import { routes } from '@/server/lib/route';

const summaryRoute = routes.admin('get', '/admin/summary', {
  summary: 'Counts for the admin: users, verified users, users per role',
  access: 'admin',
  ok: z.object({ users: z.number(), verified: z.number(), byRole: z.record(z.string(), z.number()) }),
  described: 'Summary',
});

export function adminRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(summaryRoute, async (c) => {
    const { db } = c.get('deps').handle;
    const rows = await db
      .select({
        role: user.role,
        n: count(),
        verified: sql<number>`count(*) filter (where ${user.emailVerified})`.mapWith(Number),
      })
      .from(user)
      .groupBy(user.role);
    const byRole = Object.fromEntries(rows.map((r) => [r.role, r.n]));
    return c.json(
      {
        users: rows.reduce((a, r) => a + r.n, 0),
        verified: rows.reduce((a, r) => a + r.verified, 0),
        byRole,
      },
      200,
    );
  });
}
