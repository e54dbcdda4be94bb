/**
 * Server-side events that several app processes must all see (docs/architecture.md, "Realtime").
 * With PostgreSQL, events travel through LISTEN/NOTIFY so a browser connected to
 * process A hears about a change made on process B. With embedded PGlite there is
 * one process by construction, so an in-process emitter is the whole story.
 */
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { type ChangeFeed, EVENTS_CHANNEL } from '@/db/write-generation';
import type { Logger } from '../lib/logger';

export type RealtimeEvent = { topic: string; data: Record<string, unknown> };
export type Bus = {
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(fn: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
};

/** The LISTEN/NOTIFY channel (exported for tools that run outside the app: reset-second-factor.ts). */
export const CHANNEL = EVENTS_CHANNEL;

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

/**
 * Events through the database: NOTIFY through the pool, heard on the change feed's connection
 * (db/write-generation.ts), which reconnects and delivers them after the writes they are about.
 */
export async function createPostgresBus(opts: {
  pool: pg.Pool;
  changes: ChangeFeed;
  log: Logger;
}): Promise<Bus> {
  const local = createLocalBus();
  const stop = await opts.changes.onEvent((payload) => {
    try {
      void local.publish(JSON.parse(payload) as RealtimeEvent);
    } catch (err) {
      opts.log.warn({ err }, 'realtime: bad notification payload');
    }
  });

  return {
    async publish(event) {
      // Payloads are small ids, well under NOTIFY's 8000-byte limit.
      await opts.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    },
    subscribe: local.subscribe,
    async close() {
      stop();
      await local.close();
    },
  };
}
