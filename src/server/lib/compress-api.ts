/**
 * The API's JSON answers travel compressed when the browser accepts it (brotli, else
 * gzip; lib/encoding.ts). A list page or a dashboard is tens of KB of JSON: on a phone's
 * network (1.6 Mbit/s) that is a few hundred milliseconds of transfer, and about a fifth
 * of it compressed.
 *
 * What is compressed: GET answers of 200 with a JSON body of 1 KB or more. Writes are not:
 * an answer to a write can carry a secret the request chose to see (two-factor setup),
 * and compressing a secret beside text an attacker chose leaks it through the size
 * (BREACH). Small answers are sent as they are (compression would not pay for itself).
 *
 * Cost: an answer many ask for at once (a list's cached first page, the leaderboard) is
 * sent through keptJson, and its encodings are kept with its text (kept-json.ts): a repeat
 * costs no compression, and what a member alone sees is never kept. An answer over 64 KB
 * is compressed in libuv's thread pool, so the event loop serves others meanwhile.
 */
import type { MiddlewareHandler } from 'hono';
import { accepted, type Encoding, encodeInPool, encodeSync, preferred } from './encoding';
import { keptAnswerOf } from './kept-json';

/** Below this a JSON answer is sent as it is. */
export const COMPRESS_MIN_BYTES = 1024;
/** Above this an answer is compressed off the event loop. */
const IN_POOL_BYTES = 64 * 1024;

const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

type Encode = (bytes: Buffer, encoding: Encoding) => Promise<Buffer>;
const encode: Encode = async (bytes, encoding) =>
  bytes.byteLength > IN_POOL_BYTES ? encodeInPool(bytes, encoding) : encodeSync(bytes, encoding);

/** `opts.encode` stands in for the compression in tests (to count it). */
export function compressApi(opts: { encode?: Encode } = {}): MiddlewareHandler {
  const compress = opts.encode ?? encode;
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

    const encoding = preferred(accepted(c.req.header('accept-encoding')));
    if (!encoding) return;
    const kept = keptAnswerOf(c);
    const identity = Buffer.from(kept ? kept.text : await res.text(), 'utf8');
    let body: Buffer = identity;
    if (identity.byteLength >= COMPRESS_MIN_BYTES) {
      const done = kept?.encoded.get(encoding);
      body = done ?? (await compress(identity, encoding));
      if (kept && !done) kept.encoded.set(encoding, body);
    }
    const headers = new Headers(res.headers);
    headers.set('content-length', String(body.byteLength));
    if (body !== identity) headers.set('content-encoding', encoding);
    // Not merged into the old answer's headers (Hono's setter would): this one is complete.
    c.res = undefined;
    c.res = new Response(new Uint8Array(body), { status: res.status, headers });
  };
}
