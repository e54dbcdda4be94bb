/**
 * The second factor (issue 21), on better-auth's own two-factor plugin (auth.ts).
 * Like every account endpoint (ADR 0004), these wrap its endpoints: our schemas and
 * messages, its cookies passed through, its rate limiter and account lockout in force.
 *
 * Added here, because the plugin lacks it: a TOTP code is accepted once. Before a code
 * goes to better-auth it is claimed in used_totp_code for (user, code) until it could no
 * longer verify (the previous, current and next 30 s step: 90 s, kept 120 s); a second
 * use inside that time is refused without asking better-auth. A claim whose code was
 * wrong is released at once.
 */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { usedTotpCode, user, verification } from '@/db/schema';
import {
  type AuthResult,
  authCode,
  callAuth,
  passCookies,
  refuseIfPasswordStepFailed,
} from '@/server/auth/call-auth';
import { forgetSessions, revokeSessions } from '@/server/auth/session-cache';
import type { AppBindings, AppDeps } from '@/server/context';
import { currentUser, isAdminUser } from '@/server/lib/access';
import { ApiError } from '@/server/lib/errors';
import { okMessageSchema } from '@/server/lib/openapi';
import { routes } from '@/server/lib/route';
import { MSG } from '@/shared/messages';
import { meSchema } from '@/shared/schemas/account';
import {
  signInCodeSchema,
  totpCodeSchema,
  twoFactorEnrolmentSchema,
  twoFactorPasswordSchema,
} from '@/shared/schemas/security';
import { backupCodeForAuth } from './backup-code';
import { requestFacts } from './devices';
import { toMe } from './me';
import { mailSecurityChange, noteSignIn, sessionOfToken } from './sign-in-alert';

/** How long a used TOTP code stays refused: longer than the 90 s it could verify. */
export const USED_CODE_MS = 120_000;

const enableRoute = routes.account('post', '/account/two-factor/enable', {
  summary:
    'Start TOTP enrolment (password required): answers the otpauth URI for the QR code and the backup codes, shown this once',
  access: 'verified',
  body: twoFactorPasswordSchema,
  ok: twoFactorEnrolmentSchema,
  errors: [429],
});

const confirmRoute = routes.account('post', '/account/two-factor/confirm', {
  summary:
    'Finish TOTP enrolment with a code from the app: two-factor is on, every other session ends, a mail says so',
  access: 'verified',
  body: totpCodeSchema,
  ok: okMessageSchema,
  errors: [429],
});

const disableRoute = routes.account('post', '/account/two-factor/disable', {
  summary: 'Turn two-factor off (password required); a mail says so',
  access: 'verified',
  body: twoFactorPasswordSchema,
  ok: okMessageSchema,
  errors: [429],
});

const signInCodeRoute = routes.account('post', '/account/sign-in/two-factor', {
  summary:
    'The second step of a sign-in whose account has two-factor: an authenticator code or a backup code (each backup code works once)',
  body: signInCodeSchema,
  ok: z.object({ user: meSchema }),
  errors: [401, 429],
});

/** Claims (user, code) for this use; false when it was used inside its window. */
async function claimCode(deps: AppDeps, userId: string, code: string): Promise<boolean> {
  const now = new Date(); // better-auth checks codes against the real clock
  const rows = await deps.handle.db
    .insert(usedTotpCode)
    .values({ userId, code, expiresAt: new Date(now.getTime() + USED_CODE_MS) })
    .onConflictDoUpdate({
      target: [usedTotpCode.userId, usedTotpCode.code],
      set: { expiresAt: sql`excluded.expires_at` },
      setWhere: lt(usedTotpCode.expiresAt, now),
    })
    .returning({ code: usedTotpCode.code });
  return rows.length === 1;
}

async function releaseCode(deps: AppDeps, userId: string, code: string) {
  await deps.handle.db
    .delete(usedTotpCode)
    .where(and(eq(usedTotpCode.userId, userId), eq(usedTotpCode.code, code)));
}

/**
 * The user a pending sign-in's two-factor cookie names (better-auth keeps it in
 * `verification`). Only used to key the used-code claim: better-auth checks the
 * cookie's signature itself.
 */
async function pendingSignInUser(c: Context<AppBindings>): Promise<string | null> {
  const m = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=([^;]+)/.exec(c.req.header('cookie') ?? '');
  if (!m) return null;
  const signed = decodeURIComponent(m[1]!);
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const [row] = await c
    .get('deps')
    .handle.db.select({ userId: verification.value })
    .from(verification)
    .where(eq(verification.identifier, signed.slice(0, dot)));
  return row?.userId ?? null;
}

/** better-auth's refusal of a code, in our words. */
function codeRefused(r: AuthResult): never {
  const code = authCode(r);
  if (r.status === 429 || code === 'ACCOUNT_TEMPORARILY_LOCKED')
    throw new ApiError(429, 'TOO_MANY_REQUESTS', MSG.security.codeTooMany);
  if (code === 'INVALID_TWO_FACTOR_COOKIE' || code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE')
    throw new ApiError(401, 'SIGN_IN_EXPIRED', MSG.security.codeStepExpired);
  if (code === 'TOTP_NOT_ENABLED') throw new ApiError(400, code, MSG.security.twoFactorNotStarted);
  throw new ApiError(401, 'INVALID_CODE', MSG.security.codeWrong);
}

/** A TOTP code through better-auth, refused when already used inside its window. */
async function verifyTotpOnce(c: Context<AppBindings>, userId: string | null, code: string) {
  const deps = c.get('deps');
  if (userId && !(await claimCode(deps, userId, code)))
    throw new ApiError(401, 'CODE_ALREADY_USED', MSG.security.codeUsed);
  const r = await callAuth(c, 'POST', '/two-factor/verify-totp', { code });
  if (r.status >= 400) {
    if (userId) await releaseCode(deps, userId, code);
    codeRefused(r);
  }
  return r;
}

/** The session token a Set-Cookie list carries (better-auth's signed session cookie). */
function sessionTokenOf(cookies: string[]): string | null {
  for (const ck of cookies) {
    const m = /^(?:__Secure-)?better-auth\.session_token=([^;]*)/.exec(ck);
    if (m?.[1]) return decodeURIComponent(m[1]).split('.')[0] ?? null;
  }
  return null;
}

export function secondFactorRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(enableRoute, async (c) => {
    const { password } = c.req.valid('json');
    const u = currentUser(c);
    if (u.twoFactorEnabled) throw new ApiError(400, 'TWO_FACTOR_ALREADY_ON', MSG.security.twoFactorAlreadyOn);
    const r = await callAuth(c, 'POST', '/two-factor/enable', { password });
    refuseIfPasswordStepFailed(r, 'TWO_FACTOR_FAILED');
    c.header('cache-control', 'no-store');
    return c.json(
      { totpURI: String(r.body?.totpURI ?? ''), backupCodes: (r.body?.backupCodes as string[]) ?? [] },
      200,
    );
  });

  app.openapi(confirmRoute, async (c) => {
    const { code } = c.req.valid('json');
    const deps = c.get('deps');
    const u = currentUser(c);
    if (u.twoFactorEnabled) throw new ApiError(400, 'TWO_FACTOR_ALREADY_ON', MSG.security.twoFactorAlreadyOn);
    const r = await verifyTotpOnce(c, u.id, code);
    // better-auth replaced this browser's session with a new one: keep that, end the rest.
    passCookies(c, r.cookies);
    const kept = await sessionOfToken(deps, sessionTokenOf(r.cookies));
    await revokeSessions(deps, u.id, { exceptId: kept?.id ?? c.get('sessionId') });
    await mailSecurityChange(deps, u.id, 'two-factor authentication was turned on', requestFacts(c));
    return c.json({ ok: true as const, message: MSG.security.twoFactorOn }, 200);
  });

  app.openapi(disableRoute, async (c) => {
    const { password } = c.req.valid('json');
    const deps = c.get('deps');
    const u = currentUser(c);
    const r = await callAuth(c, 'POST', '/two-factor/disable', { password });
    refuseIfPasswordStepFailed(r, 'TWO_FACTOR_FAILED');
    // better-auth replaced this browser's session: every process forgets the old one.
    passCookies(c, r.cookies);
    await forgetSessions(deps, u.id);
    await mailSecurityChange(deps, u.id, 'two-factor authentication was turned off', requestFacts(c));
    return c.json({ ok: true as const, message: MSG.security.twoFactorOff }, 200);
  });

  app.openapi(signInCodeRoute, async (c) => {
    const input = c.req.valid('json');
    const deps = c.get('deps');
    let r: AuthResult;
    if (input.method === 'totp') {
      r = await verifyTotpOnce(c, await pendingSignInUser(c), input.code);
    } else {
      const code = await backupCodeForAuth(deps, await pendingSignInUser(c), input.code);
      r = await callAuth(c, 'POST', '/two-factor/verify-backup-code', { code });
      if (r.status >= 400) codeRefused(r);
    }
    passCookies(c, r.cookies);
    const started = await sessionOfToken(deps, r.body?.token);
    if (!started) throw new ApiError(401, 'SIGN_IN_EXPIRED', MSG.security.codeStepExpired);
    await noteSignIn(deps, started);
    const [row] = await deps.handle.db.select().from(user).where(eq(user.id, started.userId));
    if (!row) throw new ApiError(401, 'USER_NOT_FOUND', MSG.login.notFound);
    return c.json({ user: toMe(row, isAdminUser(row, deps.env.ADMIN_EMAIL), deps.now()) }, 200);
  });
}
