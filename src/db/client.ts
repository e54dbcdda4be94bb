/**
 * Opens the database: embedded PGlite in DATA_DIR/db by default, PostgreSQL when a
 * URL is given. Same schema, same migrations, same queries.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
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
import { type ChangeFeed, postgresChangeFeed, UNTRACKED } from './write-generation';

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
   * A number that changes after anything a cached read depends on may have been written:
   * a value taken before a read and still the same later proves the read may be reused.
   * On PGlite one process owns the data directory (the lock file), so every write passes
   * through this instance. On PostgreSQL other processes write too: their commits arrive
   * as notifications, and while none can arrive every call gives a new value
   * (write-generation.ts, ADR 0023).
   */
  writeGeneration?: () => number;
  /** PostgreSQL only: the listening connection behind the write generation and the realtime bus. */
  changes?: ChangeFeed;
};

const generations = new WeakMap<PGlite, { value: number }>();
const untracked = new WeakMap<PGlite, Pick<PGlite, 'query' | 'exec'>>();

/**
 * The instance's query and exec as they were before trackWrites wrapped them, for a
 * caller whose writes no cached read depends on (the mail queue's own schema): its
 * polling must not invalidate every cache keyed by the write generation.
 */
export function untrackedPglite(pglite: PGlite): Pick<PGlite, 'query' | 'exec' | 'listen'> {
  const raw = untracked.get(pglite);
  return {
    query: raw?.query ?? pglite.query.bind(pglite),
    exec: raw?.exec ?? pglite.exec.bind(pglite),
    listen: pglite.listen.bind(pglite),
  } as Pick<PGlite, 'query' | 'exec' | 'listen'>;
}

/**
 * A write no cached read depends on (a session's "last seen"), run so that it leaves the write
 * generation where it is: otherwise each such write would make every kept member row and list
 * version be read again. Only for tables no generation-keyed cache reads (not "user", not
 * "list_versions"): those caches would keep what it changed.
 */
export async function untrackedWrite(handle: DbHandle, q: { sql: string; params: unknown[] }): Promise<void> {
  if (handle.pglite) await untrackedPglite(handle.pglite).query(q.sql, q.params);
  else if (handle.pool) await handle.pool.query(UNTRACKED + q.sql, q.params);
  else throw new Error('untrackedWrite: the handle has neither PGlite nor a pool');
}

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
    untracked.set(pglite, { query: pglite.query.bind(pglite), exec: pglite.exec.bind(pglite) });
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

/**
 * An embedded database the build created and migrated (scripts/build-server.mjs), beside the
 * bundle; none in development. A first start on an empty directory loads it rather than run
 * initdb, which takes PGlite seconds; the migrations then run as on any start.
 */
export const PGLITE_TEMPLATE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'pglite-template.tar.gz',
);

/**
 * Whether drizzle's migrator would find nothing to apply: it applies the journal's migrations
 * newer than the newest row of drizzle.__drizzle_migrations. One read, instead of its schema
 * checks and transaction, which are most of a restart's migration step on PGlite.
 */
async function upToDate(pglite: PGlite): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const { rows } = await pglite.query<{ applied: string | null }>(
      'select max(created_at)::text as applied from drizzle.__drizzle_migrations',
    );
    return Number(rows[0]?.applied ?? 0) >= newest;
  } catch {
    return false; // no migrations table yet
  }
}

/** PGlite on `dataDir`: loaded from the template when the directory holds no database yet. */
async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  const fresh = dataDir && !existsSync(path.join(dataDir, 'PG_VERSION')) && existsSync(PGLITE_TEMPLATE);
  if (fresh) {
    try {
      const instance = new PGlite(dataDir, { loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE)]) });
      await instance.waitReady;
      return instance;
    } catch (err) {
      // A template this PGlite cannot read: start the slow way, from an empty directory again.
      console.warn(`could not load ${PGLITE_TEMPLATE} (${(err as Error).message}); creating the database`);
      for (const f of readdirSync(dataDir))
        if (f !== 'db.lock') rmSync(path.join(dataDir, f), { recursive: true });
    }
  }
  const instance = new PGlite(dataDir);
  await instance.waitReady;
  return instance;
}

export class DatabaseLockedError extends Error {}

/** The embedded database's directory cannot be written (read-only, full, no permission). */
export class DataDirError extends DatabaseLockedError {}

const NOT_WRITABLE: Record<string, string> = {
  EROFS: 'it is on a read-only file system',
  EACCES: 'this process may not write there',
  EPERM: 'this process may not write there',
  ENOSPC: 'the disk is full',
};

/** The error code of creating a file in the nearest existing ancestor of `dir`, if any. */
function probeWrite(dir: string): string | undefined {
  let d = path.resolve(dir);
  while (!existsSync(d) && path.dirname(d) !== d) d = path.dirname(d);
  const probe = path.join(d, `.sysfi-probe-${process.pid}`);
  try {
    closeSync(openSync(probe, 'wx'));
    rmSync(probe, { force: true });
    return undefined;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code;
  }
}

/** Turns a file-system error on the data directory into a message an operator can act on. */
function dataDirError(dir: string, err: unknown): unknown {
  let code = (err as NodeJS.ErrnoException)?.code ?? '';
  if (code === 'ENOENT') code = probeWrite(dir) ?? code; // mkdir -p on a read-only mount says ENOENT
  const why = NOT_WRITABLE[code];
  if (!why) return err;
  return new DataDirError(
    `The embedded database cannot write to ${dir}: ${why} (${code}). ` +
      'Free space or fix the mount/permissions and start again; no data was changed.',
  );
}

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
  | {
      kind: 'postgres';
      url: string;
      searchPath?: string;
      migrate?: boolean;
      max?: number;
      /** Where the change feed's listener reports a lost connection (the app's logger). */
      warn?: (err: unknown, message: string) => void;
      /** The longest the write generation stands still while listening (write-generation.ts). */
      maxReuseMs?: number;
    };

export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  if (opts.kind === 'pglite') {
    let release = () => {};
    let instance = opts.instance;
    if (!instance) {
      if (opts.dataDir) {
        try {
          mkdirSync(opts.dataDir, { recursive: true });
          release = takeLock(opts.dataDir);
        } catch (err) {
          throw dataDirError(opts.dataDir, err);
        }
      }
      try {
        instance = await openPglite(opts.dataDir);
      } catch (err) {
        release();
        throw opts.dataDir ? dataDirError(opts.dataDir, err) : err;
      }
    }
    const pglite = instance;
    const writeGeneration = trackWrites(pglite);
    const { stats, logger } = counter();
    const db = drizzlePglite(pglite, { schema, logger }) as unknown as Database;
    if (opts.migrate !== false && !(await upToDate(pglite))) {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    }
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
  const pool = new ResilientPool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    // An unreachable server fails a request after 5 s (503) instead of queueing it forever.
    connectionTimeoutMillis: 5000,
    ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
  });
  // An idle connection that dies (database restart, failover) must not crash the
  // process: the pool drops it and opens a new one on the next query.
  pool.on('error', (err) => console.error('database connection lost:', err.message));
  const { stats, logger } = counter();
  const db = drizzlePg(pool, { schema, logger }) as unknown as Database;
  // Before any query: every client the pool opens must count this process's writes.
  const changes = postgresChangeFeed(
    pool,
    opts.url,
    opts.warn ??
      ((err, message) => console.warn(`database listener: ${message}: ${(err as Error)?.message ?? err}`)),
    opts.maxReuseMs,
  );
  if (opts.migrate !== false) await migratePostgres(pool, opts.searchPath);
  return {
    db,
    kind: 'postgres',
    stats,
    pool,
    url: opts.url,
    writeGeneration: changes.generation,
    changes,
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}

/**
 * A pool whose checked-out clients survive their connection dying (server restart,
 * pg_terminate_backend, network cut): an `error` while checked out is no longer an
 * uncaught exception that ends the process, and a client whose connection ended goes
 * back to the pool as broken (removed) at once. Without this, Drizzle's transaction
 * leaks the client when `begin` fails on a dead connection (it releases only after
 * `begin` succeeded), and enough outages exhaust the pool.
 */
class ResilientPool extends pg.Pool {
  // The callback form (pool.query uses it) releases with the error itself; only the
  // promise form, which Drizzle's transactions use, hands the client out.
  override connect(...args: unknown[]): never {
    if (typeof args[0] === 'function') return (super.connect as (...a: unknown[]) => never)(...args);
    return this.checkout() as never;
  }

  private async checkout(): Promise<pg.PoolClient> {
    const client = await super.connect();
    const release = client.release;
    let released = false;
    const done = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('error', onLost);
      client.removeListener('end', onLost);
      release.call(client, err);
    };
    function onLost(err?: Error) {
      done(err instanceof Error ? err : new Error('database connection ended'));
    }
    client.on('error', onLost);
    client.on('end', onLost);
    client.release = done;
    return client;
  }
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
