/**
 * The admin's users console (issue 18): GET /api/admin/users (search, filters, sort,
 * keyset pages) and GET /api/admin/users/{id} (one user's page).
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppBindings } from '@/server/context';
import { currentUser, requireAccess } from '@/server/lib/access';
import { errorResponses } from '@/server/lib/errors';
import { idParam, jsonBody, jsonContent, okSchema } from '@/server/lib/openapi';
import {
  moderationReasonSchema,
  reviewerGrantSchema,
  roleChangeSchema,
  userDetailSchema,
  usersPageSchema,
  usersQuerySchema,
  xpCorrectionSchema,
} from '@/shared/schemas/users-admin';
import { correctXp, setDisabled, setRole } from './moderation';
import { setReviewer } from './reviewers';
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

const moderationRoute = (action: 'disable' | 'enable', summary: string) =>
  createRoute({
    method: 'post',
    path: `/admin/users/{id}/${action}`,
    tags: ['admin'],
    summary,
    middleware: [requireAccess('admin')] as const,
    request: { params: idParam, body: jsonBody(moderationReasonSchema) },
    responses: { 200: jsonContent(okSchema), ...errorResponses(400, 401, 403, 404, 409) },
  });
const disableRoute = moderationRoute(
  'disable',
  'Disable an account with a reason: no sign-in, every session ended, out of the review queue; audited',
);
const enableRoute = moderationRoute(
  'enable',
  'Enable a disabled account with a reason; the user is told by mail; audited',
);

const roleRoute = createRoute({
  method: 'post',
  path: '/admin/users/{id}/role',
  tags: ['admin'],
  summary: "Change a user's role with a reason (the admin account cannot be demoted); audited",
  middleware: [requireAccess('admin')] as const,
  request: { params: idParam, body: jsonBody(roleChangeSchema) },
  responses: { 200: jsonContent(okSchema), ...errorResponses(400, 401, 403, 404, 409) },
});

const reviewerRoute = createRoute({
  method: 'post',
  path: '/admin/users/{id}/reviewer',
  tags: ['admin'],
  summary:
    'Make a verified user a reviewer, or change their limit (most XP per contribution), with a reason; audited',
  middleware: [requireAccess('admin')] as const,
  request: { params: idParam, body: jsonBody(reviewerGrantSchema) },
  responses: { 200: jsonContent(okSchema), ...errorResponses(400, 401, 403, 404, 409) },
});

const reviewerRevokeRoute = createRoute({
  method: 'post',
  path: '/admin/users/{id}/reviewer/revoke',
  tags: ['admin'],
  summary: "Revoke a user's reviewer permission with a reason, at once on every process; audited",
  middleware: [requireAccess('admin')] as const,
  request: { params: idParam, body: jsonBody(moderationReasonSchema) },
  responses: { 200: jsonContent(okSchema), ...errorResponses(400, 401, 403, 404, 409) },
});

const xpRoute = createRoute({
  method: 'post',
  path: '/admin/users/{id}/xp',
  tags: ['admin'],
  summary:
    'Grant (delta > 0) or deduct (delta < 0) XP with a reason: one new ledger row, audited; key makes a retry a no-op',
  middleware: [requireAccess('admin')] as const,
  request: { params: idParam, body: jsonBody(xpCorrectionSchema) },
  responses: {
    200: jsonContent(z.object({ applied: z.boolean(), balance: z.number() })),
    ...errorResponses(400, 401, 403, 404, 409),
  },
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
  app.openapi(disableRoute, async (c) => {
    await setDisabled(
      c.get('deps'),
      c.req.valid('param').id,
      true,
      c.req.valid('json').reason,
      currentUser(c).id,
    );
    return c.json({ ok: true as const }, 200);
  });
  app.openapi(enableRoute, async (c) => {
    await setDisabled(
      c.get('deps'),
      c.req.valid('param').id,
      false,
      c.req.valid('json').reason,
      currentUser(c).id,
    );
    return c.json({ ok: true as const }, 200);
  });
  app.openapi(roleRoute, async (c) => {
    const { role, reason } = c.req.valid('json');
    await setRole(c.get('deps'), c.req.valid('param').id, role, reason, currentUser(c).id);
    return c.json({ ok: true as const }, 200);
  });
  app.openapi(reviewerRoute, async (c) => {
    const { maxPoints, reason } = c.req.valid('json');
    await setReviewer(c.get('deps'), c.req.valid('param').id, maxPoints, reason, currentUser(c).id);
    return c.json({ ok: true as const }, 200);
  });
  app.openapi(reviewerRevokeRoute, async (c) => {
    const { reason } = c.req.valid('json');
    await setReviewer(c.get('deps'), c.req.valid('param').id, null, reason, currentUser(c).id);
    return c.json({ ok: true as const }, 200);
  });
  app.openapi(xpRoute, async (c) => {
    const deps = c.get('deps');
    const out = await correctXp(deps, c.req.valid('param').id, c.req.valid('json'), currentUser(c).id);
    if (out.applied) deps.leaderboard.invalidate();
    return c.json(out, 200);
  });
}
