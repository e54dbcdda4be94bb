/**
 * Server-Sent Events streams; events reach every app process through the bus (on
 * PostgreSQL: LISTEN/NOTIFY, realtime/bus.ts).
 * - GET /api/admin/events: changes the admin screens show live (bounty requests now);
 * - GET /api/me/events: the signed-in user's own inbox changes (`notifications`, data
 *   { unread: true }), and nobody else's.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import type { AppBindings } from '../context';
import { currentUser, requireAccess } from '../lib/access';
import { ApiError, errorResponses } from '../lib/errors';
import { isInternalTopic, type RealtimeEvent } from '../realtime/bus';
import { SHUTDOWN_RETRY_MS } from '../realtime/sse-hub';
import { USER_NOTIFICATION_TOPIC, USER_TOPIC_PREFIX } from './notifications/inbox';

export const HEARTBEAT_MS = 25_000;

const eventsRoute = createRoute({
  method: 'get',
  path: '/admin/events',
  tags: ['admin'],
  summary: 'Live admin events (text/event-stream): event = topic, data = JSON { id, action }',
  middleware: [requireAccess('admin')] as const,
  responses: {
    200: { description: 'Event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...errorResponses(401, 403),
  },
});

const myEventsRoute = createRoute({
  method: 'get',
  path: '/me/events',
  tags: ['notifications'],
  summary:
    'Live events of the signed-in user (text/event-stream): event `notifications` when their inbox changed',
  middleware: [requireAccess('verified')] as const,
  responses: {
    200: { description: 'Event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...errorResponses(401, 403, 429),
  },
});

export function realtimeRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(eventsRoute, (c) =>
    stream(c, (e) => (isInternalTopic(e.topic) || e.topic.startsWith(USER_TOPIC_PREFIX) ? null : e)),
  );
  // Streams each member holds open here: every open stream is handed every event, so a member
  // opening hundreds (outside review: 300 were accepted) would cost everyone; ten tabs are plenty.
  const open = new Map<string, number>();
  app.openapi(myEventsRoute, (c) => {
    const me = currentUser(c).id;
    const held = open.get(me) ?? 0;
    if (held >= LIMITS.eventStreamsPerMember) throw new ApiError(429, 'TOO_MANY_STREAMS', MSG.common.tooMany);
    open.set(me, held + 1);
    const release = () => {
      const left = (open.get(me) ?? 1) - 1;
      if (left > 0) open.set(me, left);
      else open.delete(me);
    };
    return stream(
      c,
      (e) =>
        e.topic === USER_NOTIFICATION_TOPIC && e.data.userId === me
          ? { topic: 'notifications', data: { changed: true } }
          : null,
      release,
    );
  });
}

/**
 * Streams the bus's events that `pick` lets through (and reshapes), with heartbeats, until the
 * client or the process leaves; then `ended` runs, however the stream ended.
 */
function stream(
  c: Context<AppBindings>,
  pick: (e: RealtimeEvent) => RealtimeEvent | null,
  ended: () => void = () => {},
) {
  {
    const { bus, sse } = c.get('deps');
    c.header('cache-control', 'no-store');
    c.header('x-accel-buffering', 'no'); // nginx: do not buffer the stream
    return streamSSE(c, async (stream) => {
      try {
        await serve(stream);
      } finally {
        ended();
      }
    }) as never;
    async function serve(stream: SSEStreamingApi) {
      const queue: RealtimeEvent[] = [];
      let wake: (() => void) | null = null;
      let ending = false;
      // At shutdown: tell the browser to come back in a second, and end the stream.
      const leave = sse.add(async () => {
        ending = true;
        await stream.writeSSE({ event: 'shutdown', data: '{}', retry: SHUTDOWN_RETRY_MS }).catch(() => {});
        wake?.();
      });
      const unsubscribe = bus.subscribe((e) => {
        const out = pick(e);
        if (!out) return;
        queue.push(out);
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: '{}' });
      while (!ending && !stream.aborted && !stream.closed) {
        const next = queue.shift();
        if (next) {
          await stream.writeSSE({ event: next.topic, data: JSON.stringify(next.data) });
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, HEARTBEAT_MS).unref();
        });
        wake = null;
        if (queue.length === 0 && !stream.aborted && !ending) await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
      leave();
    }
  }
}
