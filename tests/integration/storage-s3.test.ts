import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@/shared/messages';
import { signUp, startTestServer, type TestServer } from '../support/server';

// A local S3-compatible server. It checks the access key but not V4 signatures (aws4fetch
// signs; src/server/storage/s3.test.ts checks what the driver sends).
let s3: S3rver;
let endpoint: string;
let t: TestServer;
const dir = mkdtempSync(path.join(tmpdir(), 'sysfi-s3-'));

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'sysfi-uploads', configs: [] }],
  });
  const addr = (await s3.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${addr.port}`;
  t = await startTestServer({
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'sysfi-uploads',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3-compatible storage', () => {
  it('stores a profile photo in the bucket under a signed request and replaces the old one', async () => {
    expect(t.deps.storage.kind).toBe('s3');
    const u = await signUp(t);
    const upload = async (color: string) => {
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      const res = await fetch(`${t.url}/api/profile/photo`, {
        method: 'POST',
        body: form,
        headers: { ...u.client.origin, cookie: u.client.cookieHeader() },
      });
      return (await res.json()) as { user: { photoURL: string } };
    };
    const first = await upload('#ff0000');
    expect(first.user.photoURL).toMatch(
      new RegExp(`^${endpoint}/sysfi-uploads/avatars/${u.uid}/\\d+\\.webp$`),
    );
    const obj = await fetch(first.user.photoURL);
    expect(obj.status).toBe(200);
    expect((await sharp(Buffer.from(await obj.arrayBuffer())).metadata()).format).toBe('webp');

    await new Promise((r) => setTimeout(r, 5));
    const second = await upload('#00ff00');
    expect(second.user.photoURL).not.toBe(first.user.photoURL);
    expect((await fetch(second.user.photoURL)).status).toBe(200);
    expect((await fetch(first.user.photoURL)).status).toBe(404); // the replaced photo was deleted
  });

  it('fails cleanly, saving nothing, when the bucket refuses the credentials', async () => {
    const bad = await startTestServer({
      env: {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'sysfi-uploads',
        S3_ACCESS_KEY_ID: 'NOT-A-KEY',
        S3_SECRET_ACCESS_KEY: 'wrong',
      },
    });
    try {
      const u = await signUp(bad);
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      const res = await fetch(`${bad.url}/api/profile/photo`, {
        method: 'POST',
        body: form,
        headers: { ...u.client.origin, cookie: u.client.cookieHeader() },
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(MSG.profile.failed);
      const me = await u.client.get('/api/me');
      expect(me.body.user.photoURL).toBeNull();
    } finally {
      await bad.close();
    }
  });

  it('keeps exactly one photo object after 15 parallel uploads, and serves a PDF as a download', async () => {
    const u = await signUp(t);
    const results = await Promise.all(
      Array.from({ length: 15 }, async (_, i) => {
        const png = await sharp({
          create: {
            width: 16,
            height: 16,
            channels: 3,
            background: `#0000${(i * 16).toString(16).padStart(2, '0')}`,
          },
        })
          .png()
          .toBuffer();
        return u.client.upload('/api/profile/photo', {}, { file: [png, 'me.png', 'image/png'] });
      }),
    );
    // At most two of one member's uploads are processed at once (image-gate.ts): the rest are
    // refused with nothing kept, and of those kept one object stays.
    expect(results.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    expect(results.some((r) => r.status === 200)).toBe(true);
    // s3rver keeps each object as "<key>._S3rver_object" under its directory.
    const objects = readdirSync(path.join(dir, 'sysfi-uploads', 'avatars', u.uid)).filter((f) =>
      f.endsWith('._S3rver_object'),
    );
    expect(objects).toHaveLength(1);
    const me = await u.client.get('/api/me');
    expect(me.body.user.photoURL).toBe(
      `${endpoint}/sysfi-uploads/avatars/${u.uid}/${objects[0]!.replace('._S3rver_object', '')}`,
    );

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const res = await u.client.upload(
      '/api/contributions',
      { title: 'Paper', type: 'file' },
      { file: [pdf, 'paper.pdf', 'application/pdf'] },
    );
    expect(res.status).toBe(201);
    const served = await fetch(res.body.contribution.fileUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toBe('attachment');
  });
});
