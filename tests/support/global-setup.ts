/**
 * Once per integration run:
 * - bundle the server, because the tests that start it as a process (processes, crash,
 *   runtime) run the compiled dist/server/index.js, as production does (esbuild takes about
 *   half a second). The build also writes dist/server/pglite-template.tar.gz, the migrated
 *   database every PGlite test file starts from (db.ts).
 * - on PostgreSQL (TEST_DB=postgres), migrate one template database that every test file's
 *   own database is copied from (db.ts), and drop it at the end.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/db/client';
import { buildServer } from '../../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL template database of this run ('' on PGlite). */
    pgTemplate: string;
  }
}

async function adminQuery(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export default async function setup(project: TestProject) {
  await buildServer({ quiet: true });
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) {
    project.provide('pgTemplate', '');
    return;
  }
  const name = `sysfi_tpl_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), max: 2 });
  await handle.close();
  project.provide('pgTemplate', name);
  return async () => {
    await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
