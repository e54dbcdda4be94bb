/**
 * Every write proves it comes from our pages (cross-site request forgery). A request
 * whose method is not GET, HEAD or OPTIONS is accepted only when its Origin is the
 * app's own (APP_URL), or, when a proxy stripped the Origin, when the browser says
 * Sec-Fetch-Site: same-origin. Anything else is a 403 before its body is read.
 *
 * Not hono/csrf: it checks only form-like bodies (form, multipart, text/plain) and
 * lets any JSON or unknown content type through, trusting the CORS preflight; and it
 * accepts Sec-Fetch-Site: same-origin even next to a foreign Origin. We want one rule
 * for every write, whatever its body (ADR 0010).
 */
import { createMiddleware } from 'hono/factory';
import { MSG } from '@/shared/messages';
import { errorBody } from './errors';

const SAFE_METHOD = /^(GET|HEAD|OPTIONS)$/;

/** True when a request with these headers may change state on the app at appOrigin. */
export function isSameOriginWrite(
  appOrigin: string,
  origin: string | undefined,
  secFetchSite: string | undefined,
) {
  if (origin !== undefined) return origin === appOrigin;
  return secFetchSite === 'same-origin';
}

/**
 * The one write let through without our Origin: RFC 8058's one-click unsubscribe, which
 * mail clients POST from their own servers with no Origin. It passes only when the URL
 * carries a token we signed (checked by `signed`), and that token can do nothing but turn
 * off one category of one user's mail (docs/security.md).
 */
export type SignedWrite = { method: 'POST'; path: string; signed: (token: string) => boolean };

export function sameOriginWrites(appUrl: string, exempt?: SignedWrite) {
  const appOrigin = new URL(appUrl).origin;
  return createMiddleware(async (c, next) => {
    if (SAFE_METHOD.test(c.req.method)) return next();
    if (exempt && c.req.method === exempt.method && c.req.path === exempt.path) {
      const token = c.req.query('token');
      if (token && exempt.signed(token)) return next();
    }
    if (isSameOriginWrite(appOrigin, c.req.header('origin'), c.req.header('sec-fetch-site'))) return next();
    c.header('connection', 'close'); // the body is never read
    return c.json(errorBody('CROSS_SITE_REQUEST', MSG.common.crossSite), 403);
  });
}
