/**
 * The admin's users console (issue 18): GET /api/admin/users (search, filters, sort,
 * keyset pages) and GET /api/admin/users/{id} (one user's page).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppBindings } from '@/server/context';
import { requireAccess } from '@/server/lib/access';
import { errorResponses } from '@/server/lib/errors';
import { idParam, jsonContent } from '@/server/lib/openapi';
import { userDetailSchema, usersPageSchema, usersQuerySchema } from '@/shared/schemas/users-admin';
import { listUsers, userDetail } from './users.data';

const listRoute = createRoute({
  method: 'get',
  path: '/admin/users',
  tags: ['admin'],
  summary:
    'Users: search by the start of a name or e-mail, filter by role, verified, disabled; sort by join date or XP; keyset pages',
  middleware: [requireAccess('admin')] as const,
  request: { query: usersQuerySchema },
  responses: { 200: jsonContent(usersPageSchema), ...errorResponses(400, 401, 403) },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/admin/users/{id}',
  tags: ['admin'],
  summary: 'One user: profile, role, XP ledger, their items, referrals and active sessions',
  middleware: [requireAccess('admin')] as const,
  request: { params: idParam },
  responses: { 200: jsonContent(userDetailSchema), ...errorResponses(401, 403, 404) },
});

export function usersRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(listRoute, async (c) => {
    const page = await listUsers(c.get('deps').handle.db, c.req.valid('query'));
    c.header('cache-control', 'no-store');
    return c.json(page, 200);
  });
  app.openapi(detailRoute, async (c) => {
    const deps = c.get('deps');
    const detail = await userDetail(
      deps.handle.db,
      c.req.valid('param').id,
      deps.env.ADMIN_EMAIL,
      deps.now(),
    );
    c.header('cache-control', 'no-store');
    return c.json(detail, 200);
  });
}
