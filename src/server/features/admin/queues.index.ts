/**
 * The admin home's one read (issue 20): every review queue with its pending count and the
 * age of its oldest item, in one round trip. Each count reads its queue page's own
 * condition (a disabled owner's pending items are out of the queues, issue 18).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { count, max } from 'drizzle-orm';
import { resources } from '@/db/schema';
import type { AppBindings } from '@/server/context';
import { listCache } from '@/server/lib/list-cache';
import { routes } from '@/server/lib/route';
import { adminQueuesSchema } from '@/shared/schemas/admin';
import { queueSizes } from './queue-health';

const queuesRoute = routes.admin('get', '/admin/queues', {
  summary:
    'The admin home: pending count and oldest pending item per queue (project applications, bounty requests, contributions, grants); resources: how many and the last added',
  access: 'admin',
  ok: adminQueuesSchema,
  described: 'Queues',
});

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function adminQueueRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(queuesRoute, async (c) => {
    const { handle } = c.get('deps');
    const [queues, res] = await Promise.all([
      queueSizes(handle),
      listCache(handle).get('resources', 'admin-size', async () => ({
        value: await handle.db.select({ n: count(), oldest: max(resources.uploadedAt) }).from(resources),
      })),
    ]);
    return c.json(
      {
        queues: [
          ...queues.map((q) => ({ key: q.key, pending: q.pending, oldestAt: iso(q.oldestAt) })),
          { key: 'resources' as const, pending: res[0]?.n ?? 0, oldestAt: iso(res[0]?.oldest) },
        ],
      },
      200,
    );
  });
}
