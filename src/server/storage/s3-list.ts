/**
 * Lists a bucket (ListObjectsV2, path-style, signed like every other request) for the
 * orphan sweeper. Kept apart from the driver; signed by the same aws4fetch client.
 */
import { createHash } from 'node:crypto';
import { type S3Config, s3Client } from './s3';
import type { StoredObject } from './storage';

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

export function s3Lister(cfg: S3Config) {
  const base = cfg.endpoint.replace(/\/$/, '');
  const publicBase = (cfg.publicUrl ?? `${base}/${cfg.bucket}`).replace(/\/$/, '');
  const client = s3Client(cfg);
  return async function* list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const url = new URL(`${base}/${cfg.bucket}`);
      url.searchParams.set('list-type', '2');
      if (token) url.searchParams.set('continuation-token', token);
      const res = await client.fetch(url.toString(), {
        headers: { 'x-amz-content-sha256': EMPTY_SHA256 },
        signal: AbortSignal.timeout(20_000),
      });
      const xml = await res.text();
      if (!res.ok) throw new Error(`S3 list failed: ${res.status} ${xml.slice(0, 200)}`);
      for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = /<Key>([\s\S]*?)<\/Key>/.exec(m[1]!)?.[1];
        const at = /<LastModified>([\s\S]*?)<\/LastModified>/.exec(m[1]!)?.[1];
        if (key && at) yield { url: `${publicBase}/${unescapeXml(key)}`, modified: new Date(at) };
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? /<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(xml)?.[1]
        : undefined;
    } while (token);
  };
}
