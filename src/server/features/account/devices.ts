/**
 * Signed-in devices (issue 21): a user's sessions, described for a person, and the
 * ways to end them. Every end goes through revokeSessions (ADR 0014), so it holds on
 * every process at once.
 */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { session } from '@/db/schema';
import { callAuth, refuseIfPasswordStepFailed } from '@/server/auth/call-auth';
import { revokeSessions } from '@/server/auth/session-cache';
import { verifyLink } from '@/server/auth/signed-link';
import type { AppBindings } from '@/server/context';
import { currentUser } from '@/server/lib/access';
import { ApiError } from '@/server/lib/errors';
import { okMessageSchema } from '@/server/lib/openapi';
import { routes } from '@/server/lib/route';
import { describeUserAgent } from '@/server/lib/user-agent';
import { MSG } from '@/shared/messages';
import { changePasswordSchema, devicesSchema, endByLinkSchema } from '@/shared/schemas/security';
import { END_SESSION_LINK, mailSecurityChange } from './sign-in-alert';

export { END_SESSION_LINK };

const listRoute = routes.account('get', '/account/devices', {
  summary: 'Your signed-in devices (sessions): browser, IP, when each started and was last seen',
  access: 'verified',
  ok: devicesSchema,
});

const endOneRoute = routes.account('delete', '/account/devices/{id}', {
  summary: 'Sign out one of your other devices (ends that session on every server at once)',
  access: 'verified',
  params: z.object({ id: z.string().min(1).max(64) }),
  ok: okMessageSchema,
  errors: [404],
});

const endOthersRoute = routes.account('post', '/account/devices/sign-out-others', {
  summary: 'Sign out every device but this one',
  access: 'verified',
  ok: okMessageSchema.extend({ ended: z.number().int() }),
});

const endByLinkRoute = routes.account('post', '/account/devices/end-by-link', {
  summary:
    'End the session a new-sign-in alert named (the mail link’s signed token; no session needed, ends only that session)',
  body: endByLinkSchema,
  ok: okMessageSchema,
});

const changePasswordRoute = routes.account('post', '/account/change-password', {
  summary: 'Change your password (the current one proves it is you); every other device is signed out',
  access: 'verified',
  body: changePasswordSchema,
  ok: okMessageSchema,
  errors: [429],
});

/** The requesting browser and IP, as a security mail describes them. */
export function requestFacts(c: Context<AppBindings>) {
  return { userAgent: c.req.header('user-agent'), ip: c.get('clientIp') ?? undefined };
}

export function deviceRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(listRoute, async (c) => {
    const u = currentUser(c);
    const { db } = c.get('deps').handle;
    const rows = await db
      .select()
      .from(session)
      .where(eq(session.userId, u.id))
      .orderBy(desc(session.lastSeenAt), desc(session.createdAt));
    const now = c.get('deps').now();
    const current = c.get('sessionId');
    c.header('cache-control', 'no-store');
    return c.json(
      {
        devices: rows
          .filter((r) => r.expiresAt > now)
          .map((r) => ({
            id: r.id,
            current: r.id === current,
            ...describeUserAgent(r.userAgent),
            ip: r.ipAddress || null,
            createdAt: r.createdAt.toISOString(),
            lastSeenAt: new Date(Math.max(r.lastSeenAt.getTime(), r.createdAt.getTime())).toISOString(),
          }))
          // This device first, then by last use.
          .sort((a, b) => Number(b.current) - Number(a.current)),
      },
      200,
    );
  });

  app.openapi(endOneRoute, async (c) => {
    const u = currentUser(c);
    const { id } = c.req.valid('param');
    if (id === c.get('sessionId')) throw new ApiError(400, 'CURRENT_SESSION', MSG.security.endCurrentRefused);
    const ended = await revokeSessions(c.get('deps'), u.id, { only: [id] });
    if (ended === 0) throw new ApiError(404, 'SESSION_NOT_FOUND', MSG.security.sessionNotFound);
    return c.json({ ok: true as const, message: MSG.security.sessionEnded }, 200);
  });

  app.openapi(endOthersRoute, async (c) => {
    const u = currentUser(c);
    const ended = await revokeSessions(c.get('deps'), u.id, { exceptId: c.get('sessionId') });
    return c.json({ ok: true as const, message: MSG.security.othersEnded, ended }, 200);
  });

  app.openapi(endByLinkRoute, async (c) => {
    const { token } = c.req.valid('json');
    const deps = c.get('deps');
    const id = verifyLink(deps.env.AUTH_SECRET, END_SESSION_LINK, token);
    if (!id) throw new ApiError(400, 'INVALID_LINK', MSG.security.linkInvalid);
    const [row] = await deps.handle.db
      .select({ userId: session.userId })
      .from(session)
      .where(eq(session.id, id));
    // Already ended (or never existed): the link's purpose is met either way.
    if (row) await revokeSessions(deps, row.userId, { only: [id] });
    return c.json({ ok: true as const, message: MSG.security.linkEnded }, 200);
  });

  app.openapi(changePasswordRoute, async (c) => {
    const u = currentUser(c);
    const { currentPassword, newPassword } = c.req.valid('json');
    const deps = c.get('deps');
    const r = await callAuth(c, 'POST', '/change-password', { currentPassword, newPassword });
    refuseIfPasswordStepFailed(r, 'CHANGE_PASSWORD_FAILED');
    await revokeSessions(deps, u.id, { exceptId: c.get('sessionId') });
    await mailSecurityChange(deps, u.id, 'your password was changed', requestFacts(c));
    return c.json({ ok: true as const, message: MSG.security.passwordChanged }, 200);
  });
}
