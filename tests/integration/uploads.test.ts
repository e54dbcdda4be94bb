/**
 * Serving and keeping uploads. Uploaded files must run nothing (`default-src 'none';
 * sandbox`, which the app's page CSP used to overwrite), anything but an image is a
 * download (`Content-Disposition: attachment`, `nosniff`), types are judged by content,
 * and parallel or failed uploads leave no orphan file.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '@/db/schema';
import { MSG } from '@/shared/messages';
import { type Client, signUp, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const png = (color: string) =>
  sharp({ create: { width: 48, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const files = (dir: string) => {
  try {
    return readdirSync(path.join(t.deps.env.DATA_DIR, 'uploads', dir));
  } catch {
    return [];
  }
};

async function photo(c: Client, color: string) {
  return c.upload('/api/profile/photo', {}, { file: [await png(color), 'me.png', 'image/png'] });
}

describe('serving uploads', () => {
  it('serves an uploaded image with the sandbox CSP and nosniff, not the page CSP', async () => {
    const u = await signUp(t);
    const res = await photo(u.client, '#336699');
    expect(res.status).toBe(200);
    const served = await fetch(t.url + res.body.user.photoURL);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBeNull();
  });

  it('serves a PDF contribution as a download, sandboxed', async () => {
    const u = await signUp(t);
    const res = await u.client.upload(
      '/api/contributions',
      { title: 'Whitepaper notes', type: 'file' },
      { file: [PDF, 'notes.pdf', 'application/pdf'] },
    );
    expect(res.status).toBe(201);
    expect(res.body.contribution.fileUrl).toMatch(/\.pdf$/);
    const served = await fetch(t.url + res.body.contribution.fileUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('judges a file by its bytes: HTML named .pdf, or an SVG, is refused and nothing is stored', async () => {
    const u = await signUp(t);
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, name, type] of [
      [html, 'paper.pdf', 'application/pdf'],
      [svg, 'logo.png', 'image/png'],
    ] as const) {
      const res = await u.client.upload(
        '/api/contributions',
        { title: 'x', type: 'file' },
        { file: [bytes, name, type] },
      );
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(MSG.contribution.fileType);
    }
    expect(files(`contributions/${u.uid}`)).toEqual([]);
  });
});

describe('keeping uploads', () => {
  it('leaves exactly one photo file after 15 parallel uploads by one user, the one the profile shows', async () => {
    const u = await signUp(t);
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        photo(u.client, `#${(0x100000 + i * 4099).toString(16).slice(-6)}`),
      ),
    );
    // At most two of one member's uploads are processed at once (image-gate.ts); the rest are
    // refused with nothing kept, and whichever were kept, one file stays.
    expect(results.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    expect(results.some((r) => r.status === 200)).toBe(true);
    const left = files(`avatars/${u.uid}`);
    expect(left).toHaveLength(1);
    const [row] = await t.db.select({ image: user.image }).from(user).where(eq(user.id, u.uid));
    expect(row?.image).toBe(`/uploads/avatars/${u.uid}/${left[0]}`);
  });

  it('takes two of one member’s heavy images at once and refuses the rest, while another member’s goes through', async () => {
    // Small to send, slow to decode: 36 megapixels of one colour, the outside review's attack.
    const heavy = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const attacker = await signUp(t);
    const other = await signUp(t);
    const burst = Array.from({ length: 8 }, () =>
      attacker.client.upload('/api/profile/photo', {}, { file: [heavy, 'big.png', 'image/png'] }),
    );
    const own = photo(other.client, '#abcdef');
    const results = await Promise.all(burst);
    expect((await own).status).toBe(200);
    const refused = results.filter((r) => r.status === 429);
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.length + results.filter((r) => r.status === 200).length).toBe(results.length);
    for (const r of refused) {
      expect(r.body.error.code).toBe('UPLOAD_IN_PROGRESS');
      expect(r.body.error.message).toBe(MSG.common.uploadInProgress);
    }
    expect(files(`avatars/${attacker.uid}`)).toHaveLength(1);
    // The places are given back: the next upload is taken.
    expect((await photo(attacker.client, '#654321')).status).toBe(200);
  });

  it('leaves no file when the upload is refused', async () => {
    const u = await signUp(t);
    const res = await u.client.upload(
      '/api/profile/photo',
      {},
      { file: [Buffer.from('not an image'), 'x.png', 'image/png'] },
    );
    expect(res.status).toBe(400);
    expect(files(`avatars/${u.uid}`)).toEqual([]);
  });
});
