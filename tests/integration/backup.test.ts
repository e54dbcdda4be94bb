import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { user } from '@/db/schema';
import { loadEnv } from '@/server/env';
import { backup, restore } from '../../scripts/backup';
import { createTestDb, testDbKind } from '../support/db';
import { insertUser } from '../support/fixtures';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'sysfi-bak-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it.skipIf(testDbKind === 'postgres')(
    'round-trips the embedded database and uploads',
    async () => {
      const dataDir = tmp();
      const env = loadEnv({ DATA_DIR: dataDir });
      const h = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      const kept = await insertUser(h.db, { name: 'Kept Before Backup' });
      await h.close();
      mkdirSync(path.join(dataDir, 'uploads/avatars'), { recursive: true });
      writeFileSync(path.join(dataDir, 'uploads/avatars/a.webp'), 'image-bytes');

      const file = path.join(tmp(), 'sysfi.tar.gz');
      await backup(file, env);

      // Damage: a row added after the backup, the upload gone.
      const h2 = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      await insertUser(h2.db, { name: 'Added After Backup' });
      await h2.close();
      rmSync(path.join(dataDir, 'uploads'), { recursive: true });

      await restore(file, env);
      const h3 = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      const names = (await h3.db.select({ name: user.name }).from(user)).map((r) => r.name);
      await h3.close();
      expect(names).toEqual([kept.name]);
      expect(readFileSync(path.join(dataDir, 'uploads/avatars/a.webp'), 'utf8')).toBe('image-bytes');
    },
    60_000,
  );

  it.skipIf(testDbKind !== 'postgres')(
    'round-trips PostgreSQL with pg_dump / pg_restore',
    async () => {
      const handle = await createTestDb();
      try {
        const env = loadEnv({ DATA_DIR: tmp(), DATABASE_URL: handle.url! });
        const kept = await insertUser(handle.db, { name: 'Kept In Dump' });
        const file = path.join(tmp(), 'sysfi.dump');
        await backup(file, env);
        expect(existsSync(file)).toBe(true);
        await handle.db.delete(user).where(eq(user.id, kept.id));
        await restore(file, env);
        const rows = await handle.db.select().from(user).where(eq(user.id, kept.id));
        expect(rows.map((r) => r.name)).toEqual(['Kept In Dump']);
      } finally {
        await handle.close();
      }
    },
    60_000,
  );
});
