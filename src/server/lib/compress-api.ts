/**
 * The API's JSON answers travel compressed when the browser accepts it (brotli, else
 * gzip; lib/encoding.ts). A list page or a dashboard is tens of KB of JSON: on a phone's
 * network (1.6 Mbit/s) that is a few hundred milliseconds of transfer before the page can
 * show its data, and about a fifth of it compressed.
 *
 * What is compressed: GET answers of 200 with a JSON body of 1 KB or more. Writes are not:
 * an answer to a write can carry a secret the request chose to see (two-factor setup),
 * and compressing a secret beside text an attacker chose leaks it through the size
 * (BREACH). Small answers are sent as they are (compression would not pay for itself).
 *
 * Cost: an answer many ask for at once (a list's cached first page, the leaderboard) is
 * the same text each time, so the last few encodings are kept by their text: a repeat
 * costs a lookup, not a compression. The key is the whole text, so a kept encoding is only
 * ever sent for the very same answer.
 */
import type { MiddlewareHandler } from 'hono';
import { accepted, type Encoded, encodeOnce } from './encoding';

/** Below this a JSON answer is sent as it is. */
export const COMPRESS_MIN_BYTES = 1024;
/** Encodings kept for repeats, and the largest answer kept (larger ones are compressed each time). */
const KEPT = 32;
const KEPT_MAX_BYTES = 64 * 1024;

const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

export function compressApi(): MiddlewareHandler {
  const kept = { br: new Map<string, Encoded>(), gzip: new Map<string, Encoded>() };
  return async (c, next) => {
    await next();
    // Only the status and headers are read before it is known the answer will be encoded: reading
    // the body turns @hono/node-server's light answer into a full web Response (a tenth of a cached
    // read's cost).
    const res = c.res;
    if (
      c.req.method !== 'GET' ||
      res.status !== 200 ||
      res.headers.has('content-encoding') ||
      !res.headers.get('content-type')?.startsWith('application/json')
    )
      return;
    // The same URL answers in several encodings: a shared cache must key on the browser's.
    const vary = res.headers.get('vary');
    if (!vary) res.headers.set('vary', 'Accept-Encoding');
    else if (vary !== '*' && !VARY_ACCEPT_ENCODING.test(vary))
      res.headers.set('vary', `${vary}, Accept-Encoding`);

    const accepts = accepted(c.req.header('accept-encoding'));
    const encoding = accepts.has('br') ? 'br' : accepts.has('gzip') ? 'gzip' : null;
    if (!encoding) return;
    const text = await res.text();
    const identity = Buffer.from(text, 'utf8');
    let out: Encoded = { body: identity, encoding: null };
    if (identity.byteLength >= COMPRESS_MIN_BYTES) {
      const mine = kept[encoding];
      const hit = mine.get(text);
      if (hit) {
        out = hit;
      } else {
        out = encodeOnce(identity, new Set([encoding]));
        if (identity.byteLength <= KEPT_MAX_BYTES) {
          if (mine.size >= KEPT) mine.delete(mine.keys().next().value!);
          mine.set(text, out);
        }
      }
    }
    const headers = new Headers(res.headers);
    headers.set('content-length', String(out.body.byteLength));
    if (out.encoding) headers.set('content-encoding', out.encoding);
    // Not merged into the old answer's headers (Hono's setter would): this one is complete.
    c.res = undefined;
    c.res = new Response(new Uint8Array(out.body), { status: res.status, headers });
  };
}
