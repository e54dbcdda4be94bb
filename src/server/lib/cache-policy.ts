/**
 * The API's default caching policy. An answer that names none may be one member's own (their
 * inbox, their XP history): no shared cache may keep it, and the browser keeps no copy. A proxy
 * or CDN told to cache /api/* would otherwise hand it to the next visitor (outside review).
 * Routes whose answers may be shared say so themselves (the leaderboard's `public, max-age=15`).
 */
import type { MiddlewareHandler } from 'hono';

export const PRIVATE_ANSWER = 'private, no-store';

export function privateByDefault(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.headers.has('cache-control')) return;
    try {
      c.res.headers.set('cache-control', PRIVATE_ANSWER);
    } catch {
      // The headers of a fetched Response are immutable: answer with a copy.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('cache-control', PRIVATE_ANSWER);
    }
  };
}
