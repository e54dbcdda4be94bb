/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a
 * private schema in TEST_DATABASE_URL when TEST_DB=postgres.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DbHandle, openDatabase } from '@/db/client';

export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export async function createTestDb(): Promise<DbHandle> {
  if (testDbKind === 'pglite') return openDatabase({ kind: 'pglite' });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  // A database of its own per test file: migrations run exactly as in production.
  const name = `sysfi_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), max: 20 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Waits until the handle's write generation can be trusted, so that a repeat read may cost no
 * statement: at once on PGlite; on PostgreSQL once its change feed listens (its first use
 * starts it: db/write-generation.ts). Waits for the condition, not for a time.
 */
export async function untilTrusted(handle: DbHandle, timeoutMs = 30_000): Promise<void> {
  const feed = handle.changes;
  if (!feed) return;
  handle.writeGeneration?.();
  const end = Date.now() + timeoutMs;
  while (!feed.listening()) {
    if (Date.now() > end) throw new Error('the change feed did not start listening');
    await new Promise((r) => setTimeout(r, 20));
  }
}
