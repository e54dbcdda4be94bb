import {
  type InfiniteData,
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiData, ApiError, client, ok } from '@/client/lib/api';
import { useCachedQuery } from '@/client/lib/cached-query';
import { type UiCallbacks, useFeatureMutation } from '@/client/lib/mutation';
import { editPagedRows, type MorePages, useMorePages } from '@/client/lib/paged';
import { pagedList, usePagedList } from '@/client/lib/paged-list';
import { uploadWithProgress } from '@/client/lib/upload';
import { bountyReapplyAt } from '@/shared/rules/cooldown';
import type {
  BOUNTY_FILTERS,
  BOUNTY_REQUEST_FILTERS,
  Bounty,
  BountyRequest,
  bountyRequestSchema,
} from '@/shared/schemas/bounties';

export type BountyFilter = (typeof BOUNTY_FILTERS)[number];
export type BountyList = { bounties: Bounty[]; nextCursor: string | null };

/** Query keys of bounties; invalidating one also refreshes every key that starts with it. */
export const bountyKeys = {
  board: ['bounties'] as const,
  myRequests: ['bounty-applications', 'mine'] as const,
  allRequests: ['admin', 'bounty-applications'] as const,
};

/** The filter panel's values: reward/title text and a deadline range (ISO instants). */
export type BountySearch = { q: string; from: string | null; to: string | null };
export const NO_SEARCH: BountySearch = { q: '', from: null, to: null };

export function hasSearch(s: BountySearch): boolean {
  return !!s.q.trim() || !!s.from || !!s.to;
}

function fetchBoard(filter: BountyFilter, s: BountySearch, signal: AbortSignal, cursor?: string) {
  const query = {
    filter,
    q: s.q.trim() || undefined,
    from: s.from ?? undefined,
    to: s.to ?? undefined,
    cursor,
  };
  return ok(client.GET('/bounties', { params: { query }, signal }));
}

const boardRows = (l: BountyList) => l.bounties;
const bountyId = (b: Bounty) => b.id;

/**
 * The board. The chip filters alone are cache-first (spec §3 store 'bounties', one
 * record per chip): the last list shows at once and the server's answer replaces
 * it. A search or a deadline range is asked of the server directly and not cached,
 * so the store never fills up with one-off searches.
 */
export type BoardView = MorePages<Bounty> & {
  /** Nothing to show yet: render skeletons. */
  isLoading: boolean;
  /** Something is shown and a fresh copy is on its way. */
  isRefreshing: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
};

export function useBounties(filter: BountyFilter, search: BountySearch): BoardView {
  const searching = hasSearch(search);
  const cached = useCachedQuery<BountyList>({
    store: 'bounties',
    key: `list:${filter}`,
    queryKey: [...bountyKeys.board, filter],
    queryFn: ({ signal }) => fetchBoard(filter, NO_SEARCH, signal),
    schema: () => import('@/shared/schemas/bounties').then((m) => m.bountyListSchema),
    staleTime: 15_000,
    enabled: !searching,
  });
  const searched = useQuery({
    queryKey: [...bountyKeys.board, filter, 'search', search],
    queryFn: ({ signal }) => fetchBoard(filter, search, signal),
    enabled: searching,
    staleTime: 15_000,
    placeholderData: (prev) => prev,
  });
  const more = useMorePages({
    queryKey: searching ? [...bountyKeys.board, filter, 'search', search] : cached.queryKey,
    first: searching ? searched.data : cached.data,
    rows: boardRows,
    id: bountyId,
    fetchPage: (cursor, signal) => fetchBoard(filter, search, signal, cursor),
  });
  if (!searching) return { ...cached, ...more };
  return {
    ...more,
    isLoading: searched.isPending && !searched.isError,
    isRefreshing: searched.isFetching && !searched.isPending,
    error: searched.data ? null : searched.error,
    refetch: searched.refetch,
  };
}

/** A first page, or the pages "Load more" added (lib/paged.ts), with the bounty marked applied. */
type BoardData = BountyList | InfiniteData<BountyList, string>;
function markApplied(data: BoardData | undefined, id: string): BoardData | undefined {
  if (!data) return data;
  if ('pages' in data) return { ...data, pages: data.pages.map((p) => markAppliedIn(p, id)) };
  return markAppliedIn(data, id);
}
function markAppliedIn(list: BountyList, id: string): BountyList {
  return {
    ...list,
    bounties: list.bounties.map((b) =>
      b.id === id && !b.applied ? { ...b, applied: true, applicants: b.applicants + 1 } : b,
    ),
  };
}

/** How an application ended: sent, sent before (another tab), or too late. Null: a plain failure. */
export type ApplyOutcome = 'applied' | 'already-applied' | 'expired';
export function applyRefusal(err: unknown): Exclude<ApplyOutcome, 'applied'> | null {
  if (err instanceof ApiError && err.code === 'ALREADY_APPLIED') return 'already-applied';
  if (err instanceof ApiError && err.code === 'EXPIRED') return 'expired';
  return null;
}

export type BountyApplication = { bounty: Bounty; pitch: string; link: string | null };

/**
 * Apply to a bounty. Sent (or sent before): the card shows "applied" with one more
 * applicant at once, in every list; any answer that settles it refreshes the board.
 */
export function useApplyToBounty(ui: UiCallbacks<unknown, BountyApplication> = {}) {
  const queryClient = useQueryClient();
  const settle = (id: string, applied: boolean) => {
    if (applied)
      queryClient.setQueriesData<BoardData>({ queryKey: bountyKeys.board }, (old) => markApplied(old, id));
    void queryClient.invalidateQueries({ queryKey: bountyKeys.board });
  };
  return useMutation({
    mutationFn: ({ bounty, pitch, link }: BountyApplication) =>
      ok(
        client.POST('/bounties/{id}/apply', {
          params: { path: { id: bounty.id } },
          body: { pitch, ...(link ? { link } : {}) },
        }),
      ),
    onSuccess: (res, vars) => {
      settle(vars.bounty.id, true);
      return ui.onSuccess?.(res, vars);
    },
    onError: (err, vars) => {
      const refusal = applyRefusal(err);
      if (refusal) settle(vars.bounty.id, refusal === 'already-applied');
      return ui.onError?.(err, vars);
    },
  });
}

// ---- the requester's side ----

export type MyBountyRequests = ApiData<'/bounty-applications/mine', 'get'>;

export { myBountyRequestsQuery as myRequestsQuery } from '@/client/lib/shared-queries';

/** A new bounty request: the checked form, its images and the upload's progress and cancel. */
export type NewBountyRequest = {
  fields: z.output<ReturnType<typeof bountyRequestSchema>>;
  images: File[];
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * POST /api/bounty-applications as multipart with upload progress. One field name
 * for the images ("images", once per file) and one for the criteria ("criteria",
 * a JSON array): the names the server reads, everywhere. The new request heads
 * the requester's list at once, with the cooldown it starts.
 */
export function useSubmitBountyRequest(
  ui: UiCallbacks<ApiData<'/bounty-applications', 'post'>, NewBountyRequest> = {},
) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    ({ fields, images, onProgress, signal }: NewBountyRequest) => {
      const form = new FormData();
      form.set('title', fields.title);
      form.set('description', fields.description);
      form.set('reward', fields.reward);
      form.set('deadline', fields.deadline);
      form.set('contactInfo', fields.contactInfo);
      if (fields.resourceLink) form.set('resourceLink', fields.resourceLink);
      form.set('criteria', JSON.stringify(fields.criteria));
      form.set('timeZone', fields.timeZone);
      for (const file of images) form.append('images', file, file.name);
      return uploadWithProgress('/bounty-applications', form, { onProgress, signal });
    },
    ui,
    {
      onSuccess: (res) => {
        const a = res.application;
        queryClient.setQueryData<MyBountyRequests>(bountyKeys.myRequests, (old) => {
          const applications = [a, ...(old?.applications ?? []).filter((x) => x.id !== a.id)];
          const history = applications.map((r) => ({ status: r.status, createdAt: new Date(r.createdAt) }));
          return {
            applications,
            canApplyAt: bountyReapplyAt(history, new Date())?.toISOString() ?? null,
            overdueWinners: old?.overdueWinners ?? null,
          };
        });
        void queryClient.invalidateQueries({ queryKey: bountyKeys.myRequests });
      },
    },
  );
}

/** The viewer's IANA time zone (deadlines are local days). */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export type RequestList = ApiData<'/admin/bounty-applications', 'get'>;

const requestPages = {
  rows: (page: RequestList) => page.applications,
  withRows: (page: RequestList, applications: BountyRequest[]) => ({ ...page, applications }),
};

export type RequestFilter = (typeof BOUNTY_REQUEST_FILTERS)[number];

/**
 * Bounty requests under one chip (every request, or one status), newest first (the server
 * filters and orders), a page at a time, with each chip's count. Kept fresh by the event stream.
 */
const bountyRequests = (status: RequestFilter) =>
  pagedList({
    queryKey: [...bountyKeys.allRequests, status] as const,
    staleTime: 30_000,
    // While another chip's first page loads, the last list stays (dimmed) instead of a skeleton.
    placeholderData: keepPreviousData,
    fetchPage: (cursor, signal) =>
      ok(client.GET('/admin/bounty-applications', { params: { query: { status, cursor } }, signal })),
    rows: requestPages.rows,
    id: (r: BountyRequest) => r.id,
  });

/** The chip's first page and the pages "Load more" adds. */
export const useBountyRequests = (status: RequestFilter) => usePagedList(bountyRequests(status));

export type ReviewAction = 'approve' | 'reject' | 'reset';

export type Review = { action: ReviewAction; message?: string };

/**
 * The admin's decision on one request: the answer replaces the card's request in
 * the list; a failure fetches the list again (someone may have decided first).
 */
export function useReviewRequest(request: BountyRequest, ui: UiCallbacks<unknown, Review> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, message }: Review) => {
      const init = { params: { path: { id: request.id } }, body: message ? { message } : {} };
      if (action === 'approve') return ok(client.POST('/admin/bounty-applications/{id}/approve', init));
      if (action === 'reject') return ok(client.POST('/admin/bounty-applications/{id}/reject', init));
      return ok(client.POST('/admin/bounty-applications/{id}/reset', init));
    },
    onSuccess: (res, vars) => {
      editPagedRows(queryClient, bountyKeys.allRequests, requestPages, (rows) =>
        rows.map((a) => (a.id === res.application.id ? res.application : a)),
      );
      // The chips' counts moved, and the request left its old chip: read them again.
      void queryClient.invalidateQueries({ queryKey: bountyKeys.allRequests });
      return ui.onSuccess?.(res, vars);
    },
    onError: (err, vars) => {
      void queryClient.invalidateQueries({ queryKey: bountyKeys.allRequests });
      return ui.onError?.(err, vars);
    },
  });
}
