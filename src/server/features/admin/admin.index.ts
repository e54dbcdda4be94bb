import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { gt } from 'drizzle-orm';
import { userCounts } from '@/db/schema';
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
    // A few counter rows kept by triggers on "user" (migration 0030), not a count of every account.
    const rows = await db.select().from(userCounts).where(gt(userCounts.users, 0));
    const byRole: Record<string, number> = {};
    for (const r of rows) byRole[r.role] = (byRole[r.role] ?? 0) + r.users;
    const sum = (list: typeof rows) => list.reduce((a, r) => a + r.users, 0);
    return c.json({ users: sum(rows), verified: sum(rows.filter((r) => r.verified)), byRole }, 200);
  });
}
