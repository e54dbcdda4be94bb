/**
 * Server-side events that several app processes must all see (docs/architecture.md, "Realtime").
 * With PostgreSQL, events travel through LISTEN/NOTIFY so a browser connected to
 * process A hears about a change made on process B. With embedded PGlite there is
 * one process by construction, so an in-process emitter is the whole story.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '../lib/logger';

export type RealtimeEvent = { topic: string; data: Record<string, unknown> };
export type Bus = {
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(fn: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
};

/** The LISTEN/NOTIFY channel (exported for tools that run outside the app: reset-second-factor.ts). */
export const CHANNEL = 'sysfi_events';

/** Topics for the processes alone (cache invalidation): never forwarded to a browser. */
export const INTERNAL_TOPIC_PREFIX = 'internal.';
export function isInternalTopic(topic: string): boolean {
  return topic.startsWith(INTERNAL_TOPIC_PREFIX);
}

export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(fn) {
      emitter.on('event', fn);
      return () => emitter.off('event', fn);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** LISTEN on one dedicated connection (reconnecting), NOTIFY through the pool. */
export async function createPostgresBus(opts: { url: string; pool: pg.Pool; log: Logger }): Promise<Bus> {
  const local = createLocalBus();
  let client: pg.Client | null = null;
  let closed = false;

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: opts.url });
    c.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        void local.publish(JSON.parse(msg.payload) as RealtimeEvent);
      } catch (err) {
        opts.log.warn({ err }, 'realtime: bad notification payload');
      }
    });
    c.on('error', (err) => {
      opts.log.warn({ err }, 'realtime: listener connection lost; reconnecting');
      client = null;
      if (!closed) setTimeout(() => void connect().catch(() => {}), 1000).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
  }
  await connect();

  return {
    async publish(event) {
      // Payloads are small ids, well under NOTIFY's 8000-byte limit.
      await opts.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await local.close();
      await client?.end().catch(() => {});
    },
  };
}
