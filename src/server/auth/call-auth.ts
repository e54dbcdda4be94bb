/**
 * Our account endpoints wrap better-auth's: we validate with the shared schemas,
 * map its error codes to the spec's messages and pass its cookies through. Calls
 * go through auth.handler (not auth.api) so its rate limiter sees every attempt.
 */
import type { Context } from 'hono';
import type { AppBindings } from '../context';
import { CLIENT_IP_HEADER } from './auth';

export type AuthResult = { status: number; body: Record<string, unknown> | null; cookies: string[] };

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
  const ip = c.req.header(CLIENT_IP_HEADER);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  // The request was already checked as ours (same-origin JSON); tell better-auth so.
  headers.set('origin', env.APP_URL);
  if (body !== undefined) headers.set('content-type', 'application/json');
  const res = await auth.handler(
    new Request(`${env.APP_URL}/api/auth${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
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
