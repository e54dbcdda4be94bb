import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { type ApiData, ApiError, client, ok } from '@/client/lib/api';
import { useCachedQuery } from '@/client/lib/cached-query';
import { type UiCallbacks, useFeatureMutation } from '@/client/lib/mutation';
import { pagedList, usePagedList } from '@/client/lib/paged-list';
import { uploadWithProgress } from '@/client/lib/upload';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import type {
  Contribution,
  ContributionType,
  contributionHistorySchema,
  contributionSummarySchema,
  queueInfoSchema,
} from '@/shared/schemas/contributions';

/** Query keys of contributions; invalidating one also refreshes every key that starts with it. */
export const contributionKeys = {
  mine: ['contributions'] as const,
  queue: ['admin', 'contributions'] as const,
};

export type QueueInfo = z.infer<typeof queueInfoSchema>;
export type Summary = z.infer<typeof contributionSummarySchema>;
export type RecentContribution = Summary['recent'][number];
export type History = z.infer<typeof contributionHistorySchema>;

/**
 * The hub's numbers and the 5 newest contributions, cache-first: the copy saved in
 * SysfiDB (recentContributions) shows at once, then the server's answer replaces it.
 */
export function useContributionSummary() {
  // "Today" is counted by the server in the time zone of the user's profile.
  return useCachedQuery<Summary>({
    store: 'recentContributions',
    key: 'summary',
    queryKey: [...contributionKeys.mine, 'summary'],
    queryFn: ({ signal }) => ok(client.GET('/contributions/me', { signal })),
    schema: () => import('@/shared/schemas/contributions').then((m) => m.contributionSummarySchema),
    staleTime: 15_000,
  });
}

function fetchHistoryPage(cursor: string | null, signal?: AbortSignal) {
  return ok(
    client.GET('/contributions/history', { params: { query: { cursor: cursor ?? undefined } }, signal }),
  );
}

/** Reviewed contributions, newest first, `pages` pages of 5 (fewer when none remain). */
async function fetchHistory(pages: number, signal?: AbortSignal): Promise<History> {
  const items: Contribution[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const page: History = await fetchHistoryPage(cursor, signal);
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return { items, nextCursor: cursor };
}

/** A refresh re-reads as many pages as were open, at most this many. */
const MAX_REFRESH_PAGES = 10;
const HISTORY_KEY = [...contributionKeys.mine, 'history'] as const;

/**
 * 'See Past Contributions' (spec §2, §7): nothing is fetched until `open`; then the
 * first page of 5 (the copy in SysfiDB `contributions` first, if any), and each
 * `loadMore()` appends the next page until `nextCursor` is null.
 */
export function usePastContributions(open: boolean) {
  const queryClient = useQueryClient();
  const query = useCachedQuery<History>({
    store: 'contributions',
    key: 'history',
    queryKey: HISTORY_KEY,
    queryFn: ({ signal, queryKey }) => {
      const shown = queryClient.getQueryData<History>(queryKey)?.items.length ?? 0;
      const pages = Math.min(MAX_REFRESH_PAGES, Math.max(1, Math.ceil(shown / LIMITS.pastContributionsPage)));
      return fetchHistory(pages, signal);
    },
    schema: () => import('@/shared/schemas/contributions').then((m) => m.contributionHistorySchema),
    enabled: open,
    staleTime: 60_000,
  });

  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<Error | null>(null);
  const { data, setData } = query;
  const loadMore = useCallback(async () => {
    const cursor = data?.nextCursor;
    if (!data || !cursor || loadingMore) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await fetchHistoryPage(cursor);
      const seen = new Set(data.items.map((c) => c.id));
      setData({
        items: [...data.items, ...page.items.filter((c) => !seen.has(c.id))],
        nextCursor: page.nextCursor,
      });
    } catch (err) {
      setMoreError(err instanceof Error ? err : new Error(String(err)));
    } finally {
      setLoadingMore(false);
    }
  }, [data, setData, loadingMore]);

  return { ...query, loadMore, loadingMore, moreError };
}

export type SubmitInput = {
  title: string;
  type: ContributionType;
  link?: string;
  file?: File;
};

/** POST /api/contributions: JSON, or multipart when a file goes along (with upload progress). */
async function submitContribution(
  input: SubmitInput,
  onProgress?: (fraction: number) => void,
): Promise<Contribution> {
  const link = input.link?.trim() || undefined;
  if (input.file) {
    const form = new FormData();
    form.set('title', input.title);
    form.set('type', input.type);
    if (link) form.set('link', link);
    form.set('file', input.file, input.file.name);
    const res = await uploadWithProgress('/contributions', form, { onProgress });
    return res.contribution;
  }
  const res = await ok(
    client.POST('/contributions', {
      body: { title: input.title, type: input.type, ...(link ? { link } : {}) },
    }),
  );
  return res.contribution;
}

/** What the submit form sends, and where the upload reports its progress (with a file). */
export type NewContribution = SubmitInput & { onProgress?: (fraction: number) => void };

/** A new contribution. The hub puts it in its numbers and list itself (contribution-hub-page.tsx). */
export function useSubmitContribution(ui: UiCallbacks<Contribution, NewContribution> = {}) {
  return useFeatureMutation(
    ({ onProgress, ...input }: NewContribution) => submitContribution(input, onProgress),
    ui,
  );
}

export type QueueFilters = { type: ContributionType | ''; q: string };
export type Queue = ApiData<'/admin/contributions', 'get'>;

const queueParams = (filters: QueueFilters) => ({
  type: filters.type || undefined,
  q: filters.q.trim() || undefined,
});

// Module-level, so the rows of the loaded pages are merged again only when the pages change (useMorePages).
const queueRows = (page: Queue) => page.items;
const queueId = (c: Contribution) => c.id;

/** Pending contributions, oldest first, filtered by type and a search over title and contributor. */
function reviewQueue(filters: QueueFilters) {
  const query = queueParams(filters);
  return pagedList({
    queryKey: [...contributionKeys.queue, filters.type, filters.q.trim()],
    staleTime: 10_000,
    // While a new filter loads, the previous list stays (dimmed) instead of a skeleton flash.
    placeholderData: keepPreviousData,
    fetchPage: (cursor, signal) =>
      ok(client.GET('/admin/contributions', { params: { query: { ...query, cursor } }, signal })),
    rows: queueRows,
    id: queueId,
  });
}

/** The review queue's first page (the oldest) and the pages "Load more" adds after it. */
export const useReviewQueue = (filters: QueueFilters) => usePagedList(reviewQueue(filters));

/**
 * Takes decided items off every cached page of the queue: the first pages (each filter's,
 * with their counts) and the pages "Load more" added after them.
 */
function dropFromQueue(queryClient: QueryClient, gone: ReadonlySet<string>) {
  const trim = (old: Queue): Queue => {
    const out = old.items.filter((c) => gone.has(c.id));
    const byType = { ...old.byType };
    for (const c of out) byType[c.type] = Math.max(0, (byType[c.type] ?? 1) - 1);
    return {
      ...old,
      items: old.items.filter((c) => !gone.has(c.id)),
      total: Math.max(0, old.total - out.length),
      byType,
    };
  };
  queryClient.setQueriesData<Queue | InfiniteData<Queue, string>>(
    { queryKey: contributionKeys.queue },
    (old) => {
      if (!old) return old;
      if ('pages' in old)
        return {
          ...old,
          pages: old.pages.map((p) => ({ ...p, items: p.items.filter((c) => !gone.has(c.id)) })),
        };
      return trim(old);
    },
  );
}

export type Decision =
  | { action: 'reward'; points: number }
  | { action: 'reject'; reason: string }
  | { action: 'changes'; note: string };
/** What the bulk bar decides (a change request is one item's). */
export type BulkDecision = Exclude<Decision, { action: 'changes' }>;

/** One decision; a second review of the same item answers 409 'already reviewed'. */
function review(id: string, d: Decision) {
  const params = { path: { id } };
  if (d.action === 'reward')
    return ok(client.POST('/admin/contributions/{id}/reward', { params, body: { points: d.points } }));
  if (d.action === 'reject')
    return ok(client.POST('/admin/contributions/{id}/reject', { params, body: { reason: d.reason } }));
  return ok(client.POST('/admin/contributions/{id}/request-changes', { params, body: { note: d.note } }));
}

/** Someone decided it first (409, with their decision), or it is gone (404). */
export function isAlreadyReviewed(err: unknown): err is ApiError {
  return err instanceof ApiError && err.fromServer && (err.status === 409 || err.status === 404);
}

export type ItemDecision = { item: Contribution; decision: Decision };

/**
 * One decision from the review dialog. Decided, or already decided by someone else: the
 * item leaves every cached queue at once; the queue is fetched again either way.
 */
export function useReviewDecision(ui: UiCallbacks<unknown, ItemDecision> = {}) {
  const queryClient = useQueryClient();
  const gone = (id: string) => dropFromQueue(queryClient, new Set([id]));
  return useMutation({
    mutationFn: ({ item, decision }: ItemDecision) => review(item.id, decision),
    onSuccess: (res, vars) => {
      gone(vars.item.id);
      return ui.onSuccess?.(res, vars);
    },
    onError: (err, vars) => {
      if (isAlreadyReviewed(err)) gone(vars.item.id);
      return ui.onError?.(err, vars);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: contributionKeys.queue });
      return ui.onSettled?.();
    },
  });
}

/** The owner's one resubmission of a contribution sent back for changes (issue 18); their list is fetched again. */
export function useResubmitContribution(
  id: string,
  ui: UiCallbacks<unknown, { title: string; link?: string }> = {},
) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    (body: { title: string; link?: string }) =>
      ok(client.POST('/contributions/{id}/resubmit', { params: { path: { id } }, body })),
    ui,
    { onSuccess: () => void queryClient.invalidateQueries({ queryKey: contributionKeys.mine }) },
  );
}

type BatchResult = ApiData<'/admin/contributions/batch', 'post'>['results'][number];

/** The server takes at most this many ids per batch request. */
const BATCH_MAX = 50;

/** Several decisions of one kind; each item succeeds or fails on its own (sent in chunks of 50). */
async function reviewBatch(ids: string[], d: BulkDecision): Promise<BatchResult[]> {
  const results: BatchResult[] = [];
  for (let i = 0; i < ids.length; i += BATCH_MAX) {
    const chunk = ids.slice(i, i + BATCH_MAX);
    const res = await ok(
      client.POST('/admin/contributions/batch', {
        body:
          d.action === 'reward'
            ? { action: 'reward', ids: chunk, points: d.points }
            : { action: 'reject', ids: chunk, reason: d.reason },
      }),
    );
    results.push(...res.results);
  }
  return results;
}

/** A batch's answer sorted: decided, decided before by someone else, and failed (with why). */
export type BatchOutcome = { done: string[]; already: string[]; failed: BatchResult[]; total: number };

function sortBatch(results: BatchResult[]): BatchOutcome {
  const already = (r: BatchResult) => !r.ok && r.error === MSG.contribution.alreadyReviewed;
  return {
    done: results.filter((r) => r.ok).map((r) => r.id),
    already: results.filter(already).map((r) => r.id),
    failed: results.filter((r) => !r.ok && !already(r)),
    total: results.length,
  };
}

export type BatchDecision = { ids: string[]; decision: BulkDecision };

/**
 * The bulk bar's decision. What was decided (now or before) leaves every cached queue at
 * once; the queue is fetched again either way.
 */
export function useReviewBatch(ui: UiCallbacks<BatchOutcome, BatchDecision> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    async ({ ids, decision }: BatchDecision) => sortBatch(await reviewBatch(ids, decision)),
    ui,
    {
      onSuccess: ({ done, already }) => {
        const gone = [...done, ...already];
        if (gone.length > 0) dropFromQueue(queryClient, new Set(gone));
      },
      onSettled: () => void queryClient.invalidateQueries({ queryKey: contributionKeys.queue }),
    },
  );
}
