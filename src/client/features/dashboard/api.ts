import { client, ok } from '@/client/lib/api';
import { useCachedQuery } from '@/client/lib/cached-query';
import { useMorePages } from '@/client/lib/paged';
import type { Dashboard } from '@/shared/schemas/dashboard';
import type { Leaderboard as Board, LeaderboardEntry } from '@/shared/schemas/leaderboard';

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

/** One page of the all-time board beyond the top 50 (GET /leaderboard?cursor=). */
export function fetchBoardPage(cursor: string, signal?: AbortSignal): Promise<Board> {
  return ok(client.GET('/leaderboard', { params: { query: { cursor } }, signal }));
}

/**
 * The all-time board and the pages "Load more" adds beyond its top 50, 50 at a time, each
 * row with its rank from the server (lib/paged.ts: kept on back navigation, each row once).
 */
export function useBoardBeyondTop(top: Board | null) {
  return useMorePages({
    queryKey: ['leaderboard', 'all'],
    first: top ?? undefined,
    rows: boardRows,
    id: entryId,
    fetchPage: fetchBoardPage,
  });
}
const boardRows = (b: Board) => b.entries;
const entryId = (e: LeaderboardEntry) => e.uid;
