/** Resource handlers: members read the list, the admin adds, edits and deletes. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { resources } from '@/db/schema';
import { notFound } from '@/server/lib/errors';
import { keptJson } from '@/server/lib/kept-json';
import { listCache } from '@/server/lib/list-cache';
import type { AppRouteHandler } from '@/server/lib/openapi';
import {
  afterTimeKey,
  decodeCursor,
  exactInstant,
  pageLimit,
  pageOf,
  timeKeySchema,
} from '@/server/lib/paging';
import { foldedContains } from '@/server/lib/search';
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

export const list: AppRouteHandler<typeof listRoute> = async (c) => {
  const query = c.req.valid('query');
  const after = decodeCursor(query.cursor, timeKeySchema);
  const limit = pageLimit(query.limit);
  const { handle } = c.get('deps');
  const db = handle.db;
  const category = query.category?.trim();
  const cache = listCache(handle);
  // A first page needs the version for the chips and, without a search, for the page: read it once.
  const version = after ? undefined : await cache.version('resources');
  const read = async () => {
    const rows = await db
      .select({ resource: resources, key: exactInstant(resources.uploadedAt) })
      .from(resources)
      .where(
        and(
          foldedContains(resources.title, query.q),
          category ? sql`lower(trim(${resources.category})) = lower(${category})` : undefined,
          afterTimeKey('desc', resources.uploadedAt, resources.id, after),
        ),
      )
      .orderBy(desc(resources.uploadedAt), desc(resources.id))
      .limit(limit + 1);
    const page = pageOf(rows, limit, (r) => [r.key, r.resource.id]);
    // The chips: every category, whatever page or filter is shown (first spelling wins per lower-cased name);
    // they read every resource, so a search's first page takes them from the list cache too.
    const categories = after
      ? undefined
      : await cache.get('resources', 'categories', async () => ({ value: await categoryNames(db) }), version);
    return {
      value: { resources: page.items.map((r) => view(r.resource)), nextCursor: page.nextCursor, categories },
    };
  };
  // A first page without a search is kept while no resource changes (list-cache.ts).
  const shared = !after && query.limit === undefined && !query.q?.trim();
  c.header('cache-control', 'no-cache'); // admins' edits must show at once
  // Keyed apart from the chips' entry ('categories'): a category is the caller's words (outside review:
  // ?category=categories wrote a page into the chips' entry and broke the admin's page).
  if (shared)
    return keptJson(c, await cache.get('resources', `page:${(category ?? '').toLowerCase()}`, read, version));
  return c.json((await read()).value, 200);
};

async function categoryNames(db: DbExecutor): Promise<string[]> {
  const rows = await db
    .selectDistinctOn([sql`lower(trim(${resources.category}))`], {
      name: sql<string>`trim(${resources.category})`,
    })
    .from(resources)
    .orderBy(sql`lower(trim(${resources.category}))`, resources.uploadedAt);
  return rows.map((r) => r.name).filter((n) => n !== '');
}

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
