import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { routes } from '@/server/lib/route';
import type { AppBindings } from '../context';
import { healthRoutes } from './health';

const configRoute = routes.system('get', '/config', {
  summary: 'Public settings the browser needs',
  ok: z.object({
    nftMintUrl: z.string(),
    analyticsMeasurementId: z.string().nullable(),
    /** Admin and review writes need a second factor (REQUIRE_STAFF_2FA). */
    staffSecondFactor: z.boolean(),
  }),
  described: 'Public configuration',
});

const pingRoute = createRoute({
  method: 'get',
  path: '/ping',
  tags: ['system'],
  summary: 'A bare "ok" that touches nothing: the benchmarks’ baseline',
  responses: { 200: { description: 'ok', content: { 'text/plain': { schema: z.string() } } } },
});

export function systemRoutes(app: OpenAPIHono<AppBindings>) {
  healthRoutes(app);
  app.openapi(pingRoute, (c) => c.text('ok', 200));

  app.openapi(configRoute, (c) => {
    const { env } = c.get('deps');
    c.header('cache-control', 'public, max-age=300');
    return c.json(
      {
        nftMintUrl: env.NFT_MINT_URL,
        analyticsMeasurementId: env.ANALYTICS_MEASUREMENT_ID ?? null,
        staffSecondFactor: env.REQUIRE_STAFF_2FA,
      },
      200,
    );
  });
}
