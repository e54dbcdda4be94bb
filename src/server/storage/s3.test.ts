import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3';

// The driver against a local HTTP server that records what it receives (the signature's
// arithmetic is aws4fetch's; tests/integration/storage-s3.test.ts runs against s3rver).
type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer };
const seen: Seen[] = [];
let status = 200;
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks),
    });
    res.writeHead(status).end(status === 200 ? '' : '<Error>refused</Error>');
  });
});
let endpoint = '';

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const storage = () =>
  createS3Storage(
    {
      endpoint,
      bucket: 'uploads',
      region: 'eu-west-3',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
    },
    () => new Date('2026-05-24T10:20:30.456Z'),
  );

describe('S3 driver', () => {
  it('puts an object path-style, with the payload hash, the clock’s date and a V4 signature over them', async () => {
    seen.length = 0;
    status = 200;
    const body = Buffer.from('image bytes');
    const url = await storage().put('avatars/u1/1 (x).webp', body, 'image/webp');
    expect(url).toBe(`${endpoint}/uploads/avatars/u1/1 (x).webp`);
    const [req] = seen;
    expect(req?.method).toBe('PUT');
    expect(req?.url).toBe('/uploads/avatars/u1/1%20%28x%29.webp');
    expect(req?.body.equals(body)).toBe(true);
    expect(req?.headers['content-type']).toBe('image/webp');
    expect(req?.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(body).digest('hex'));
    expect(req?.headers['x-amz-date']).toBe('20260524T102030Z');
    expect(req?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20260524\/eu-west-3\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });

  it('deletes by the URL it returned, ignores URLs that are not its own, and takes a 404 as done', async () => {
    seen.length = 0;
    status = 404;
    const s = storage();
    await s.removeByUrl(`${endpoint}/uploads/avatars/u1/old.webp`);
    await s.removeByUrl('/uploads/avatars/u1/old.webp');
    await s.removeByUrl('https://elsewhere.example/uploads/x.webp');
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /uploads/avatars/u1/old.webp']);
  });

  it('fails with the status when the bucket refuses, once (no retries while a request waits)', async () => {
    seen.length = 0;
    status = 503;
    await expect(storage().put('a/b.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /S3 PUT a\/b\.webp failed: 503/,
    );
    expect(seen).toHaveLength(1);
  });
});
