import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { count, sql } from 'drizzle-orm';
import { user } from '../../../db/schema';
import type { AppBindings } from '../../context';
import { requireAccess } from '../../lib/access';
import { errorResponses } from '../../lib/errors';

const summaryRoute = createRoute({
  method: 'get',
  path: '/admin/summary',
  tags: ['admin'],
  summary: 'Counts for the admin: users, verified users, users per role',
  middleware: [requireAccess('admin')] as const,
  responses: {
    200: {
      description: 'Summary',
      content: {
        'application/json': {
          schema: z.object({
            users: z.number(),
            verified: z.number(),
            byRole: z.record(z.string(), z.number()),
          }),
        },
      },
    },
    ...errorResponses(401, 403),
  },
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
