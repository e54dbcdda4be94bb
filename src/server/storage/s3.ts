/**
 * An S3-compatible storage driver with its own small AWS Signature V4 signer
 * (path-style requests), so any S3 API works: AWS, R2, MinIO, Ceph, s3rver.
 */
import { createHash, createHmac } from 'node:crypto';
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

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (slashes kept in paths). */
function encode(s: string, keepSlash: boolean) {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');
}

export type SignInput = {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
  date: Date;
};

/** Returns the headers to send, including x-amz-date, x-amz-content-sha256 and authorization. */
export function signV4(input: SignInput): Record<string, string> {
  const service = input.service ?? 's3';
  const amzDate = input.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: input.url.host,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': input.payloadHash,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]}\n`).join('');
  const signedHeaders = names.join(';');
  const query = [...input.url.searchParams]
    .map(([k, v]) => [encode(k, false), encode(v, false)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    input.method,
    encode(decodeURIComponent(input.url.pathname), true),
    query,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const kDate = hmac(`AWS4${input.secretAccessKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, input.region), service), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

export function createS3Storage(cfg: S3Config, now: () => Date = () => new Date()): Storage {
  const base = cfg.endpoint.replace(/\/$/, '');
  const publicBase = (cfg.publicUrl ?? `${base}/${cfg.bucket}`).replace(/\/$/, '');
  const objectUrl = (key: string) =>
    new URL(
      `${base}/${cfg.bucket}/${key
        .split('/')
        .map((p) => encode(p, false))
        .join('/')}`,
    );

  async function send(method: 'PUT' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    const url = objectUrl(key);
    const headers = signV4({
      method,
      url,
      headers: contentType ? { 'content-type': contentType } : {},
      payloadHash: sha256(body ?? ''),
      region: cfg.region,
      accessKeyId: cfg.accessKeyId,
      secretAccessKey: cfg.secretAccessKey,
      date: now(),
    });
    delete headers.host; // fetch sets it
    const res = await fetch(url, { method, headers, body: body ? new Uint8Array(body) : undefined });
    if (!res.ok && !(method === 'DELETE' && res.status === 404)) {
      throw new Error(`S3 ${method} ${key} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
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
