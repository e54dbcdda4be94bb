/**
 * Content encodings of what the server makes per request: the pages drawn for whom
 * they show (client-pages.ts) and the API's JSON answers (compress-api.ts). One choice
 * of encoding and one set of fast settings for both.
 */
import zlib from 'node:zlib';

export type Encoded = { body: Buffer; encoding: 'br' | 'gzip' | null };

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

/**
 * `bytes` in the best encoding `accepts` allows, with fast settings: brotli at quality 5
 * (a few KB to some tens of KB in well under a millisecond), else gzip at level 6, else as is.
 */
export function encodeOnce(bytes: Buffer, accepts: Set<string>): Encoded {
  if (accepts.has('br')) {
    const params = {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    };
    return { body: zlib.brotliCompressSync(bytes, { params }), encoding: 'br' };
  }
  if (accepts.has('gzip')) return { body: zlib.gzipSync(bytes, { level: 6 }), encoding: 'gzip' };
  return { body: bytes, encoding: null };
}
