/**
 * PostgreSQL's change feed (ADR 0023): one listening connection per process that carries both
 *
 * - the write generation: a number that changes after anything a cached read depends on may
 *   have been written, by this process or any other. A value taken before a read and still the
 *   same later proves the read may be reused, as on PGlite (client.ts);
 * - the realtime bus's events (server/realtime/bus.ts).
 *
 * One connection for both, because PostgreSQL delivers one connection's notifications in commit
 * order: when an event about a write arrives (published after that write's commit), the
 * write's own notification has already moved the generation, so whatever the event makes a
 * process read again is read fresh.
 *
 * How the generation moves:
 * - This process's own writes: when each statement that is not a plain SELECT settles, a
 *   transaction's COMMIT included, so a member's next request sees their own write at once.
 * - Other processes' writes (another worker, a job runner, a script, psql): when their
 *   notification arrives. Migration 0036's triggers notify at the commit of every statement
 *   that changes "user" or "list_versions", the two tables the cached reads come from.
 * - While no connection listens (before the first one is up, and from the moment one is lost
 *   until another listens again) a notification could be missed, so every call returns a value
 *   no other call returns: nothing is reused and every read goes to the database, as before.
 * - A connection that dies without a word (a network cut with no reset) is found by TCP
 *   keepalive, not at once; so the generation also moves at least every MAX_REUSE_MS, and no
 *   cached read outlives that, whatever happens to the listener.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { keepListening, type Listening } from './listen';

export const ROWS_CHANGED_CHANNEL = 'sysfi_rows_changed';
/** The realtime bus's channel (exported for tools that run outside the app: reset-second-factor.ts). */
export const EVENTS_CHANNEL = 'sysfi_events';
const READ = /^\s*select\b/i;
/** Starts a statement whose write no cached read depends on: it leaves the generation alone. */
export const UNTRACKED = '/* untracked */ ';
/** After the listener fails to start, reads go to the database for this long before it tries again. */
const RETRY_START_MS = 5000;
/** The longest a value is reused while listening: one re-read per cached entry this often. */
export const MAX_REUSE_MS = 5000;

const fresh = new AsyncLocalStorage<true>();
let freshValue = 0;

/**
 * Runs `fn` so that every generation taken inside it is one no other call gives: nothing kept is
 * reused, every cached read goes to the database. For a request sent right after its sender's
 * own write, which another process may not have heard of yet (server/lib/fresh-reads.ts).
 */
export function readingFresh<T>(fn: () => T): T {
  return fresh.run(true, fn);
}

type QueryArg =
  | string
  | {
      text?: unknown;
      callback?: (...r: unknown[]) => void;
      submit?: unknown;
      once?: (event: string, fn: () => void) => void;
    }
  | undefined;

/** Calls `bump` after every statement the client runs that is not a plain SELECT. */
function countWrites(client: pg.PoolClient, bump: () => void): void {
  const query = client.query as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as QueryArg;
    const text = typeof first === 'string' ? first : first?.text;
    if (typeof text === 'string' && (READ.test(text) || text.startsWith(UNTRACKED)))
      return query.apply(this, args);
    if (first && typeof first === 'object' && typeof first.submit === 'function') {
      // A submittable (pg-cursor, pg-query-stream): done when it ends or fails.
      first.once?.('end', bump);
      first.once?.('error', bump);
      return query.apply(this, args);
    }
    if (first && typeof first === 'object' && typeof first.callback === 'function') {
      const done = first.callback;
      first.callback = (...r: unknown[]) => {
        bump();
        done(...r);
      };
      return query.apply(this, args);
    }
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      // pool.query's form: the pool passes a callback.
      const done = args[last] as (...r: unknown[]) => void;
      args[last] = (...r: unknown[]) => {
        bump();
        done(...r);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) return result.finally(bump);
    bump();
    return result;
  };
}

export type ChangeFeed = {
  /** The write generation (DbHandle.writeGeneration). */
  generation: () => number;
  /** Whether a connection listens now (the generation is trusted only then). */
  listening: () => boolean;
  /** Every payload on EVENTS_CHANNEL from now on; resolves once listening, rejects if it cannot start. */
  onEvent: (fn: (payload: string) => void) => Promise<() => void>;
  close: () => Promise<void>;
};

export function postgresChangeFeed(
  pool: pg.Pool,
  url: string,
  warn: (err: unknown, message: string) => void,
  maxReuseMs = MAX_REUSE_MS,
): ChangeFeed {
  const g = { value: 0 };
  let movedAt = Date.now();
  const bump = () => {
    g.value++;
    movedAt = Date.now();
  };
  pool.on('connect', (client) => countWrites(client, bump));
  const events = new Set<(payload: string) => void>();
  let listener: Listening | null = null;
  let starting: Promise<void> | null = null;
  let failedAt = Number.NEGATIVE_INFINITY;
  let closed = false;

  // Started by the first use, so a handle that never caches (a script, a migration) opens no connection.
  function start(): Promise<void> {
    if (listener || closed) return Promise.resolve();
    starting ??= keepListening({
      url,
      channels: [ROWS_CHANGED_CHANNEL, EVENTS_CHANNEL],
      onNotify: (channel, payload) => {
        if (channel === ROWS_CHANGED_CHANNEL) bump();
        else if (payload)
          for (const fn of events) {
            try {
              fn(payload);
            } catch (err) {
              warn(err, 'an event handler failed');
            }
          }
      },
      // Listening again after a gap: whatever was kept during it is not reused.
      onState: bump,
      warn,
    }).then(
      (l) => {
        if (closed) void l.close();
        else listener = l;
      },
      (err: unknown) => {
        failedAt = Date.now();
        starting = null;
        throw err;
      },
    );
    return starting;
  }

  return {
    listening: () => listener?.listening() ?? false,
    generation() {
      if (fresh.getStore()) return --freshValue; // below zero: never a value the counter gives
      if (listener?.listening()) {
        if (Date.now() - movedAt >= maxReuseMs) bump();
        return g.value;
      }
      if (!starting && Date.now() - failedAt >= RETRY_START_MS)
        start().catch((err: unknown) =>
          warn(err, 'could not listen; every cached read goes to the database for now'),
        );
      return ++g.value;
    },
    async onEvent(fn) {
      events.add(fn);
      try {
        await start();
      } catch (err) {
        events.delete(fn);
        throw err;
      }
      return () => events.delete(fn);
    },
    async close() {
      closed = true;
      events.clear();
      await starting?.catch(() => {});
      await listener?.close();
    },
  };
}
