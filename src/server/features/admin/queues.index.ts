/**
 * The admin home's one read (issue 20): every review queue with its pending count and the
 * age of its oldest item, in one round trip. Each count reads its queue page's own
 * condition (a disabled owner's pending items are out of the queues, issue 18).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { count, max, min } from 'drizzle-orm';
import { bountyApplications, contributions, grants, projectApplications, resources } from '@/db/schema';
import type { AppBindings } from '@/server/context';
import { queueWhere } from '@/server/features/contributions/contributions.data';
import { adminGrantsWhere } from '@/server/features/grants/grants.data';
import { PENDING_APPLICATIONS } from '@/server/features/launchpad/applications.index';
import { pendingOf } from '@/server/features/users/owner-enabled';
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
        .where(PENDING_APPLICATIONS),
      db
        .select({ n: count(), oldest: min(bountyApplications.createdAt) })
        .from(bountyApplications)
        .where(pendingOf(bountyApplications.status, bountyApplications.userId)),
      db
        .select({ n: count(), oldest: min(contributions.createdAt) })
        .from(contributions)
        .where(queueWhere({})),
      db
        .select({ n: count(), oldest: min(grants.submittedAt) })
        .from(grants)
        .where(adminGrantsWhere({ status: 'pending' })),
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
