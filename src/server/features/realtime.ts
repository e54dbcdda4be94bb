/**
 * GET /api/admin/events: a Server-Sent Events stream of changes the admin screens
 * show live (bounty requests now). Events reach every app process through the bus.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { AppBindings } from '../context';
import { requireAccess } from '../lib/access';
import { errorResponses } from '../lib/errors';
import { isInternalTopic, type RealtimeEvent } from '../realtime/bus';
import { SHUTDOWN_RETRY_MS } from '../realtime/sse-hub';

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

export function realtimeRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(eventsRoute, (c) => {
    const { bus, sse } = c.get('deps');
    c.header('cache-control', 'no-store');
    c.header('x-accel-buffering', 'no'); // nginx: do not buffer the stream
    return streamSSE(c, async (stream) => {
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
        if (isInternalTopic(e.topic)) return;
        queue.push(e);
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
    }) as never;
  });
}
