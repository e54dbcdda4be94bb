import { describe, expect, it, vi } from 'vitest';
import { moreOf } from './paged';

describe('moreOf', () => {
  const base = {
    hasNextPage: true,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    error: null as Error | null,
    fetchNextPage: vi.fn(),
  };

  it('says a failed next page, and only that failure', () => {
    const boom = new Error('Could not load more users.');
    expect(moreOf({ ...base, isFetchNextPageError: true, error: boom }).moreError).toBe(boom);
    // The first page's error is the page's to show, not the Load more button's.
    expect(moreOf({ ...base, error: boom }).moreError).toBeNull();
  });

  it('loads the next page and reports progress', () => {
    const fetchNextPage = vi.fn();
    const more = moreOf({ ...base, isFetchingNextPage: true, fetchNextPage });
    expect(more).toMatchObject({ hasMore: true, loadingMore: true });
    more.loadMore();
    expect(fetchNextPage).toHaveBeenCalledOnce();
    expect(moreOf({ ...base, hasNextPage: false }).hasMore).toBe(false);
  });
});
