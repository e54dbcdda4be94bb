/** Resource route contracts (spec §2 Resources page; the admin's resource screen). */
import { z } from '@hono/zod-openapi';
import { idParam, okSchema } from '@/server/lib/openapi';
import { nextCursorSchema, pageParams } from '@/server/lib/paging';
import { routes } from '@/server/lib/route';
import { LIMITS } from '@/shared/limits';
import { resourceInputSchema, resourceSchema } from '@/shared/schemas/resources';

const oneResource = z.object({ resource: resourceSchema });

export const listRoute = routes.resources('get', '/resources', {
  summary:
    'Resources, newest first, one keyset page at a time; q searches titles (case and accents ignored), category keeps one category; the first page lists every category',
  access: 'verified',
  query: z.object({
    q: z.string().max(LIMITS.searchChars).optional(),
    category: z.string().max(100).optional(),
    ...pageParams,
    // Ignored here: the browser puts the time of its last change in it, so a list it
    // cached for 30 s is not reused after an edit (client features/resources/api.ts).
    v: z.string().max(40).optional().openapi({ description: 'Cache-buster; ignored by the server' }),
  }),
  ok: z.object({
    resources: z.array(resourceSchema),
    nextCursor: nextCursorSchema,
    categories: z.array(z.string()).optional().openapi({ description: 'First page only' }),
  }),
});

export const createResourceRoute = routes.admin('post', '/admin/resources', {
  summary: 'Add a resource (http/https links only)',
  access: 'admin',
  body: resourceInputSchema,
  ok: oneResource,
  created: true,
  described: 'Created',
});

export const updateResourceRoute = routes.admin('patch', '/admin/resources/{id}', {
  summary: 'Edit a resource',
  access: 'admin',
  params: idParam,
  body: resourceInputSchema.partial(),
  ok: oneResource,
  errors: [404],
});

export const deleteResourceRoute = routes.admin('delete', '/admin/resources/{id}', {
  summary: 'Delete a resource',
  access: 'admin',
  params: idParam,
  ok: okSchema,
  errors: [404],
});
