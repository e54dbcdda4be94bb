import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Contribution, ContributionType } from '../../../shared/schemas/contributions';
import { api } from '../../lib/api';

/** Root of every review-queue query (one per filter). */
export const QUEUE_KEY = ['admin', 'contributions'] as const;

export type QueueFilters = { type: ContributionType | ''; q: string };
export type Queue = { items: Contribution[]; total: number };

/** Pending contributions, oldest first, filtered by type and a search over title and contributor. */
export function queueQuery(filters: QueueFilters) {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  const qs = params.toString();
  return queryOptions({
    queryKey: [...QUEUE_KEY, filters.type, filters.q.trim()],
    queryFn: ({ signal }) => api.get<Queue>(`/api/admin/contributions${qs ? `?${qs}` : ''}`, signal),
    staleTime: 10_000,
    // While a new filter loads, the previous list stays (dimmed) instead of a skeleton flash.
    placeholderData: keepPreviousData,
  });
}

export type Decision = { action: 'reward'; points: number } | { action: 'reject'; reason: string };

/** One decision; a second review of the same item answers 409 'already reviewed'. */
export function review(id: string, d: Decision) {
  const path = `/api/admin/contributions/${encodeURIComponent(id)}/${d.action}`;
  return api.post<{ contribution: Contribution }>(
    path,
    d.action === 'reward' ? { points: d.points } : { reason: d.reason },
  );
}

export type BatchResult = { id: string; ok: boolean; error?: string };

/** The server takes at most this many ids per batch request. */
const BATCH_MAX = 50;

/** Several decisions of one kind; each item succeeds or fails on its own (sent in chunks of 50). */
export async function reviewBatch(ids: string[], d: Decision): Promise<BatchResult[]> {
  const results: BatchResult[] = [];
  for (let i = 0; i < ids.length; i += BATCH_MAX) {
    const chunk = ids.slice(i, i + BATCH_MAX);
    const res = await api.post<{ results: BatchResult[] }>(
      '/api/admin/contributions/batch',
      d.action === 'reward'
        ? { action: 'reward', ids: chunk, points: d.points }
        : { action: 'reject', ids: chunk, reason: d.reason },
    );
    results.push(...res.results);
  }
  return results;
}
