import type { keepPreviousData, QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { type Paged, usePagedQuery } from './paged';

/** Reads one page of a list from the server: without a cursor, the first. */
export type FetchPage<P> = (cursor: string | undefined, signal: AbortSignal) => Promise<P>;

/**
 * A keyset-paged list read with a plain query, said once: its key, how long its first
 * page stays fresh, the one function that reads any of its pages (the endpoint and its
 * filters), and its rows. `first` is the first page's query (for useQuery, or a count
 * elsewhere); usePagedList reads it and adds the pages "Load more" fetches (lib/paged.ts).
 * `rows` and `id` are best defined once, outside any component: the loaded rows are
 * merged again whenever they change.
 */
export type PagedList<P extends Paged, T, K extends QueryKey> = {
  first: UseQueryOptions<P, Error, P, K> & { queryKey: K };
  rows: (page: P) => T[];
  id: (row: T) => string;
  fetchPage: FetchPage<P>;
};

export function pagedList<P extends Paged, T, K extends QueryKey>({
  queryKey,
  staleTime,
  placeholderData,
  fetchPage,
  rows,
  id,
}: {
  queryKey: K;
  staleTime: number;
  /** keepPreviousData: while another filter's first page loads, the last one stays. */
  placeholderData?: typeof keepPreviousData;
  fetchPage: FetchPage<P>;
  rows: (page: P) => T[];
  id: (row: T) => string;
}): PagedList<P, T, K> {
  return {
    first: { queryKey, staleTime, placeholderData, queryFn: ({ signal }) => fetchPage(undefined, signal) },
    rows,
    id,
    fetchPage,
  };
}

/** The list's first page (`first`) and every row of the pages loaded so far, with "Load more". */
export function usePagedList<P extends Paged, T, K extends QueryKey>(list: PagedList<P, T, K>) {
  return usePagedQuery(list.first, list);
}
