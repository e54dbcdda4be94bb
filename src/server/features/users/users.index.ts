/**
 * The admin's users console (issue 18): GET /api/admin/users (search, filters, sort,
 * keyset pages) and GET /api/admin/users/{id} (one user's page).
 */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppBindings } from '@/server/context';
import { currentUser } from '@/server/lib/access';
import { idParam, okSchema } from '@/server/lib/openapi';
import { routes } from '@/server/lib/route';
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

const listRoute = routes.admin('get', '/admin/users', {
  summary:
    'Users: search by the start of a name or e-mail, filter by role (or the admin), verified, disabled; sort by join date or XP; keyset pages',
  access: 'admin',
  query: usersQuerySchema,
  ok: usersPageSchema,
});

const detailRoute = routes.admin('get', '/admin/users/{id}', {
  summary: 'One user: profile, role, XP ledger, their items, referrals and active sessions',
  access: 'admin',
  params: idParam,
  ok: userDetailSchema,
  errors: [404],
});

/** A decision on one user, with its reason: audited; 404 for no such user, 409 where the state forbids it. */
const decisionRoute = <B extends z.ZodType>(action: string, summary: string, body: B) =>
  routes.admin('post', `/admin/users/{id}/${action}`, {
    summary,
    access: 'admin',
    params: idParam,
    body,
    ok: okSchema,
    errors: [404, 409],
  });

const disableRoute = decisionRoute(
  'disable',
  'Disable an account with a reason: no sign-in, every session ended, out of the review queue; audited',
  moderationReasonSchema,
);
const enableRoute = decisionRoute(
  'enable',
  'Enable a disabled account with a reason; the user is told by mail; audited',
  moderationReasonSchema,
);
const roleRoute = decisionRoute(
  'role',
  "Change a user's role with a reason (the admin account cannot be demoted); audited",
  roleChangeSchema,
);
const reviewerRoute = decisionRoute(
  'reviewer',
  'Make a verified user a reviewer, or change their limit (most XP per contribution), with a reason; audited',
  reviewerGrantSchema,
);
const reviewerRevokeRoute = decisionRoute(
  'reviewer/revoke',
  "Revoke a user's reviewer permission with a reason, at once on every process; audited",
  moderationReasonSchema,
);

const xpRoute = routes.admin('post', '/admin/users/{id}/xp', {
  summary:
    'Grant (delta > 0) or deduct (delta < 0) XP with a reason: one new ledger row, audited; key makes a retry a no-op',
  access: 'admin',
  params: idParam,
  body: xpCorrectionSchema,
  ok: z.object({ applied: z.boolean(), balance: z.number() }),
  errors: [404, 409],
});

export function usersRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(listRoute, async (c) => {
    const deps = c.get('deps');
    const page = await listUsers(deps.handle.db, c.req.valid('query'), deps.env.ADMIN_EMAIL);
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
  for (const [route, disabled] of [
    [disableRoute, true],
    [enableRoute, false],
  ] as const) {
    app.openapi(route, async (c) => {
      const { reason } = c.req.valid('json');
      await setDisabled(c.get('deps'), c.req.valid('param').id, disabled, reason, currentUser(c).id);
      return c.json({ ok: true as const }, 200);
    });
  }
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
