/**
 * Our account endpoints wrap better-auth's: we validate with the shared schemas,
 * map its error codes to the spec's messages and pass its cookies through. Calls
 * go through auth.handler (not auth.api) so its rate limiter sees every attempt.
 */
import type { Context } from 'hono';
import { MSG } from '@/shared/messages';
import type { AppBindings } from '../context';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { ApiError } from '../lib/errors';
import { authFailures, CLIENT_IP_HEADER } from './auth';

export type AuthResult = { status: number; body: Record<string, unknown> | null; cookies: string[] };

/** The request itself, for better-auth's handler, with the client's IP where its rate limiter reads it. */
export function withClientIp(c: Context<AppBindings>): Request {
  const ip = c.get('clientIp');
  if (!ip) return c.req.raw;
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  return new Request(c.req.raw, { headers });
}

export async function callAuth(
  c: Context<AppBindings>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<AuthResult> {
  const { auth, env } = c.get('deps');
  const headers = new Headers();
  const cookie = c.req.header('cookie');
  if (cookie) headers.set('cookie', cookie);
  const ua = c.req.header('user-agent');
  if (ua) headers.set('user-agent', ua);
  const ip = c.get('clientIp');
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  // better-auth checks the Origin against its trustedOrigins (APP_URL) too: pass the
  // browser's own. The app's sameOriginWrites middleware (lib/csrf.ts) has accepted this
  // request, so a missing Origin here means Sec-Fetch-Site: same-origin (a proxy dropped
  // the header): then the request is ours, and says so in APP_URL's name.
  headers.set('origin', c.req.header('origin') ?? new URL(env.APP_URL).origin);
  if (body !== undefined) headers.set('content-type', 'application/json');
  const failures: unknown[] = [];
  const res = await authFailures.run(failures, () =>
    auth.handler(
      new Request(`${env.APP_URL}/api/auth${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    ),
  );
  // The database, not the request, failed: app.onError answers 503 DB_UNAVAILABLE.
  const unavailable = res.status >= 500 ? failures.find((e) => isDatabaseUnavailable(e)) : undefined;
  if (unavailable) throw new ApiError(500, 'AUTH_FAILED', MSG.common.server, unavailable);
  const text = await res.text();
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, cookies: res.headers.getSetCookie() };
}

export function passCookies(c: Context, cookies: string[]) {
  for (const ck of cookies) c.header('set-cookie', ck, { append: true });
}

export function authCode(r: AuthResult): string {
  return typeof r.body?.code === 'string' ? r.body.code : '';
}

/** better-auth's rate limit, in our words: 429 with the spec's "too many" sentence. */
export function refuseIfRateLimited(r: AuthResult): void {
  if (r.status === 429) throw new ApiError(429, 'TOO_MANY_REQUESTS', MSG.common.tooMany);
}

/**
 * better-auth's refusal of a step the account's password guards (changing the password,
 * turning the second factor on or off), in our words; nothing when it went through.
 */
export function refuseIfPasswordStepFailed(r: AuthResult, failedCode: string): void {
  refuseIfRateLimited(r);
  if (r.status < 400) return;
  const code = authCode(r);
  if (code === 'INVALID_PASSWORD') throw new ApiError(400, 'WRONG_PASSWORD', MSG.security.wrongPassword);
  throw new ApiError(400, code || failedCode, MSG.common.server);
}
