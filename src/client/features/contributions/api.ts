import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { z } from 'zod';
import { LIMITS } from '../../../shared/limits';
import {
  type Contribution,
  type ContributionType,
  contributionSchema,
} from '../../../shared/schemas/contributions';
import { api } from '../../lib/api';
import { useCachedQuery } from '../../lib/cached-query';
import { uploadWithProgress } from '../../lib/upload';

/** Root of every contribution query key of this feature. */
export const CONTRIBUTIONS_KEY = ['contributions'] as const;

const queueSchema = z.object({ queuePosition: z.number().int(), typicalReviewHours: z.number().nullable() });
const recentSchema = contributionSchema.extend({ queue: queueSchema.nullable() });
const summarySchema = z.object({
  today: z.number().int(),
  limit: z.number().int(),
  stats: z.object({
    approved: z.number().int(),
    rejected: z.number().int(),
    total: z.number().int(),
    successRate: z.number(),
  }),
  recent: z.array(recentSchema),
});
const historySchema = z.object({ items: z.array(contributionSchema), nextCursor: z.string().nullable() });

export type QueueInfo = z.infer<typeof queueSchema>;
export type RecentContribution = z.infer<typeof recentSchema>;
export type Summary = z.infer<typeof summarySchema>;
export type History = z.infer<typeof historySchema>;

/** The browser's IANA time zone: the server counts "today" from the user's own midnight (spec §9). */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A cached copy from an older app version that no longer parses is a miss, not a crash. */
function parser<T>(schema: z.ZodType<T>) {
  return (data: unknown): T | undefined => {
    const r = schema.safeParse(data);
    return r.success ? r.data : undefined;
  };
}

/**
 * The hub's numbers and the 5 newest contributions, cache-first: the copy saved in
 * SysfiDB (recentContributions) shows at once, then the server's answer replaces it.
 */
export function useContributionSummary() {
  const tz = localTimeZone();
  return useCachedQuery<Summary>({
    store: 'recentContributions',
    key: 'summary',
    queryKey: [...CONTRIBUTIONS_KEY, 'summary', tz],
    queryFn: ({ signal }) => api.get<Summary>(`/api/contributions/me?tz=${encodeURIComponent(tz)}`, signal),
    parse: parser(summarySchema),
    staleTime: 15_000,
  });
}

function historyPath(cursor: string | null) {
  return cursor
    ? `/api/contributions/history?cursor=${encodeURIComponent(cursor)}`
    : '/api/contributions/history';
}

/** Reviewed contributions, newest first, `pages` pages of 5 (fewer when none remain). */
async function fetchHistory(pages: number, signal?: AbortSignal): Promise<History> {
  const items: Contribution[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const page: History = await api.get<History>(historyPath(cursor), signal);
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return { items, nextCursor: cursor };
}

/** A refresh re-reads as many pages as were open, at most this many. */
const MAX_REFRESH_PAGES = 10;
const HISTORY_KEY = [...CONTRIBUTIONS_KEY, 'history'] as const;

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
    parse: parser(historySchema),
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
      const page = await api.get<History>(historyPath(cursor));
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
export async function submitContribution(
  input: SubmitInput,
  onProgress?: (fraction: number) => void,
): Promise<Contribution> {
  const timeZone = localTimeZone();
  const link = input.link?.trim() || undefined;
  if (input.file) {
    const form = new FormData();
    form.set('title', input.title);
    form.set('type', input.type);
    if (link) form.set('link', link);
    form.set('timeZone', timeZone);
    form.set('file', input.file, input.file.name);
    const res = await uploadWithProgress<{ contribution: Contribution }>(
      '/api/contributions',
      form,
      onProgress,
    );
    return res.contribution;
  }
  const res = await api.post<{ contribution: Contribution }>('/api/contributions', {
    title: input.title,
    type: input.type,
    ...(link ? { link } : {}),
    timeZone,
  });
  return res.contribution;
}
