import { type Dashboard, dashboardSchema } from '../../../shared/schemas/dashboard';
import { api } from '../../lib/api';
import { useCachedQuery } from '../../lib/cached-query';

export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

/** Everything /dashboard shows, in one request (spec §2 Dashboard). */
export function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.get<Dashboard>('/api/dashboard', signal);
}

/** A cached copy from an older app version that no longer parses is a miss, not a crash. */
function parseDashboard(data: unknown): Dashboard | undefined {
  const r = dashboardSchema.safeParse(data);
  return r.success ? r.data : undefined;
}

/** Cache-first: the last dashboard from SysfiDB (dashboardData) at once, then the server's. */
export function useDashboard() {
  return useCachedQuery<Dashboard>({
    store: 'dashboardData',
    key: 'dashboard',
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) => fetchDashboard(signal),
    parse: parseDashboard,
  });
}
