/**
 * Several processes on one machine: with WEB_CONCURRENCY=N (N > 1, PostgreSQL only, see
 * env.ts) the process started becomes a primary that forks N workers with node:cluster.
 * The workers share the listening port (the primary accepts connections and hands them out
 * in turn) and each is the ordinary server of index.ts. The primary opens no database and
 * serves nothing:
 *
 * - a worker that dies is replaced; if workers die before they ever listen, three times in a
 *   row, the primary stops instead of forking forever (a bad DATABASE_URL, a port in use);
 * - SIGTERM or SIGINT: every worker is told to shut down as a single process does on SIGTERM
 *   (finish requests in flight, end event streams, release the database); the primary waits
 *   for all of them and exits 0, or 1 if one of them failed;
 * - a second signal, or workers still running after `hardLimitMs`, kills them and exits 1.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './lib/logger';

/** What the primary sends a worker to make it shut down. */
export const SHUTDOWN_MESSAGE = 'sysfi:shutdown';

/** Worker deaths before listening, in a row, after which the primary gives up. */
const MAX_EARLY_DEATHS = 3;

export type PrimaryOptions = {
  workers: number;
  log: Logger;
  /** After a shutdown signal, kill what is still running after this long (default 40 s). */
  hardLimitMs?: number;
  exit?: (code: number) => void;
};

export function runPrimary(opts: PrimaryOptions) {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  // Workers run the file this process runs, with its flags: the bundle's entry
  // (dist/server/index.js) turns source maps on in each of them (scripts/build-server.mjs).
  cluster.setupPrimary({ execArgv: [...process.execArgv] });

  const live = new Set<Worker>();
  const listening = new WeakSet<Worker>();
  let earlyDeaths = 0;
  let stopping = false;
  let failed = false;

  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork();
    live.add(worker);
    worker.once('listening', () => {
      listening.add(worker);
      earlyDeaths = 0;
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      opts.log.info({ worker: worker.process.pid, code, signal }, 'worker stopped');
      if (live.size === 0) {
        opts.log.info(failed ? 'workers stopped, not all cleanly' : 'all workers stopped cleanly');
        exit(failed ? 1 : 0);
      }
      return;
    }
    const early = !listening.has(worker);
    opts.log.error({ worker: worker.process.pid, code, signal, early }, 'worker died; starting another');
    if (early && ++earlyDeaths >= MAX_EARLY_DEATHS) {
      opts.log.fatal(`${MAX_EARLY_DEATHS} workers in a row died before listening; stopping`);
      failed = true;
      stop('workers failing');
      return;
    }
    // A worker that died at once waits a second before the next try, so a crash loop does not spin.
    setTimeout(fork, early ? 1000 : 0).unref();
  });

  function stop(reason: string) {
    if (stopping) {
      opts.log.warn({ reason }, 'second signal: killing the workers');
      for (const w of live) w.process.kill('SIGKILL');
      exit(1);
      return;
    }
    stopping = true;
    opts.log.info({ reason, workers: live.size }, 'shutting down the workers');
    if (live.size === 0) {
      exit(failed ? 1 : 0);
      return;
    }
    for (const w of live) if (w.isConnected()) w.send(SHUTDOWN_MESSAGE);
    const hard = setTimeout(() => {
      opts.log.error('workers still running after the hard limit; killing them');
      for (const w of live) w.process.kill('SIGKILL');
      exit(1);
    }, opts.hardLimitMs ?? 40_000);
    hard.unref();
  }

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  opts.log.info({ workers: opts.workers }, 'starting workers');
  for (let i = 0; i < opts.workers; i++) fork();
}

/**
 * In a worker: shut down gracefully when the primary says so, or when it is gone (its
 * channel closes). Signals sent to the worker itself (a terminal's Ctrl+C reaches the whole
 * process group, a service manager may signal every process) start the same graceful stop;
 * forcing an exit is the primary's job, so a signal here never cuts requests short.
 */
export function followPrimary(stop: () => void) {
  if (!cluster.isWorker) return false;
  process.on('message', (m) => m === SHUTDOWN_MESSAGE && stop());
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return true;
}
