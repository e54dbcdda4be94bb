import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';

/**
 * The pages after the first of a keyset-paged list (server/lib/paging.ts). The
 * first page comes from the page's own query (cache-first from SysfiDB); this hook
 * keeps the pages "Load more" added, in memory, so they are still there on back
 * navigation.
 *
 * They hang off the first page's last row: while a refresh of the first page ends
 * on the same row, what follows it is the same walk and stays; when the first page
 * changed (a new row at the top), the walk starts again from the new first page,
 * so no row is skipped. Rows are shown once even if a page overlaps another.
 */
export type Paged = { nextCursor: string | null };

export type MorePages<T> = {
  /** The first page's rows and every loaded page's, each row once, in the server's order. */
  items: T[];
  hasMore: boolean;
  loadMore: () => void;
  loadingMore: boolean;
  moreError: Error | null;
};

export function useMorePages<P extends Paged, T>(opts: {
  /** The first page's query key; the pages are kept under it, so invalidating it drops them too. */
  queryKey: QueryKey;
  first: P | undefined;
  rows: (page: P) => T[];
  id: (row: T) => string;
  fetchPage: (cursor: string, signal: AbortSignal) => Promise<P>;
}): MorePages<T> {
  const { first, rows, id } = opts;
  const firstRows = first ? rows(first) : [];
  const anchor = firstRows.length ? id(firstRows[firstRows.length - 1]!) : null;
  const more = useInfiniteQuery({
    queryKey: [...opts.queryKey, 'more', anchor],
    queryFn: ({ pageParam, signal }) => opts.fetchPage(pageParam, signal),
    initialPageParam: first?.nextCursor ?? '',
    getNextPageParam: (last: P) => last.nextCursor ?? undefined,
    // Only "Load more" fetches; a refresh of the list never re-reads every page.
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
  });
  const pages = more.data?.pages ?? [];
  const items = useMemo(() => {
    const seen = new Set<string>();
    const out: T[] = [];
    for (const page of first ? [first, ...pages] : []) {
      for (const r of rows(page)) {
        const k = id(r);
        if (!seen.has(k)) {
          seen.add(k);
          out.push(r);
        }
      }
    }
    return out;
  }, [first, pages, rows, id]);
  const last = pages.length ? pages[pages.length - 1] : first;
  const hasMore = !!last?.nextCursor;
  const { fetchNextPage, isFetchingNextPage, isFetching } = more;
  const loadingMore = isFetchingNextPage || isFetching;
  const loadMore = useCallback(() => {
    if (hasMore && !loadingMore) void fetchNextPage();
  }, [hasMore, loadingMore, fetchNextPage]);
  return { items, hasMore, loadMore, loadingMore, moreError: more.error };
}

/**
 * A paged list read with a plain query (its first page) and the pages "Load more" adds:
 * `first` is the query, the rest is useMorePages'.
 */
export function usePagedQuery<P extends Paged, T, K extends QueryKey>(
  options: UseQueryOptions<P, Error, P, K> & { queryKey: K },
  page: {
    rows: (page: P) => T[];
    id: (row: T) => string;
    fetchPage: (cursor: string, signal: AbortSignal) => Promise<P>;
  },
) {
  const first = useQuery(options);
  return { first, ...useMorePages({ ...page, queryKey: options.queryKey, first: first.data }) };
}

/** The "Load more" side of a TanStack infinite query, in the shape LoadMore reads (a failed next page is said). */
export function moreOf(q: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => unknown;
}): Pick<MorePages<unknown>, 'hasMore' | 'loadMore' | 'loadingMore' | 'moreError'> {
  return {
    hasMore: q.hasNextPage,
    loadingMore: q.isFetchingNextPage,
    moreError: q.isFetchNextPageError ? q.error : null,
    loadMore: () => void q.fetchNextPage(),
  };
}

/**
 * Edits the rows of every cached page of a paged list: its first page (under `queryKey`)
 * and the pages "Load more" added (useMorePages keeps them under the same key), so a
 * decision shows on whichever page the row was loaded from.
 */
export function editPagedRows<P extends Paged, T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  list: { rows: (page: P) => T[]; withRows: (page: P, rows: T[]) => P },
  edit: (rows: T[]) => T[],
) {
  type Cached = P | InfiniteData<P, string>;
  queryClient.setQueriesData<Cached>({ queryKey }, (old): Cached | undefined => {
    if (!old) return old;
    if ('pages' in old && Array.isArray(old.pages)) {
      const more = old as InfiniteData<P, string>;
      return { ...more, pages: more.pages.map((p) => list.withRows(p, edit(list.rows(p)))) };
    }
    const page = old as P;
    return list.withRows(page, edit(list.rows(page)));
  });
}
