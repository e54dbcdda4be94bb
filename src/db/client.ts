/**
 * Opens the database: embedded PGlite in DATA_DIR/db by default, PostgreSQL when a
 * URL is given. Same schema, same migrations, same queries.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { schema } from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbExecutor = Database | Tx;

export type DbHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance (embedded mode only): used for in-process LISTEN/NOTIFY. */
  pglite?: PGlite;
  /** The pg pool and its URL (PostgreSQL mode only); the URL opens the LISTEN connection. */
  pool?: pg.Pool;
  url?: string;
  close: () => Promise<void>;
  /** Statements run through Drizzle so far (tests use it to catch N+1 query patterns). */
  stats: { queries: number };
  /**
   * PGlite only: a number that changes after anything may have been written. One
   * process owns a PGlite data directory (the lock file), so every write passes through
   * this instance: a value taken before a read and still the same later proves nothing
   * was written in between, and the read may be reused. Undefined on PostgreSQL, where
   * other processes write too.
   */
  writeGeneration?: () => number;
};

const generations = new WeakMap<PGlite, { value: number }>();

/**
 * Wraps the instance's entry points so the generation moves after every statement
 * that is not a plain SELECT and after every transaction ends (commit or rollback),
 * i.e. only once the write is visible to the next reader.
 */
function trackWrites(pglite: PGlite): () => number {
  let gen = generations.get(pglite);
  if (!gen) {
    const g = { value: 0 };
    gen = g;
    generations.set(pglite, g);
    const isRead = (q: unknown) => typeof q === 'string' && /^\s*select\b/i.test(q);
    /** `fn`, moving the generation once its promise settles, unless `skip` says it only read. */
    const bumping = <F extends (...args: never[]) => Promise<unknown>>(
      fn: F,
      skip?: (args: Parameters<F>) => boolean,
    ) =>
      (async (...args: Parameters<F>) => {
        try {
          return await fn(...args);
        } finally {
          if (!skip?.(args)) g.value++;
        }
      }) as unknown as F;
    pglite.query = bumping(pglite.query.bind(pglite), (args) => isRead(args[0]));
    pglite.exec = bumping(pglite.exec.bind(pglite));
    pglite.transaction = bumping(pglite.transaction.bind(pglite));
  }
  const counter = gen;
  return () => counter.value;
}

/** Counts every statement Drizzle sends; cheap enough to leave on. */
function counter() {
  const stats = { queries: 0 };
  return { stats, logger: { logQuery: () => void stats.queries++ } };
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export class DatabaseLockedError extends Error {}

/**
 * PGlite has no cross-process lock and two writers on one directory silently lose
 * data, so the first process takes `db.lock` and a second one fails fast. A lock
 * left by a process that died (kill -9) is taken over.
 */
function takeLock(dir: string): () => void {
  const file = path.join(dir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dir} is in use by another process (pid ${pid}). ` +
            'Stop it first, or set DATABASE_URL to share a PostgreSQL database between processes.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type OpenOptions =
  | { kind: 'pglite'; dataDir?: string; instance?: PGlite; migrate?: boolean }
  | { kind: 'postgres'; url: string; searchPath?: string; migrate?: boolean; max?: number };

export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  if (opts.kind === 'pglite') {
    let release = () => {};
    let instance = opts.instance;
    if (!instance) {
      if (opts.dataDir) {
        mkdirSync(opts.dataDir, { recursive: true });
        release = takeLock(opts.dataDir);
      }
      try {
        instance = new PGlite(opts.dataDir);
        await instance.waitReady;
      } catch (err) {
        release();
        throw err;
      }
    }
    const pglite = instance;
    const writeGeneration = trackWrites(pglite);
    const { stats, logger } = counter();
    const db = drizzlePglite(pglite, { schema, logger }) as unknown as Database;
    if (opts.migrate !== false) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: 'pglite',
      stats,
      pglite,
      writeGeneration,
      close: async () => {
        await pglite.close();
        release();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
  });
  // An idle connection that dies (database restart, failover) must not crash the
  // process: the pool drops it and opens a new one on the next query.
  pool.on('error', (err) => console.error('database connection lost:', err.message));
  const { stats, logger } = counter();
  const db = drizzlePg(pool, { schema, logger }) as unknown as Database;
  if (opts.migrate !== false) await migratePostgres(pool, opts.searchPath);
  return { db, kind: 'postgres', stats, pool, url: opts.url, close: () => pool.end() };
}

/** Several app processes may start together: an advisory lock lets one migrate at a time. */
async function migratePostgres(pool: pg.Pool, searchPath?: string) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    const db = drizzlePg(client, { schema });
    await migratePg(db, {
      migrationsFolder: MIGRATIONS_DIR,
      ...(searchPath ? { migrationsSchema: searchPath } : {}),
    });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}
