/**
 * One dedicated PostgreSQL connection that LISTENs on some channels, and keeps listening: after
 * an error, the server ending the connection (a restart, pg_terminate_backend) or a failed
 * reconnect it tries again, waiting 1 s, then twice as long each time up to 30 s.
 *
 * A notification sent while no connection listens is lost, so the owner is told when listening
 * starts and stops (`onState`): whatever it learns only from notifications, it must not trust
 * while `listening()` is false.
 *
 * A connection can also die without a word (a network cut with no reset, a NAT or load balancer
 * dropping an idle connection): nothing arrives, and nothing says so. So the connection is asked
 * `SELECT 1` every HEARTBEAT_MS, and one that does not answer within HEARTBEAT_TIMEOUT_MS counts
 * as lost (TCP keepalive, from 10 s idle, backs this up at the socket). The realtime bus (server/realtime/bus.ts) and the write
 * generation on PostgreSQL (db/write-generation.ts) both listen through this.
 */
import pg from 'pg';

export type Listening = {
  listening(): boolean;
  close(): Promise<void>;
};

export type ListenOptions = {
  url: string;
  channels: readonly string[];
  onNotify: (channel: string, payload: string | undefined) => void;
  onState?: (listening: boolean) => void;
  warn: (err: unknown, message: string) => void;
};

const FIRST_PAUSE_MS = 1000;
const MAX_PAUSE_MS = 30_000;
const HEARTBEAT_MS = 5000;
const HEARTBEAT_TIMEOUT_MS = 5000;
const CONNECT_TIMEOUT_MS = 5000;

/** Listens from now on; rejects if the first connection fails (the caller decides what that means). */
export async function keepListening(opts: ListenOptions): Promise<Listening> {
  let current: pg.Client | null = null;
  let closed = false;
  let up = false;
  let pause = FIRST_PAUSE_MS;
  const setUp = (v: boolean) => {
    if (up === v) return;
    up = v;
    opts.onState?.(v);
  };

  async function open(): Promise<void> {
    const c = new pg.Client({
      connectionString: opts.url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    let beat: NodeJS.Timeout | undefined;
    // Before it listens, a failure is the caller's (open's promise); after, it is `lost`'s.
    const lost = (err: unknown) => {
      if (current !== c) return;
      current = null;
      clearInterval(beat);
      setUp(false);
      void c.end().catch(() => {});
      if (closed) return;
      opts.warn(err, 'database listener lost; reconnecting');
      retry();
    };
    c.on('notification', (m) => {
      try {
        opts.onNotify(m.channel, m.payload);
      } catch (err) {
        opts.warn(err, 'a notification handler failed');
      }
    });
    c.on('error', lost);
    c.on('end', () => lost(new Error('listener connection ended')));
    try {
      await c.connect();
      for (const channel of opts.channels) await c.query(`LISTEN ${channel}`);
    } catch (err) {
      void c.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    current = c;
    pause = FIRST_PAUSE_MS;
    beat = setInterval(() => {
      if (current !== c) {
        clearInterval(beat);
        return;
      }
      const silent = setTimeout(() => {
        lost(new Error(`listener connection silent for ${HEARTBEAT_TIMEOUT_MS} ms`));
        // A polite end waits for an answer that will not come: drop the socket itself.
        (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      }, HEARTBEAT_TIMEOUT_MS);
      silent.unref();
      c.query('SELECT 1').then(
        () => clearTimeout(silent),
        (err: unknown) => {
          clearTimeout(silent);
          lost(err);
        },
      );
    }, HEARTBEAT_MS);
    beat.unref();
    setUp(true);
  }

  function retry() {
    setTimeout(() => {
      if (closed) return;
      open().catch((err: unknown) => {
        opts.warn(err, 'database listener could not reconnect; trying again');
        pause = Math.min(pause * 2, MAX_PAUSE_MS);
        retry();
      });
    }, pause).unref();
  }

  await open();
  return {
    listening: () => up,
    async close() {
      closed = true;
      const c = current;
      current = null;
      setUp(false);
      await c?.end().catch(() => {});
    },
  };
}
