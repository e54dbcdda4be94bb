/**
 * An S3-compatible storage driver: path-style object URLs, requests signed with
 * AWS Signature V4 by aws4fetch, so any S3 API works: AWS, R2, MinIO, Ceph, s3rver.
 */
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { Storage } from './storage';

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL under which objects are publicly readable; default {endpoint}/{bucket}. */
  publicUrl?: string;
};

/** RFC 3986 encoding of one key segment (what S3 and SigV4 expect in a path). */
const encodeSegment = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `2013-05-24T00:00:00.000Z` → `20130524T000000Z`, the signature's time stamp. */
const amzDate = (d: Date) => d.toISOString().replace(/[:-]|\.\d{3}/g, '');

/** The signing client for a bucket: one attempt per call (no hidden retries while a request waits). */
export function s3Client(cfg: S3Config): AwsClient {
  return new AwsClient({
    accessKeyId: cfg.accessKeyId,
    secretAccessKey: cfg.secretAccessKey,
    service: 's3',
    region: cfg.region,
    retries: 0,
  });
}

export function createS3Storage(cfg: S3Config, now: () => Date = () => new Date()): Storage {
  const base = cfg.endpoint.replace(/\/$/, '');
  const publicBase = (cfg.publicUrl ?? `${base}/${cfg.bucket}`).replace(/\/$/, '');
  const client = s3Client(cfg);
  const objectUrl = (key: string) => `${base}/${cfg.bucket}/${key.split('/').map(encodeSegment).join('/')}`;

  async function send(method: 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    const res = await client.fetch(objectUrl(key), {
      method,
      headers: {
        ...(contentType ? { 'content-type': contentType } : {}),
        // Anything but an image is a download, never a page opened from our bucket.
        ...(contentType && !contentType.startsWith('image/') ? { 'content-disposition': 'attachment' } : {}),
        // The payload is signed too (aws4fetch would send UNSIGNED-PAYLOAD for S3).
        'x-amz-content-sha256': createHash('sha256')
          .update(body ?? '')
          .digest('hex'),
      },
      body: body ? new Uint8Array(body) : undefined,
      aws: { datetime: amzDate(now()), allHeaders: true },
    });
    if (!res.ok && !(method === 'DELETE' && res.status === 404)) {
      throw new Error(`S3 ${method} ${key} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    await res.body?.cancel();
  }

  return {
    kind: 's3',
    async put(key, body, contentType) {
      await send('PUT', key, body, contentType);
      return `${publicBase}/${key}`;
    },
    async removeByUrl(url) {
      if (!url.startsWith(`${publicBase}/`)) return;
      await send('DELETE', url.slice(publicBase.length + 1));
    },
  };
}
