/** GET /api/admin/insights?days=7|30|90: the admin's charts, queue health and abuse signals (issue 18). */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppBindings } from '@/server/context';
import { requireAccess } from '@/server/lib/access';
import { errorResponses } from '@/server/lib/errors';
import { jsonContent } from '@/server/lib/openapi';
import { INSIGHT_PERIODS, insightsSchema } from '@/shared/schemas/insights';
import { insights } from './insights.data';

const insightsRoute = createRoute({
  method: 'get',
  path: '/admin/insights',
  tags: ['admin'],
  summary:
    'Insights over the last 7, 30 or 90 UTC days: sign-ups, contributions, review times against the 24-hour promise, XP per week, referrals, bounty and grant funnels, queue health, abuse signals (flags only)',
  middleware: [requireAccess('admin')] as const,
  request: {
    query: z.object({
      days: z
        .enum(INSIGHT_PERIODS.map(String) as ['7', '30', '90'])
        .default('30')
        .transform(Number),
    }),
  },
  responses: { 200: jsonContent(insightsSchema), ...errorResponses(400, 401, 403) },
});

export function insightsRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(insightsRoute, async (c) => {
    const { days } = c.req.valid('query');
    const { handle, now } = c.get('deps');
    c.header('cache-control', 'no-store');
    return c.json(await insights(handle.db, now(), days), 200);
  });
}
