/** Resource handlers: members read the list, the admin adds, edits and deletes. */
import { desc, eq } from 'drizzle-orm';
import { resources } from '@/db/schema';
import { ApiError } from '@/server/lib/errors';
import type { AppRouteHandler } from '@/server/lib/openapi';
import { MSG } from '@/shared/messages';
import type { Resource } from '@/shared/schemas/resources';
import type {
  createResourceRoute,
  deleteResourceRoute,
  listRoute,
  updateResourceRoute,
} from './resources.routes';

const view = (r: typeof resources.$inferSelect): Resource => ({
  id: r.id,
  title: r.title,
  category: r.category,
  link: r.link,
  uploadedAt: r.uploadedAt.toISOString(),
});

const notFound = () => new ApiError(404, 'NOT_FOUND', MSG.common.notFound);

export const list: AppRouteHandler<typeof listRoute> = async (c) => {
  const rows = await c
    .get('deps')
    .handle.db.select()
    .from(resources)
    .orderBy(desc(resources.uploadedAt))
    .limit(1000);
  c.header('cache-control', 'no-cache'); // admins' edits must show at once
  return c.json({ resources: rows.map(view) }, 200);
};

export const create: AppRouteHandler<typeof createResourceRoute> = async (c) => {
  const input = c.req.valid('json');
  const [row] = await c.get('deps').handle.db.insert(resources).values(input).returning();
  return c.json({ resource: view(row!) }, 201);
};

export const update: AppRouteHandler<typeof updateResourceRoute> = async (c) => {
  const { id } = c.req.valid('param');
  const patch = c.req.valid('json');
  const [row] = await c
    .get('deps')
    .handle.db.update(resources)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(resources.id, id))
    .returning();
  if (!row) throw notFound();
  return c.json({ resource: view(row) }, 200);
};

export const remove: AppRouteHandler<typeof deleteResourceRoute> = async (c) => {
  const { id } = c.req.valid('param');
  const rows = await c
    .get('deps')
    .handle.db.delete(resources)
    .where(eq(resources.id, id))
    .returning({ id: resources.id });
  if (rows.length === 0) throw notFound();
  return c.json({ ok: true as const }, 200);
};
