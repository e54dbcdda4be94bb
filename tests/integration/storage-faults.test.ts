/**
 * Storage faults (issue 15): an object store that is down or hangs, and a full disk.
 * The upload fails with the spec's message, no row points at a missing file, nothing
 * half-written stays behind; the orphan sweeper removes unreferenced files after the
 * grace period, on the disk and the S3 drivers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statfsSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { contributions } from '@/db/schema';
import { createDiskStorage } from '@/server/storage/storage';
import { sweepOrphans } from '@/server/storage/sweeper';
import { MSG } from '@/shared/messages';
import { startBlackHole } from '../support/blackhole';
import { testDbKind } from '../support/db';
import { signUp, startTestServer, type TestServer } from '../support/server';

const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
});

const s3Env = (endpoint: string) => ({
  S3_ENDPOINT: endpoint,
  S3_BUCKET: 'sysfi-uploads',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});

async function startS3() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sysfi-s3f-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'sysfi-uploads', configs: [] }],
  });
  const addr = (await s3.run()) as AddressInfo;
  cleanup.push(async () => {
    await s3.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });
  return { endpoint: `http://127.0.0.1:${addr.port}`, s3 };
}

const png = (color = '#336699') =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A contribution with a file; the answer and whether any row was written. */
async function submitFile(
  t: TestServer,
  u: Awaited<ReturnType<typeof signUp>>,
  file: [Buffer, string, string],
) {
  const res = await u.client.upload(
    '/api/contributions',
    { title: `File ${Math.random().toString(36).slice(2, 7)}`, type: 'file', timeZone: 'UTC' },
    { file },
  );
  const rows = await t.db.select().from(contributions).where(eq(contributions.userId, u.uid));
  return { res, rows };
}

describe(`storage faults (${testDbKind})`, () => {
  it('S3 down: the upload fails with the spec message and no row is written', async () => {
    const { endpoint, s3 } = await startS3();
    const t = await startTestServer({ env: s3Env(endpoint) });
    cleanup.push(() => t.close());
    const u = await signUp(t);
    await s3.close(); // the endpoint refuses connections from now on
    const { res, rows } = await submitFile(t, u, [await png(), 'down.png', 'image/png']);
    expect(res.status).toBe(503);
    expect(res.body.error.message).toBe(MSG.contribution.uploadFailed);
    expect(rows).toHaveLength(0);
    const health = await t.client().get('/api/health');
    expect(health.body.checks.storage).toMatchObject({ status: 'degraded', kind: 's3' });
  });

  it('S3 that accepts and never answers: the upload fails within the time limit, with the message', async () => {
    const hole = await startBlackHole();
    cleanup.push(() => hole.close());
    const t = await startTestServer({ env: s3Env(`http://127.0.0.1:${hole.port}`), storageTimeoutMs: 1500 });
    cleanup.push(() => t.close());
    const u = await signUp(t);
    const t0 = performance.now();
    const { res, rows } = await submitFile(t, u, [await png(), 'slow.png', 'image/png']);
    const ms = performance.now() - t0;
    console.info(`slow S3 (${testDbKind}): upload failed after ${Math.round(ms)} ms`);
    expect(hole.accepted()).toBeGreaterThan(0);
    expect(res.status).toBe(503);
    expect(res.body.error.message).toBe(MSG.contribution.uploadFailed);
    expect(ms).toBeLessThan(10_000);
    expect(rows).toHaveLength(0);
    // Profile photo and project images go through the same guard.
    const photo = await u.client.upload(
      '/api/profile/photo',
      {},
      { file: [await png(), 'me.png', 'image/png'] },
    );
    expect(photo.status).toBe(503);
    expect(photo.body.error.message).toBe(MSG.profile.failed);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'disk full: the upload fails with the message, nothing half-written, and works once space is back',
    async () => {
      const mnt = mkdtempSync(path.join(tmpdir(), 'sysfi-full-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mnt]);
      cleanup.push(() => {
        execFileSync('umount', ['-l', mnt]);
        rmSync(mnt, { recursive: true, force: true });
      });
      const t = await startTestServer({ storage: createDiskStorage(mnt) });
      cleanup.push(() => t.close());
      const u = await signUp(t);
      // Leave about 100 KB free, then try to store 600 KB.
      const free = statfsSync(mnt).bavail * statfsSync(mnt).bsize;
      writeFileSync(path.join(mnt, 'filler'), Buffer.alloc(Math.max(0, free - 100 * 1024)));
      const pdf = Buffer.concat([
        Buffer.from('%PDF-1.4\n'),
        Buffer.alloc(600 * 1024, 32),
        Buffer.from('\n%%EOF\n'),
      ]);
      const full = await submitFile(t, u, [pdf, 'report.pdf', 'application/pdf']);
      expect(full.res.status).toBe(503);
      expect(full.res.body.error.message).toBe(MSG.contribution.uploadFailed);
      expect(full.rows).toHaveLength(0);
      const files = readdirSync(mnt, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
      expect(files.map((f) => f.name)).toEqual(['filler']); // no partial file left
      expect((await t.client().get('/api/health')).body.checks.storage.status).toBe('degraded');

      rmSync(path.join(mnt, 'filler'));
      const ok = await submitFile(t, u, [pdf, 'report.pdf', 'application/pdf']);
      expect(ok.res.status).toBe(201);
      expect(ok.rows).toHaveLength(1);
      expect((await t.client().get('/api/health')).body.checks.storage.status).toBe('ok');
    },
  );

  it('the sweeper removes unreferenced files after the grace period (disk)', async () => {
    const t = await startTestServer();
    cleanup.push(() => t.close());
    const u = await signUp(t);
    const kept = await submitFile(t, u, [await png(), 'kept.png', 'image/png']);
    expect(kept.res.status).toBe(201);
    const root = path.join(t.deps.env.DATA_DIR, 'uploads');
    await t.deps.storage.put('contributions/ghost/old.webp', await png('#000'), 'image/webp');
    const fresh = await t.deps.storage.put('contributions/ghost/fresh.webp', await png('#111'), 'image/webp');
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    utimesSync(path.join(root, 'contributions/ghost/old.webp'), dayAgo, dayAgo);
    // A half-written file from a crash is an orphan too.
    writeFileSync(path.join(root, 'contributions/ghost/x.webp.1.2.partial'), 'half');
    utimesSync(path.join(root, 'contributions/ghost/x.webp.1.2.partial'), dayAgo, dayAgo);

    const res = await sweepOrphans({ db: t.db, storage: t.deps.storage, log: pino({ level: 'silent' }) });
    expect(res).toMatchObject({ removed: 2, tooNew: 1, failed: 0 });
    const left = readdirSync(root, { recursive: true }).map(String);
    expect(left.some((f) => f.endsWith('old.webp'))).toBe(false);
    expect(left.some((f) => f.endsWith('.partial'))).toBe(false);
    expect(left.some((f) => f.endsWith('fresh.webp'))).toBe(true);
    expect((await fetch(`${t.url}${kept.rows[0]!.fileUrl}`)).status).toBe(200);
    expect(fresh).toMatch(/^\/uploads\//);
  });

  it('the sweeper removes unreferenced objects after the grace period (S3)', async () => {
    const { endpoint } = await startS3();
    const t = await startTestServer({ env: s3Env(endpoint) });
    cleanup.push(() => t.close());
    const u = await signUp(t);
    const kept = await submitFile(t, u, [await png(), 'kept.png', 'image/png']);
    expect(kept.res.status).toBe(201);
    const orphan = await t.deps.storage.put(
      'contributions/ghost/orphan.webp',
      await png('#000'),
      'image/webp',
    );
    const log = pino({ level: 'silent' });
    // Within the grace period nothing goes.
    expect(await sweepOrphans({ db: t.db, storage: t.deps.storage, log })).toMatchObject({
      removed: 0,
      tooNew: 1,
    });
    // A day later the orphan goes and the referenced object stays.
    const later = () => new Date(Date.now() + 25 * 3600_000);
    expect(await sweepOrphans({ db: t.db, storage: t.deps.storage, log, now: later })).toMatchObject({
      removed: 1,
      failed: 0,
    });
    expect((await fetch(orphan)).status).toBe(404);
    expect((await fetch(kept.rows[0]!.fileUrl!)).status).toBe(200);
  });
});
