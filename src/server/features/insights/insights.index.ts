/** GET /api/admin/insights?days=7|30|90: the admin's charts, queue health and abuse signals (issue 18). */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppBindings } from '@/server/context';
import { routes } from '@/server/lib/route';
import { INSIGHT_PERIODS, insightsSchema } from '@/shared/schemas/insights';
import { insights } from './insights.data';

const insightsRoute = routes.admin('get', '/admin/insights', {
  summary:
    'Insights over the last 7, 30 or 90 UTC days: sign-ups, contributions, review times against the 24-hour promise, XP per week, referrals, bounty and grant funnels, queue health, abuse signals (flags only)',
  access: 'admin',
  query: z.object({
    days: z
      .enum(INSIGHT_PERIODS.map(String) as ['7', '30', '90'])
      .default('30')
      .transform(Number),
  }),
  ok: insightsSchema,
});

export function insightsRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(insightsRoute, async (c) => {
    const { days } = c.req.valid('query');
    const { handle, now } = c.get('deps');
    c.header('cache-control', 'no-store');
    return c.json(await insights(handle.db, now(), days), 200);
  });
}
