import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, not, sql } from 'drizzle-orm';
import { user, verification } from '@/db/schema';
import { authCode, callAuth, passCookies, refuseIfRateLimited } from '@/server/auth/call-auth';
import { authCookieNames, forgetSessions, revokeSessions, sessionCookie } from '@/server/auth/session-cache';
import type { AppBindings } from '@/server/context';
import { currentUser, isAdminUser } from '@/server/lib/access';
import { displayNameKey, impersonatesStaff } from '@/server/lib/display-name';
import { ApiError } from '@/server/lib/errors';
import { MSG } from '@/shared/messages';
import { loginErrorMessage, signUpErrorMessage } from '@/shared/rules/auth-errors';
import { normalizeEmail, squish } from '@/shared/text';
import {
  discardUnverifiedRoute,
  forgotPasswordRoute,
  meRoute,
  resetPasswordRoute,
  sendVerificationRoute,
  sessionRoute,
  signInRoute,
  signOutRoute,
  signUpRoute,
  verifyWithPasswordRoute,
} from './account.routes';
import { toMe } from './me';
import {
  nameHeldByStale,
  releaseUnverifiedAddress,
  releaseUnverifiedName,
  verifyWithPassword,
} from './ownership';
import { noteSignIn, sessionOfToken } from './sign-in-alert';

/** better-auth's cookies of a session (its token, its cached data, "remember me"), not a pending sign-in's. */
const SESSION_COOKIE_NAME = /\.(?:session_token|session_data|dont_remember)$/;

export function accountRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(signUpRoute, async (c) => {
    const input = c.req.valid('json');
    const deps = c.get('deps');
    const { db } = deps.handle;
    const name = squish(input.displayName);
    const key = displayNameKey(name);
    const email = normalizeEmail(input.email);
    // Nobody but the team's own account may pass for the team (outside review: 'Ada 🛡️ Admin').
    if (email !== normalizeEmail(deps.env.ADMIN_EMAIL) && impersonatesStaff(name))
      throw new ApiError(400, 'DISPLAY_NAME_RESERVED', MSG.signup.nameReserved);
    // The name of an unverified account on this address is free: this sign-up replaces it.
    const nameTaken = async () =>
      (
        await db
          .select({ id: user.id })
          .from(user)
          .where(
            and(
              eq(user.username, key),
              not(and(eq(sql`lower(${user.email})`, email), eq(user.emailVerified, false))!),
            ),
          )
          .limit(1)
      ).length > 0;
    // A name held by a sign-up nobody confirmed within its link's life is free: that account
    // is replaced below, once this sign-up has been counted and fails on the name alone.
    if ((await nameTaken()) && !(await nameHeldByStale(deps, key)))
      throw new ApiError(409, 'DISPLAY_NAME_TAKEN', MSG.signup.nameTaken);

    // A referrer is kept only when it names an existing user (the new user can't be one yet).
    let referredBy: string | null = null;
    if (input.ref) {
      const [r] = await db.select({ id: user.id }).from(user).where(eq(user.id, input.ref)).limit(1);
      referredBy = r?.id ?? null;
    }

    const signUp = () =>
      callAuth(c, 'POST', '/sign-up/email', {
        email,
        password: input.password,
        name,
        role: input.role || 'builder',
        referredBy,
        timeZone: input.timeZone ?? undefined,
        callbackURL: '/verified',
      });
    const emailTaken = async () =>
      (
        await db
          .select({ id: user.id })
          .from(user)
          .where(eq(sql`lower(${user.email})`, email))
          .limit(1)
      ).length > 0;
    let r = await signUp();
    // The address is held. By an unverified account, it proves nothing (anyone can type any
    // address): that account is replaced, after better-auth's rate limit has counted this try.
    if (r.status === 422 && (await releaseUnverifiedAddress(deps, email))) r = await signUp();
    // The name is held by a stale unverified account, and nothing else stands in the way (not
    // the rate limit, not a verified address): that account is replaced, and this try again.
    if (
      r.status >= 400 &&
      r.status !== 429 &&
      !(await emailTaken()) &&
      (await nameTaken()) &&
      (await releaseUnverifiedName(deps, key))
    )
      r = await signUp();
    if (r.status >= 400) {
      // The address first: a verified account holds it, so no name would help.
      if (await emailTaken()) throw new ApiError(409, 'EMAIL_ALREADY_IN_USE', MSG.signup.emailInUse);
      // Two sign-ups with one name race past the check above; the unique index decides.
      if (await nameTaken()) throw new ApiError(409, 'DISPLAY_NAME_TAKEN', MSG.signup.nameTaken);
      const code = authCode(r);
      const status = r.status === 429 ? 429 : r.status >= 500 ? 500 : 400;
      throw new ApiError(status, code || 'SIGN_UP_FAILED', signUpErrorMessage(code, r.status));
    }
    passCookies(c, r.cookies);
    const started = await sessionOfToken(deps, r.body?.token);
    if (started) await noteSignIn(deps, started, { silent: true });
    const [row] = await db.select().from(user).where(eq(user.email, email));
    if (!row) throw new ApiError(500, 'SIGN_UP_FAILED', MSG.signup.other);
    return c.json({ user: toMe(row, false, c.get('deps').now()) }, 201);
  });

  app.openapi(signInRoute, async (c) => {
    const input = c.req.valid('json');
    const deps = c.get('deps');
    const { db } = deps.handle;
    const email = normalizeEmail(input.email);
    const r = await callAuth(c, 'POST', '/sign-in/email', {
      email,
      password: input.password,
      rememberMe: true,
    });
    if (r.status >= 400) {
      let code = authCode(r);
      if (r.status === 401) {
        // better-auth does not say which half was wrong; the spec's catalogue does.
        const [exists] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
        code = exists ? 'WRONG_PASSWORD' : 'USER_NOT_FOUND';
      }
      const status = r.status === 429 ? 429 : 401;
      throw new ApiError(status, code || 'LOGIN_FAILED', loginErrorMessage(code, r.status));
    }
    const [row] = await db.select().from(user).where(eq(user.email, email));
    if (!row) throw new ApiError(401, 'USER_NOT_FOUND', MSG.login.notFound);
    // A disabled account (issue 18) gets the spec's message and no session, and only once the
    // password was right: a wrong one is answered as for any account, so the message tells
    // nothing to someone who does not know the password. The session just made is ended.
    if (row.disabledAt) {
      await revokeSessions(deps, row.id);
      throw new ApiError(401, 'USER_DISABLED', MSG.login.disabled);
    }
    passCookies(c, r.cookies);
    // The account has a second factor: no session yet, the code step comes next.
    if (r.body?.twoFactorRedirect) return c.json({ twoFactorRequired: true as const }, 200);
    const started = await sessionOfToken(deps, r.body?.token);
    if (started) await noteSignIn(deps, started);
    return c.json(
      { user: toMe(row, isAdminUser(row, c.get('deps').env.ADMIN_EMAIL), c.get('deps').now()) },
      200,
    );
  });

  app.openapi(signOutRoute, async (c) => {
    const deps = c.get('deps');
    const cookie = sessionCookie(c.req.header('cookie'));
    if (cookie) deps.sessions.evictCookie(cookie);
    const r = await callAuth(c, 'POST', '/sign-out', {});
    passCookies(c, r.cookies);
    // Another process may hold this cookie in its cache too.
    const u = c.get('user');
    if (u) await forgetSessions(deps, u.id);
    return c.json({ ok: true as const }, 200);
  });

  // "Change e-mail" on the verification block: the sign-up proved no address, so it is dropped
  // whole (one home: releaseUnverifiedAddress, as a sign-up taking the address would), which
  // frees its display name for the sign-up with the right address. A verified account is kept.
  app.openapi(discardUnverifiedRoute, async (c) => {
    const deps = c.get('deps');
    const u = currentUser(c);
    if (u.emailVerified) throw new ApiError(409, 'ALREADY_VERIFIED', MSG.verify.cannotDiscard);
    const cookie = sessionCookie(c.req.header('cookie'));
    if (cookie) deps.sessions.evictCookie(cookie);
    const r = await callAuth(c, 'POST', '/sign-out', {});
    passCookies(c, r.cookies);
    // Verified meanwhile (the link opened in another tab): the lock sees it and keeps the account.
    if (!(await releaseUnverifiedAddress(deps, normalizeEmail(u.email))))
      throw new ApiError(409, 'ALREADY_VERIFIED', MSG.verify.cannotDiscard);
    return c.json({ ok: true as const, referredBy: u.referredBy ?? null }, 200);
  });

  app.openapi(meRoute, async (c) => {
    // A GET changes nothing: a referral bonus a crash left unpaid is settled at boot
    // (settlePendingReferrals), not here.
    c.header('cache-control', 'no-store');
    return c.json({ user: toMe(currentUser(c), c.get('isAdmin'), c.get('deps').now()) }, 200);
  });

  // The same user as GET /me, or null for a visitor. A cookie whose session is over is said so
  // once (the app tells the person why they are at the login page) and its cookies are cleared.
  app.openapi(sessionRoute, async (c) => {
    c.header('cache-control', 'no-store');
    const u = c.get('user');
    if (u) return c.json({ user: toMe(u, c.get('isAdmin'), c.get('deps').now()) }, 200);
    const cookie = c.req.header('cookie');
    if (!sessionCookie(cookie)) return c.json({ user: null }, 200);
    // The ended session's own cookies only: a pending two-factor sign-in's cookie, set since, stays.
    for (const name of authCookieNames(cookie).filter((n) => SESSION_COOKIE_NAME.test(n))) {
      const secure = name.startsWith('__Secure-') ? '; Secure' : '';
      c.header('set-cookie', `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`, {
        append: true,
      });
    }
    return c.json({ user: null, ended: true }, 200);
  });

  app.openapi(sendVerificationRoute, async (c) => {
    const u = currentUser(c);
    if (u.emailVerified) return c.json({ ok: true as const, message: 'Already verified.' }, 200);
    const r = await callAuth(c, 'POST', '/send-verification-email', {
      email: u.email,
      callbackURL: '/verified',
    });
    refuseIfRateLimited(r);
    if (r.status >= 400) throw new ApiError(500, authCode(r) || 'SEND_FAILED', MSG.common.server);
    return c.json({ ok: true as const, message: MSG.verify.sent }, 200);
  });

  app.openapi(forgotPasswordRoute, async (c) => {
    const { email } = c.req.valid('json');
    const r = await callAuth(c, 'POST', '/request-password-reset', {
      email: normalizeEmail(email),
      redirectTo: '/reset-password',
    });
    refuseIfRateLimited(r);
    return c.json({ ok: true as const, message: MSG.reset.sent }, 200);
  });

  app.openapi(resetPasswordRoute, async (c) => {
    const { token, password } = c.req.valid('json');
    const deps = c.get('deps');
    // better-auth keeps the token's user in `verification`; read it before the reset consumes it.
    const [pending] = await deps.handle.db
      .select({ userId: verification.value, disabledAt: user.disabledAt })
      .from(verification)
      .leftJoin(user, eq(user.id, verification.value))
      .where(eq(verification.identifier, `reset-password:${token}`));
    // A link mailed before the account was disabled sets no password: the account stays as the
    // admin left it (no link is mailed once it is disabled, auth.ts).
    if (pending?.disabledAt) throw new ApiError(401, 'USER_DISABLED', MSG.login.disabled);
    const r = await callAuth(c, 'POST', '/reset-password', { token, newPassword: password });
    refuseIfRateLimited(r);
    if (r.status >= 400) throw new ApiError(400, authCode(r) || 'INVALID_TOKEN', MSG.reset.invalid);
    // better-auth revoked every session of this user: every process forgets them now.
    if (pending) await forgetSessions(deps, pending.userId);
    return c.json({ ok: true as const, message: MSG.reset.done }, 200);
  });

  app.openapi(verifyWithPasswordRoute, async (c) => {
    const { token, password } = c.req.valid('json');
    const row = await verifyWithPassword(c, token, password);
    return c.json(
      { user: toMe(row, isAdminUser(row, c.get('deps').env.ADMIN_EMAIL), c.get('deps').now()) },
      200,
    );
  });
}
