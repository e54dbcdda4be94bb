import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { client, ok } from '@/client/lib/api';
import type { InsightPeriod } from '@/shared/schemas/insights';

export const insightsKeys = { all: ['admin', 'insights'] as const };

/** GET /api/admin/insights for the last `days` days; the previous period stays on screen while the next loads. */
export const insightsQuery = (days: InsightPeriod) =>
  queryOptions({
    queryKey: [...insightsKeys.all, days] as const,
    queryFn: ({ signal }) =>
      ok(
        client.GET('/admin/insights', {
          params: { query: { days: String(days) as '7' | '30' | '90' } },
          signal,
        }),
      ),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
