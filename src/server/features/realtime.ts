/**
 * GET /api/admin/events: a Server-Sent Events stream of changes the admin screens
 * show live (bounty requests now). Events reach every app process through the bus.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { AppBindings } from '../context';
import { requireAccess } from '../lib/access';
import { errorResponses } from '../lib/errors';
import type { RealtimeEvent } from '../realtime/bus';

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
    const { bus } = c.get('deps');
    c.header('cache-control', 'no-store');
    c.header('x-accel-buffering', 'no'); // nginx: do not buffer the stream
    return streamSSE(c, async (stream) => {
      const queue: RealtimeEvent[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = bus.subscribe((e) => {
        queue.push(e);
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: '{}' });
      while (!stream.aborted && !stream.closed) {
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
        if (queue.length === 0 && !stream.aborted) await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
    }) as never;
  });
}
