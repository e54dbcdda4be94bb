/**
 * Whoever proves control of an address owns the account (ADR 0016).
 *
 * - A sign-up for an address held by an unverified account replaces that account:
 *   whoever registered it first proved nothing, and may be someone else. So does a sign-up
 *   for a display name an unverified account has held past its verification link's life.
 * - The verification link completes only in a browser signed in to that account (the one
 *   that signed up), or after the account's password is entered; either way every other
 *   session of the account ends. So the person who reads the mail and the person who knows
 *   the password must be the same, and nobody else stays signed in.
 */
import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { jwtVerify } from 'jose';
import type { DbExecutor } from '@/db/client';
import { session, user } from '@/db/schema';
import { callAuth, passCookies, refuseIfRateLimited, withClientIp } from '@/server/auth/call-auth';
import { forgetSessions, revokeSessions, sessionCookie } from '@/server/auth/session-cache';
import type { AppBindings, AppDeps, UserRow } from '@/server/context';
import { ApiError } from '@/server/lib/errors';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { awardPoints } from '../xp/ledger';

/**
 * What a verification token says, once its signature and expiry check out (the same check
 * better-auth makes, with the same secret). A forged or expired token says nothing: nothing
 * is looked up for it, so its answer cannot tell which address belongs to which member.
 */
export async function tokenClaim(
  deps: AppDeps,
  token: string,
): Promise<{ email: string; userId: string } | null> {
  try {
    const { payload: v } = await jwtVerify(token, new TextEncoder().encode(deps.env.AUTH_SECRET), {
      algorithms: ['HS256'],
    });
    if (typeof v.email !== 'string' || typeof v.userId !== 'string' || v.updateTo) return null;
    return { email: v.email, userId: v.userId };
  } catch {
    return null;
  }
}

/**
 * Removes the unverified account holding `email`, if any, so a new sign-up can take the
 * address. Returns false when the address belongs to a verified account (nothing done).
 */
export function releaseUnverifiedAddress(deps: AppDeps, email: string): Promise<boolean> {
  return releaseUnverified(deps, eq(sql`lower(${user.email})`, email));
}

/**
 * Whether the display name `key` is held by an unverified account nobody has used within its
 * verification link's life (LIMITS.verificationLinkMs): created before that, and no session
 * of it seen since (asking for a new link takes a session, so a fresh link keeps the name).
 * Such a name goes to the next sign-up that asks for it (releaseUnverifiedName).
 */
export async function nameHeldByStale(deps: AppDeps, key: string): Promise<boolean> {
  const [holder] = await deps.handle.db
    .select({ id: user.id, emailVerified: user.emailVerified, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.username, key));
  return !!holder && (await stale(deps.handle.db, holder, staleCutoff(deps)));
}

/**
 * Removes the account nameHeldByStale names, re-checked under its row lock. Returns false
 * when the name is held by anyone else (a verified account, a recent sign-up): nothing done.
 */
export function releaseUnverifiedName(deps: AppDeps, key: string): Promise<boolean> {
  return releaseUnverified(deps, eq(user.username, key), staleCutoff(deps));
}

const staleCutoff = (deps: AppDeps) => new Date(deps.now().getTime() - LIMITS.verificationLinkMs);

type Holder = { id: string; emailVerified: boolean; createdAt: Date };

async function stale(exec: DbExecutor, h: Holder, cutoff: Date): Promise<boolean> {
  if (h.emailVerified || h.createdAt >= cutoff) return false;
  // Never past LIMITS.unverifiedNameHoldMs since the sign-up, however often its session is used.
  const holdEnd = h.createdAt.getTime() + LIMITS.unverifiedNameHoldMs;
  if (holdEnd <= cutoff.getTime() + LIMITS.verificationLinkMs) return true;
  const seen = await exec
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.userId, h.id), gte(session.lastSeenAt, cutoff)))
    .limit(1);
  return seen.length === 0;
}

/**
 * The one way an unverified account is removed: its XP out through the ledger, its sessions
 * gone. With `staleBefore`, only an account stale by then (see nameHeldByStale); without, any
 * unverified holder, and no holder at all counts as free.
 */
async function releaseUnverified(deps: AppDeps, holds: SQL, staleBefore?: Date): Promise<boolean> {
  const released = await deps.handle.db.transaction(async (tx) => {
    const [holder] = await tx
      .select({
        id: user.id,
        emailVerified: user.emailVerified,
        pointBalance: user.pointBalance,
        createdAt: user.createdAt,
      })
      .from(user)
      .where(holds)
      .for('update');
    if (!holder) return { ok: true as const, id: null };
    if (holder.emailVerified) return { ok: false as const, id: null };
    if (staleBefore && !(await stale(tx, holder, staleBefore))) return { ok: false as const, id: null };
    // XP it earned as a referrer leaves through the ledger, so the rank histogram stays right.
    if (holder.pointBalance !== 0)
      await awardPoints(tx, {
        userId: holder.id,
        delta: -holder.pointBalance,
        reason: 'account-replaced',
        key: `account-replaced:${holder.id}`,
      });
    await tx.delete(user).where(eq(user.id, holder.id)); // sessions, accounts and its rows go with it
    return { ok: true as const, id: holder.id };
  });
  if (released.id) {
    await forgetSessions(deps, released.id); // its sessions went with the row
    deps.leaderboard.invalidate();
  }
  return released.ok;
}

/** The better-auth session token behind a request's cookie, if it is a live session. */
export async function sessionToken(deps: AppDeps, headers: Headers): Promise<string | null> {
  const s = await deps.auth.api.getSession({ headers }).catch(() => null);
  return s?.session.token ?? null;
}

/**
 * GET /api/auth/verify-email (the mail's link). In the browser signed in to the account
 * being verified, better-auth verifies and every other session ends; anywhere else the
 * link leads to a page that asks for the account's password (/verified?confirm=…),
 * and nothing changes until it is entered.
 */
export async function openVerificationLink(
  c: Context,
  deps: AppDeps,
  viewer: () => Promise<UserRow | null>,
): Promise<Response> {
  const token = c.req.query('token') ?? '';
  const claim = await tokenClaim(deps, token);
  const [holder] = claim
    ? await deps.handle.db
        .select({ id: user.id, emailVerified: user.emailVerified })
        .from(user)
        .where(eq(user.id, claim.userId))
    : [];
  // A bad or stale token, or an address already verified: better-auth gives its answer.
  if (!holder || holder.emailVerified) return deps.auth.handler(withClientIp(c));
  const me = await viewer();
  if (me?.id !== holder.id) return c.redirect(`/verified?confirm=${encodeURIComponent(token)}`, 302);
  const res = await deps.auth.handler(withClientIp(c));
  const location = res.headers.get('location') ?? '';
  if (res.status === 302 && !/[?&]error=/.test(location)) {
    await revokeSessions(deps, holder.id, { except: await sessionToken(deps, c.req.raw.headers) });
  }
  return res;
}

/**
 * POST /api/account/verify-email: the link opened in another browser. The account's
 * password (checked by better-auth's sign-in, with its rate limit) proves the person
 * reading the mail owns the account; then better-auth verifies the token, this browser
 * keeps the new session and every other session ends.
 */
export async function verifyWithPassword(
  c: Context<AppBindings>,
  token: string,
  password: string,
): Promise<UserRow> {
  const deps = c.get('deps');
  const claim = await tokenClaim(deps, token);
  const [holder] = claim ? await deps.handle.db.select().from(user).where(eq(user.id, claim.userId)) : [];
  if (!holder || holder.email.toLowerCase() !== claim?.email)
    throw new ApiError(400, 'INVALID_TOKEN', MSG.verify.linkInvalid);
  if (holder.emailVerified) throw new ApiError(409, 'ALREADY_VERIFIED', MSG.verify.alreadyVerified);
  const signIn = await callAuth(c, 'POST', '/sign-in/email', {
    email: holder.email,
    password,
    rememberMe: true,
  });
  refuseIfRateLimited(signIn);
  if (signIn.status >= 400) throw new ApiError(401, 'WRONG_PASSWORD', MSG.login.wrongPassword);
  const cookie = signIn.cookies.map((sc) => sc.split(';')[0]!).find((p) => sessionCookie(p));
  const headers = new Headers({ cookie: cookie ?? '', origin: new URL(deps.env.APP_URL).origin });
  const verified = await deps.auth.handler(
    new Request(`${deps.env.APP_URL}/api/auth/verify-email?token=${encodeURIComponent(token)}`, { headers }),
  );
  passCookies(c, signIn.cookies);
  if (verified.status !== 200) throw new ApiError(400, 'INVALID_TOKEN', MSG.verify.linkInvalid);
  passCookies(c, verified.headers.getSetCookie());
  await revokeSessions(deps, holder.id, { except: await sessionToken(deps, headers) });
  const [fresh] = await deps.handle.db.select().from(user).where(eq(user.id, holder.id));
  return fresh!;
}
