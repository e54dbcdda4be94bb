/**
 * Graceful shutdown on SIGTERM / SIGINT, in its own module so a cluster primary or
 * worker can reuse it:
 *
 * 1. stop accepting connections (idle keep-alive sockets are closed as they idle);
 * 2. end event streams with a retry hint, so browsers reconnect elsewhere;
 * 3. let requests in flight finish, for at most `graceMs`, then close what is left;
 * 4. `release()`: stop the mail worker after its current mail, close the bus and the
 *    database (which releases the PGlite lock), then exit 0.
 *
 * A second signal, or `release` hanging past `hardLimitMs`, exits 1 at once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from 'node:net';
import type { Logger } from './logger';

export type ShutdownOptions = {
  server: import('node:http').Server;
  log: Logger;
  /** Ends open event streams (SseHub.endAll). */
  endStreams?: () => Promise<void>;
  /** Everything after the last request: mail worker, bus, database. */
  release: () => Promise<void>;
  /** How long requests in flight may take to finish. */
  graceMs?: number;
  /** After this long in total, exit 1 whatever is still running. */
  hardLimitMs?: number;
  exit?: (code: number) => void;
};

/** Time for bytes already sent on an open connection to be read before idle ones are closed. */
const IDLE_SETTLE_MS = 500;

export function createShutdown(opts: ShutdownOptions) {
  const graceMs = opts.graceMs ?? 10_000;
  const hardLimitMs = opts.hardLimitMs ?? graceMs + 15_000;
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let stopping: Promise<void> | null = null;
  let closing = false;
  const active = new Set<ServerResponse>();
  opts.server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) {
      if (!res.headersSent) res.setHeader('connection', 'close');
      return;
    }
    active.add(res);
    res.on('close', () => active.delete(res));
  });

  async function run(signal: string) {
    const t0 = Date.now();
    opts.log.info({ signal, graceMs }, 'shutting down: finishing requests in flight');
    const hard = setTimeout(() => {
      opts.log.error({ hardLimitMs }, 'shutdown took too long; exiting');
      exit(1);
    }, hardLimitMs);
    hard.unref();

    // Stop listening, but not through http.Server#close: that also drops every connection
    // with no parsed request yet, including one whose request is still in the socket buffer.
    const drained = new Promise<void>((resolve) => Server.prototype.close.call(opts.server, () => resolve()));
    closing = true;
    // Responses from now on close their connection instead of keeping it alive.
    for (const res of active) if (!res.headersSent) res.setHeader('connection', 'close');
    await opts.endStreams?.();
    // Idle keep-alive sockets go once whatever was already sent on them has been read.
    let idle: NodeJS.Timeout | undefined;
    const settle = setTimeout(() => {
      opts.server.closeIdleConnections();
      idle = setInterval(() => opts.server.closeIdleConnections(), 100);
    }, IDLE_SETTLE_MS);
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      drained.then(() => false),
      new Promise<boolean>((r) => {
        timer = setTimeout(() => r(true), graceMs);
      }),
    ]);
    clearTimeout(timer);
    clearTimeout(settle);
    clearInterval(idle);
    if (late) {
      opts.log.warn({ graceMs }, 'requests still open after the grace period; closing them');
      opts.server.closeAllConnections();
    }
    try {
      await opts.release();
      opts.log.info({ ms: Date.now() - t0 }, 'shut down cleanly');
      clearTimeout(hard);
      exit(0);
    } catch (err) {
      opts.log.error({ err }, 'shutdown failed');
      exit(1);
    }
  }

  return {
    /** Starts the shutdown (once); a second call while it runs exits 1 at once. */
    stop(signal: string): Promise<void> {
      if (stopping) {
        if (signal !== 'internal') {
          opts.log.warn({ signal }, 'second signal: exiting now');
          exit(1);
        }
        return stopping;
      }
      stopping = run(signal);
      return stopping;
    },
    /** SIGTERM and SIGINT start it. */
    install() {
      process.on('SIGTERM', () => void this.stop('SIGTERM'));
      process.on('SIGINT', () => void this.stop('SIGINT'));
      return this;
    },
  };
}
