import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { AppBindings } from '../context';
import { ApiError, errorResponses } from '../lib/errors';

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['system'],
  summary: 'Liveness and database check',
  responses: {
    200: {
      description: 'Healthy',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true), db: z.string() }) } },
    },
    ...errorResponses(503),
  },
});

const configRoute = createRoute({
  method: 'get',
  path: '/config',
  tags: ['system'],
  summary: 'Public settings the browser needs',
  responses: {
    200: {
      description: 'Public configuration',
      content: {
        'application/json': {
          schema: z.object({ nftMintUrl: z.string(), analyticsMeasurementId: z.string().nullable() }),
        },
      },
    },
  },
});

const pingRoute = createRoute({
  method: 'get',
  path: '/ping',
  tags: ['system'],
  summary: 'A bare "ok" that touches nothing: the benchmarks’ baseline',
  responses: { 200: { description: 'ok', content: { 'text/plain': { schema: z.string() } } } },
});

export function systemRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(pingRoute, (c) => c.text('ok', 200));

  app.openapi(healthRoute, async (c) => {
    const { handle } = c.get('deps');
    try {
      await handle.db.execute(sql`select 1`);
    } catch (err) {
      c.get('log').error({ err }, 'health check failed');
      throw new ApiError(503, 'DB_UNAVAILABLE', 'Database unavailable');
    }
    c.header('cache-control', 'no-store');
    return c.json({ ok: true as const, db: handle.kind }, 200);
  });

  app.openapi(configRoute, (c) => {
    const { env } = c.get('deps');
    c.header('cache-control', 'public, max-age=300');
    return c.json(
      { nftMintUrl: env.NFT_MINT_URL, analyticsMeasurementId: env.ANALYTICS_MEASUREMENT_ID ?? null },
      200,
    );
  });
}
