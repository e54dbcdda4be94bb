/**
 * The admin home's one read (issue 20): every review queue with its pending count and the
 * age of its oldest item, in one round trip. Each count reads the status index its queue
 * page reads ((status, created/submitted at)).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { count, eq, max, min } from 'drizzle-orm';
import { bountyApplications, contributions, grants, projectApplications, resources } from '@/db/schema';
import type { AppBindings } from '@/server/context';
import { requireAccess } from '@/server/lib/access';
import { errorResponses } from '@/server/lib/errors';
import { jsonContent } from '@/server/lib/openapi';
import { type AdminQueueCount, adminQueuesSchema } from '@/shared/schemas/admin';

const queuesRoute = createRoute({
  method: 'get',
  path: '/admin/queues',
  tags: ['admin'],
  summary:
    'The admin home: pending count and oldest pending item per queue (project applications, bounty requests, contributions, grants); resources: how many and the last added',
  middleware: [requireAccess('admin')] as const,
  responses: {
    200: jsonContent(adminQueuesSchema, 'Queues'),
    ...errorResponses(401, 403),
  },
});

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function adminQueueRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(queuesRoute, async (c) => {
    const { db } = c.get('deps').handle;
    const [apps, requests, contribs, grantRows, res] = await Promise.all([
      db
        .select({ n: count(), oldest: min(projectApplications.submittedAt) })
        .from(projectApplications)
        .where(eq(projectApplications.status, 'pending')),
      db
        .select({ n: count(), oldest: min(bountyApplications.createdAt) })
        .from(bountyApplications)
        .where(eq(bountyApplications.status, 'pending')),
      db
        .select({ n: count(), oldest: min(contributions.createdAt) })
        .from(contributions)
        .where(eq(contributions.status, 'pending')),
      db
        .select({ n: count(), oldest: min(grants.submittedAt) })
        .from(grants)
        .where(eq(grants.status, 'pending')),
      db.select({ n: count(), oldest: max(resources.uploadedAt) }).from(resources),
    ]);
    const row = (key: AdminQueueCount['key'], r: { n: number; oldest: Date | string | null }[]) => ({
      key,
      pending: r[0]?.n ?? 0,
      oldestAt: iso(r[0]?.oldest),
    });
    return c.json(
      {
        queues: [
          row('projectApplications', apps),
          row('bountyRequests', requests),
          row('contributions', contribs),
          row('grants', grantRows),
          row('resources', res),
        ],
      },
      200,
    );
  });
}
