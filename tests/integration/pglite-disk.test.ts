/**
 * The embedded database on a full or read-only disk (issue 15), on a small tmpfs this
 * test mounts (root only) and removes. A write on a full disk answers 503 with a clear
 * message and changes nothing; once space is back the app writes again, and after a
 * restart every acknowledged write is there and the integrity checks are clean. A
 * read-only data directory stops the start with a message that says so.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirError, openDatabase } from '@/db/client';
import { user } from '@/db/schema';
import { checkIntegrity } from '@/server/integrity';
import { MSG } from '@/shared/messages';
import { testDbKind } from '../support/db';
import { identity, startTestServer } from '../support/server';

const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
});

const root = process.getuid?.() === 0;

describe.skipIf(testDbKind !== 'pglite' || !root)(
  'PGlite data directory on a full or read-only disk (needs root for a tmpfs)',
  () => {
    it('full disk: 503 with a clear message, writes again once space is back, nothing lost after a restart', async () => {
      const mnt = mkdtempSync(path.join(tmpdir(), 'sysfi-pgfull-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=56m', 'tmpfs', mnt]);
      cleanup.push(() => {
        execFileSync('umount', ['-l', mnt]);
        rmSync(mnt, { recursive: true, force: true });
      });
      const dir = path.join(mnt, 'db');
      const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
      const t = await startTestServer({ handle });
      let closed = false;
      cleanup.push(async () => {
        if (!closed) await t.close();
      });

      const acknowledged: string[] = [];
      const signUpOne = async () => {
        const id = identity('disk');
        const r = await t.client().post('/api/account/sign-up', {
          email: id.email,
          displayName: id.displayName,
          password: id.password,
          confirmPassword: id.password,
        });
        if (r.status === 201) acknowledged.push(r.body.user.uid);
        return r;
      };
      expect((await signUpOne()).status).toBe(201);

      const stat = statfsSync(mnt);
      writeFileSync(
        path.join(mnt, 'filler'),
        Buffer.alloc(Math.max(0, stat.bavail * stat.bsize - 32 * 1024)),
      );
      let refused: Awaited<ReturnType<typeof signUpOne>> | undefined;
      for (let i = 0; i < 300 && !refused; i++) {
        const r = await signUpOne();
        if (r.status !== 201) refused = r;
      }
      expect(refused, 'a write fails once the disk is full').toBeTruthy();
      expect(refused!.status).toBe(503);
      expect(refused!.body.error).toEqual({ code: 'DB_UNAVAILABLE', message: MSG.common.unavailable });
      console.info(`pglite full disk: ${acknowledged.length} sign-ups acknowledged before the first 503`);

      rmSync(path.join(mnt, 'filler'));
      expect((await signUpOne()).status).toBe(201);
      expect((await t.client().get('/api/health')).status).toBe(200);
      await t.close();
      closed = true;

      const again = await openDatabase({ kind: 'pglite', dataDir: dir });
      try {
        const rows = await again.db.select({ id: user.id }).from(user).where(inArray(user.id, acknowledged));
        expect(rows.length).toBe(acknowledged.length);
        expect(await checkIntegrity(again.db)).toEqual([]);
      } finally {
        await again.close();
      }
    }, 180_000);

    it('read-only data directory: the start stops with a message that says so', async () => {
      const mnt = mkdtempSync(path.join(tmpdir(), 'sysfi-pgro-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m,ro', 'tmpfs', mnt]);
      cleanup.push(() => {
        execFileSync('umount', ['-l', mnt]);
        rmSync(mnt, { recursive: true, force: true });
      });
      const err = await openDatabase({ kind: 'pglite', dataDir: path.join(mnt, 'db') }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(DataDirError);
      expect((err as Error).message).toMatch(/cannot write to .*read-only file system \(EROFS\)/);
    });
  },
);
