/** Resource route contracts (spec §2 Resources page; the admin's resource screen). */
import { createRoute, z } from '@hono/zod-openapi';
import { requireAccess } from '@/server/lib/access';
import { errorResponses } from '@/server/lib/errors';
import { idParam, jsonBody, jsonContent, okSchema } from '@/server/lib/openapi';
import { nextCursorSchema, pageParams } from '@/server/lib/paging';
import { resourceInputSchema, resourceSchema } from '@/shared/schemas/resources';

const oneResource = z.object({ resource: resourceSchema });

export const listRoute = createRoute({
  method: 'get',
  path: '/resources',
  tags: ['resources'],
  summary:
    'Resources, newest first, one keyset page at a time; q searches titles (case and accents ignored), category keeps one category; the first page lists every category',
  middleware: [requireAccess('verified')] as const,
  request: {
    query: z.object({
      q: z.string().max(100).optional(),
      category: z.string().max(100).optional(),
      ...pageParams,
      // Ignored here: the browser puts the time of its last change in it, so a list it
      // cached for 30 s is not reused after an edit (client features/resources/api.ts).
      v: z.string().max(40).optional().openapi({ description: 'Cache-buster; ignored by the server' }),
    }),
  },
  responses: {
    200: jsonContent(
      z.object({
        resources: z.array(resourceSchema),
        nextCursor: nextCursorSchema,
        categories: z.array(z.string()).optional().openapi({ description: 'First page only' }),
      }),
    ),
    ...errorResponses(400, 401, 403),
  },
});

export const createResourceRoute = createRoute({
  method: 'post',
  path: '/admin/resources',
  tags: ['admin'],
  summary: 'Add a resource (http/https links only)',
  middleware: [requireAccess('admin')] as const,
  request: { body: jsonBody(resourceInputSchema) },
  responses: { 201: jsonContent(oneResource, 'Created'), ...errorResponses(400, 401, 403) },
});

export const updateResourceRoute = createRoute({
  method: 'patch',
  path: '/admin/resources/{id}',
  tags: ['admin'],
  summary: 'Edit a resource',
  middleware: [requireAccess('admin')] as const,
  request: { params: idParam, body: jsonBody(resourceInputSchema.partial()) },
  responses: { 200: jsonContent(oneResource), ...errorResponses(400, 401, 403, 404) },
});

export const deleteResourceRoute = createRoute({
  method: 'delete',
  path: '/admin/resources/{id}',
  tags: ['admin'],
  summary: 'Delete a resource',
  middleware: [requireAccess('admin')] as const,
  request: { params: idParam },
  responses: { 200: jsonContent(okSchema), ...errorResponses(401, 403, 404) },
});
