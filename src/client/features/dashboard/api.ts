import { client, ok } from '@/client/lib/api';
import { useCachedQuery } from '@/client/lib/cached-query';
import type { Dashboard } from '@/shared/schemas/dashboard';

/** Query keys of the dashboard. */
export const dashboardKeys = {
  dashboard: ['dashboard'] as const,
};

/** Everything /dashboard shows, in one request (spec §2 Dashboard). */
export function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return ok(client.GET('/dashboard', { signal }));
}

/** Cache-first: the last dashboard from SysfiDB (dashboardData) at once, then the server's. */
export function useDashboard() {
  return useCachedQuery<Dashboard>({
    store: 'dashboardData',
    key: 'dashboard',
    queryKey: dashboardKeys.dashboard,
    queryFn: ({ signal }) => fetchDashboard(signal),
    schema: () => import('@/shared/schemas/dashboard').then((m) => m.dashboardSchema),
  });
}
