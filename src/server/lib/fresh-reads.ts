/**
 * A member's own writes show on their next request, on whichever process it lands (ADR 0023).
 *
 * On PostgreSQL a process keeps the member's row and the lists' versions until it hears of a
 * change. The process that made a write knows at once; another one hears within milliseconds,
 * and a browser on the same machine can be faster than that: a write answered by one worker,
 * then the page's next read on another. So every answer to a member's write (and to the e-mail
 * verification link, the one GET that writes) sets a short-lived cookie, and a request that
 * carries it reads past every cache keyed by the write generation (`readingFresh`).
 *
 * The cookie can only make a request read more, never less: sending it by hand costs its sender
 * a few statements, as a cache miss does. On PGlite one process sees every write at once, so
 * nothing is set.
 */
import type { MiddlewareHandler } from 'hono';
import { MAX_REUSE_MS, readingFresh } from '@/db/write-generation';

export const FRESH_COOKIE = 'sysfi_fresh';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GETs that write: better-auth's e-mail verification link. */
const WRITING_GETS = new Set(['/api/auth/verify-email']);

export function freshAfterWrites(opts: { enabled: boolean; secure: boolean }): MiddlewareHandler {
  // After MAX_REUSE_MS every process reads again anyway (db/write-generation.ts).
  const cookie = `${FRESH_COOKIE}=1; Path=/; Max-Age=${Math.ceil(MAX_REUSE_MS / 1000)}; HttpOnly; SameSite=Lax${opts.secure ? '; Secure' : ''}`;
  return async (c, next) => {
    if (!opts.enabled) return next();
    if (c.req.header('cookie')?.includes(`${FRESH_COOKIE}=`)) await readingFresh(next);
    else await next();
    const wrote = !READS.has(c.req.method) || WRITING_GETS.has(c.req.path);
    if (!wrote || c.res.status >= 400) return;
    try {
      c.res.headers.append('set-cookie', cookie);
    } catch {
      // A response with frozen headers (Response.redirect): a copy takes the cookie.
      const res = new Response(c.res.body, c.res);
      res.headers.append('set-cookie', cookie);
      c.res = undefined;
      c.res = res;
    }
  };
}
