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

async function upload(client: Client, bytes: Buffer, name: string, type: string) {
  return client.upload('/api/profile/photo', {}, { file: [bytes, name, type] });
}

describe('profile editing', () => {
  it('saves bio, handles and website, normalising handles', async () => {
    const u = await signUp(t);
    const res = await u.client.patch('/api/profile', {
      bio: '  Building on-chain things.  ',
      twitterHandle: '@sysfi_fan',
      githubHandle: 'octo-cat',
      personalWebsite: 'https://example.test/me',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      bio: 'Building on-chain things.',
      twitterHandle: 'sysfi_fan',
      githubHandle: 'octo-cat',
      personalWebsite: 'https://example.test/me',
    });
    // Empty strings clear a field.
    const cleared = await u.client.patch('/api/profile', { bio: '' });
    expect(cleared.body.user.bio).toBeNull();
  });

  it.each([
    [{ twitterHandle: 'https://x.com/someone' }, 'Twitter handle'],
    [{ githubHandle: 'https://github.com/someone' }, 'GitHub handle'],
    [{ personalWebsite: 'javascript:alert(1)' }, 'Website must be an http(s) URL.'],
    [{ personalWebsite: 'data:text/html,hi' }, 'Website must be an http(s) URL.'],
    [{ bio: 'x'.repeat(501) }, 'Bio must be at most 500 characters.'],
  ])('refuses %o and changes nothing', async (patch, message) => {
    const u = await signUp(t);
    const res = await u.client.patch('/api/profile', patch);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    const [row] = await t.db.select().from(user).where(eq(user.id, u.uid));
    expect(row?.bio).toBeNull();
    expect(row?.personalWebsite).toBeNull();
  });

  it.each([
    { pointBalance: 1_000_000 },
    { role: 'admin' },
    { status: 'approved' },
    { referralCount: 99 },
    { referralRewarded: true },
    { email: 'other@example.test' },
    { id: 'someone-else' },
  ])('will not set server-owned field %o', async (patch) => {
    const u = await signUp(t);
    const res = await u.client.patch('/api/profile', { bio: 'hi', ...patch });
    expect(res.status).toBe(400);
    const [row] = await t.db.select().from(user).where(eq(user.id, u.uid));
    expect(row).toMatchObject({
      pointBalance: 0,
      role: 'builder',
      status: 'pending',
      referralCount: 0,
      bio: null,
    });
  });

  it('only ever edits the signed-in user', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await a.client.patch('/api/profile', { bio: 'I am A' });
    const [rowB] = await t.db.select().from(user).where(eq(user.id, b.uid));
    expect(rowB?.bio).toBeNull();
    expect((await t.client().patch('/api/profile', { bio: 'anon' })).status).toBe(401);
  });
});

describe('profile photo', () => {
  it('accepts a real image, re-encodes it as WebP and serves it', async () => {
    const u = await signUp(t);
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#7c3aed' } })
      .png()
      .toBuffer();
    const res = await upload(u.client, png, 'me.png', 'image/png');
    expect(res.status).toBe(200);
    const url: string = res.body.user.photoURL;
    expect(url).toMatch(new RegExp(`^/uploads/avatars/${u.uid}/\\d+\\.webp$`));
    const served = await fetch(t.url + url);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(512);
  });

  it('strips whatever rides along in a polyglot image, and refuses a 0×0 one', async () => {
    const u = await signUp(t);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const payload = '<script>alert("polyglot")</script>';
    const polyglot = Buffer.concat([png, Buffer.from(payload)]);
    const res = await upload(u.client, polyglot, 'cute.png', 'image/png');
    expect(res.status).toBe(200);
    const stored = Buffer.from(await (await fetch(t.url + res.body.user.photoURL)).arrayBuffer());
    expect(stored.includes(Buffer.from('polyglot'))).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('webp');

    // A PNG whose header claims 0×0 pixels (IHDR width and height patched to 0).
    const zero = Buffer.from(png);
    zero.writeUInt32BE(0, 16);
    zero.writeUInt32BE(0, 20);
    const bad = await upload(u.client, zero, 'zero.png', 'image/png');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.profile.photoInvalid);
  });

  it('refuses SVG, a script named .png, an empty file and a file over 5 MB', async () => {
    const u = await signUp(t);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const script = Buffer.from('#!/bin/sh\necho pwned\n');
    for (const [bytes, name, type] of [
      [svg, 'x.svg', 'image/svg+xml'],
      [script, 'x.png', 'image/png'],
      [Buffer.alloc(0), 'empty.png', 'image/png'],
    ] as const) {
      const res = await upload(u.client, bytes, name, type);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(MSG.profile.photoInvalid);
    }
    const big = await upload(u.client, Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'big.png', 'image/png');
    expect(big.status).toBe(413);
    const [row] = await t.db.select().from(user).where(eq(user.id, u.uid));
    expect(row?.image).toBeNull();
  });
});
