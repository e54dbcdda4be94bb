/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a
 * database of its own in TEST_DATABASE_URL when TEST_DB=postgres.
 *
 * Both start from a migrated template rather than an empty database, because creating
 * and migrating one is most of a test file's set-up (seconds of CPU on PGlite):
 * - PGlite loads dist/server/pglite-template.tar.gz, the migrated data directory the
 *   server build makes (global-setup.ts builds it once per run; scripts/build-server.mjs);
 * - PostgreSQL copies a template database that global-setup.ts migrates once per run
 *   (`CREATE DATABASE … TEMPLATE`).
 * The migrations still run after either, exactly as a start does, and find nothing to do
 * unless the template is older than the migrations (then they apply the rest).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DbHandle, openDatabase } from '@/db/client';

export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PGLITE_TEST_TEMPLATE = path.join(ROOT, 'dist/server/pglite-template.tar.gz');

let pgliteTemplate: Blob | null | undefined;

async function pgliteFromTemplate(): Promise<PGlite | undefined> {
  if (pgliteTemplate === undefined)
    pgliteTemplate = existsSync(PGLITE_TEST_TEMPLATE) ? new Blob([readFileSync(PGLITE_TEST_TEMPLATE)]) : null;
  if (!pgliteTemplate) return undefined;
  const instance = new PGlite({ loadDataDir: pgliteTemplate });
  await instance.waitReady;
  return instance;
}

export async function createTestDb(): Promise<DbHandle> {
  if (testDbKind === 'pglite') return openDatabase({ kind: 'pglite', instance: await pgliteFromTemplate() });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  // A database of its own per test file, copied from the run's migrated template when there is one.
  const name = `sysfi_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = inject('pgTemplate');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
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
