import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase, untrackedWrite } from '@/db/client';
import { session, user } from '@/db/schema';
import { testDbKind } from '../support/db';

const dir = mkdtempSync(path.join(tmpdir(), 'sysfi-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A second process that opens the embedded database and holds it. */
function holder(dataDir: string) {
  const code = `
    import { openDatabase } from './src/db/client.ts';
    const h = await openDatabase({ kind: 'pglite', dataDir: ${JSON.stringify(dataDir)} });
    await h.db.insert((await import('./src/db/schema.ts')).user).values({ id: 'u1', name: 'Held', email: 'held@example.test', username: 'held' });
    console.log('ready');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: path.resolve(__dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (b: Buffer) => b.toString().includes('ready') && resolve());
    child.on('exit', (c) => reject(new Error(`holder exited ${c}`)));
  });
  return { child, ready };
}

// About PGlite itself: runs once, in the PGlite pass.
describe.skipIf(testDbKind === 'postgres')('embedded PGlite', () => {
  it('refuses a second process on the same directory, and recovers a lock left by a killed one', async () => {
    const h = holder(dir);
    await h.ready;
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrowError(DatabaseLockedError);
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrowError(
      /in use by another process/,
    );

    const exited = new Promise((r) => h.child.on('exit', r));
    h.child.kill('SIGKILL');
    await exited;
    // kill -9 leaves db.lock behind; the next start takes it over and the committed row is there.
    const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
    const rows = await handle.db.select().from(user);
    expect(rows.map((r) => r.name)).toEqual(['Held']);
    await handle.close();
  }, 60_000);

  it('leaves the write generation alone for an untracked write, which still lands', async () => {
    const h = await openDatabase({ kind: 'pglite' });
    try {
      await h.db
        .insert(user)
        .values({ id: 'u1', name: 'Seen', email: 'seen@example.test', username: 'seen' });
      const [s] = await h.db
        .insert(session)
        .values({ id: 's1', token: 't1', userId: 'u1', expiresAt: new Date(Date.now() + 60_000) })
        .returning();
      const g = h.writeGeneration!();
      const later = new Date(s!.lastSeenAt.getTime() + 60_000);
      await untrackedWrite(
        h,
        h.db.update(session).set({ lastSeenAt: later }).where(eq(session.id, 's1')).toSQL(),
      );
      expect(h.writeGeneration!(), 'nothing a cached read depends on changed').toBe(g);
      const [after] = await h.db.select().from(session).where(eq(session.id, 's1'));
      expect(after!.lastSeenAt.getTime()).toBe(later.getTime());
    } finally {
      await h.close();
    }
  });

  it('moves the write generation after every write and every transaction, never after a plain read', async () => {
    const h = await openDatabase({ kind: 'pglite' });
    try {
      const gen = h.writeGeneration!;
      const g0 = gen();
      await h.db.select().from(user);
      expect(gen(), 'a SELECT writes nothing').toBe(g0);
      await h.db.insert(user).values({ id: 'g1', name: 'Gen', email: 'gen@example.test', username: 'gen' });
      const g1 = gen();
      expect(g1).toBeGreaterThan(g0);
      await expect(
        h.db.transaction(async (tx) => {
          await tx.update(user).set({ bio: 'x' }).where(eq(user.id, 'g1'));
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(
        gen(),
        'a rolled-back transaction still counts: it may have held locks mid-write',
      ).toBeGreaterThan(g1);

      // A read that runs while a write transaction commits must not look current afterwards.
      const g2 = gen();
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const writer = h.db.transaction(async (tx) => {
        await tx.update(user).set({ bio: 'after' }).where(eq(user.id, 'g1'));
        await gate;
      });
      const taken = gen();
      const reader = h.db.select({ bio: user.bio }).from(user).where(eq(user.id, 'g1'));
      release();
      await writer;
      await reader;
      expect(taken).toBe(g2);
      expect(gen(), 'the commit moved the generation after the read was started').not.toBe(taken);
    } finally {
      await h.close();
    }
  });
});
