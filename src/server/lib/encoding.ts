/**
 * Content encodings of what the server makes per request: the pages drawn for whom
 * they show (client-pages.ts) and the API's JSON answers (compress-api.ts). One choice
 * of encoding and one set of fast settings for both.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoded = { body: Buffer; encoding: 'br' | 'gzip' | null };
export type Encoding = 'br' | 'gzip';

/** The encodings the browser accepts (q > 0), lower-cased. */
export function accepted(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) out.add(name);
  }
  return out;
}

/** The best encoding we make that `accepts` allows: brotli, else gzip, else none. */
export function preferred(accepts: Set<string>): Encoding | null {
  return accepts.has('br') ? 'br' : accepts.has('gzip') ? 'gzip' : null;
}

/**
 * Fast settings: brotli at quality 5 (a few KB to some tens of KB in well under a
 * millisecond), gzip at level 6.
 */
const brotliOptions = (bytes: Buffer): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
  },
});
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

/** `bytes` in `encoding`, on this thread (small texts). */
export function encodeSync(bytes: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(bytes, brotliOptions(bytes))
    : zlib.gzipSync(bytes, GZIP_OPTIONS);
}

/** `bytes` in the best encoding `accepts` allows, on this thread (small texts). */
export function encodeOnce(bytes: Buffer, accepts: Set<string>): Encoded {
  const encoding = preferred(accepts);
  return encoding ? { body: encodeSync(bytes, encoding), encoding } : { body: bytes, encoding: null };
}

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/** `bytes` in `encoding`, in libuv's thread pool: the event loop goes on meanwhile (large texts). */
export function encodeInPool(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(bytes, brotliOptions(bytes)) : gzipAsync(bytes, GZIP_OPTIONS);
}
