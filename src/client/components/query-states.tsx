import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '@/client/lib/api';
import type { MorePages } from '@/client/lib/paged';
import { Loading } from './loading';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

/** Lives in its own file so the app shell's first paint can use it without the rest of this one. */
export { Loading };

/** A load that failed: why, and (unless trying again can't help) a way to try again. */
export function LoadError({
  message,
  onRetry,
  retrying = false,
}: {
  message: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <div className="grid gap-4">
      <Alert>{message}</Alert>
      {onRetry ? (
        <div>
          <Button variant="secondary" onClick={onRetry} pending={retrying}>
            {retrying ? null : <RefreshCw aria-hidden="true" />}
            Try again
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** A query that failed: its error in words (or `fallback`), and Try again fetches it again. */
export function QueryError({
  query,
  fallback,
}: {
  query: { error: unknown; refetch: () => unknown; isFetching?: boolean };
  fallback?: string;
}) {
  return (
    <LoadError
      message={errorMessage(query.error, fallback)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching ?? false}
    />
  );
}

/**
 * One query's answer after its first states: its skeleton (`loading.row`) while it comes,
 * its error with Try again, then `children` drawn from the data.
 */
export function QueryView<T>({
  query,
  loading,
  children,
}: {
  query: {
    isPending: boolean;
    data: T | undefined;
    error: unknown;
    refetch: () => unknown;
    isFetching?: boolean;
  };
  /** What screen readers hear, and the skeleton. */
  loading: { label: string; row: ReactNode };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={loading.label}>{loading.row}</Loading>;
  if (query.error || query.data === undefined) return <QueryError query={query} />;
  return children(query.data);
}

/**
 * The end of a paged list: a "Load more" button while the server has more, and
 * the reason when loading the next page failed (the button then tries again).
 * A button, not loading on scroll: the page's end stays reachable (the footer),
 * and what is on screen only changes when the user asks.
 */
export function LoadMore({
  pages,
  label,
}: {
  /** A paged list (lib/paged.ts useMorePages, or an infinite query through moreOf). */
  pages: Pick<MorePages<unknown>, 'hasMore' | 'loadMore' | 'loadingMore' | 'moreError'>;
  /** Said by screen readers: "Load more projects". */
  label: string;
}) {
  const { hasMore, loadMore: onLoadMore, loadingMore: loading, moreError: error } = pages;
  if (!hasMore) return null;
  return (
    <div className="grid justify-items-center gap-3">
      {error ? <Alert>{error.message || 'Could not load more.'}</Alert> : null}
      <Button variant="secondary" onClick={onLoadMore} pending={loading} aria-label={label}>
        Load more
      </Button>
    </div>
  );
}

/** Cards three to a row on a wide screen, two on a tablet, one on a phone. */
export const CARD_GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

type MoreOf = Pick<MorePages<unknown>, 'hasMore' | 'loadMore' | 'loadingMore' | 'moreError'>;

/**
 * What a list needs to know of its query: a react-query result (`isPending`), or a
 * cache-first view (`isLoading`, lib/cached-query.ts), with its error and a retry.
 */
type ListQuery = { error: unknown; refetch: () => unknown; isFetching?: boolean } & (
  | { isPending: boolean }
  | { isLoading: boolean }
);

/**
 * A list from the server in its four states: the skeleton while the first page comes,
 * the error with Try again, the empty state, or the items (each `children(item)`, a
 * keyed `<li>`) in one named list, and "Load more" while the server has more. Rows
 * by default; `grid` lays out cards (the skeletons take the same grid).
 */
export function QueryList<T>({
  query,
  items,
  loading,
  fallback,
  empty,
  label,
  more,
  grid = 'grid gap-3',
  children,
}: {
  query: ListQuery;
  items: T[];
  /** What screen readers hear, how many skeletons, and one of them. */
  loading: { label: string; count: number; row: ReactNode };
  /** Said when the error has no words of its own. */
  fallback?: string;
  empty: ReactNode;
  /** The list's name: "Users". */
  label: string;
  more?: { label: string; pages: MoreOf };
  /** The list's layout classes. */
  grid?: string;
  children: (item: T) => ReactNode;
}) {
  const pending = 'isPending' in query ? query.isPending : query.isLoading;
  if (pending) {
    return (
      <Loading label={loading.label} count={loading.count} className={grid}>
        {loading.row}
      </Loading>
    );
  }
  if (query.error) return <QueryError query={query} fallback={fallback} />;
  if (items.length === 0) return empty;
  return (
    <div className="grid gap-4">
      <ul aria-label={label} className={grid}>
        {items.map(children)}
      </ul>
      {more ? <LoadMore label={more.label} pages={more.pages} /> : null}
    </div>
  );
}
