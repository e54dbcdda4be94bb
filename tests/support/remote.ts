/** Helpers for tests that drive the app as a separate process over HTTP. */
import { FRESH_COOKIE } from '@/server/lib/fresh-reads';
import { Client } from './server';
import type { Smtp } from './smtp';

let seq = 0;
/**
 * Signs up and verifies through the mail link. `ip` is sent as X-Forwarded-For (a visitor of
 * its own for the sign-up rate limit; the server must run with TRUST_PROXY=true). The member
 * comes back as from a later visit: without the few-second cookie the verification's answer set
 * (server/lib/fresh-reads.ts), which a browser drops by then, so a benchmark that sends this
 * member's cookies over and over measures what a returning member costs.
 */
export async function signUpRemote(
  base: string,
  smtp: Smtp,
  opts: { email?: string; role?: string; ip?: string } = {},
) {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}${Math.random().toString(36).slice(2, 5)}`;
  const email = opts.email ?? `p${tag}@example.test`;
  const client = new Client(base);
  const res = await client.request(
    'POST',
    '/api/account/sign-up',
    { email, displayName: `Proc ${tag}`, password: 'secret12', confirmPassword: 'secret12', role: opts.role },
    opts.ip ? { 'x-forwarded-for': opts.ip } : {},
  );
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const mail = await smtp.waitFor(email, 'Verify', 20_000);
  const link = mail.links.find((l) => l.includes('/api/auth/verify-email'))!;
  const v = await client.get(link);
  if (v.status !== 302) throw new Error(`verify failed: ${v.status}`);
  client.dropCookie(FRESH_COOKIE);
  return { client, uid: res.body.user.uid as string, email, displayName: `Proc ${tag}` };
}
