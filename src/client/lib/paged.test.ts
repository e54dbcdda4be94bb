import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { editPagedRows, moreOf } from './paged';

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

describe('editPagedRows', () => {
  type Page = { rows: Array<{ id: string; status: string }>; nextCursor: string | null };
  const list = { rows: (p: Page) => p.rows, withRows: (p: Page, rows: Page['rows']) => ({ ...p, rows }) };
  const key = ['admin', 'queue'] as const;

  it('edits the first page and every page Load more added, and nothing under another key', () => {
    const qc = new QueryClient();
    qc.setQueryData<Page>(key, { rows: [{ id: 'a', status: 'pending' }], nextCursor: 'c1' });
    // useMorePages keeps the later pages under the first page's key (lib/paged.ts).
    const moreKey = [...key, 'more', 'a'];
    qc.setQueryData<InfiniteData<Page, string>>(moreKey, {
      pages: [
        {
          rows: [
            { id: 'b', status: 'pending' },
            { id: 'c', status: 'pending' },
          ],
          nextCursor: null,
        },
      ],
      pageParams: ['c1'],
    });
    qc.setQueryData<Page>(['other'], { rows: [{ id: 'b', status: 'pending' }], nextCursor: null });

    editPagedRows(qc, key, list, (rows) => rows.filter((r) => r.id !== 'b'));
    editPagedRows(qc, key, list, (rows) =>
      rows.map((r) => (r.id === 'a' ? { ...r, status: 'approved' } : r)),
    );

    expect(qc.getQueryData<Page>(key)).toEqual({ rows: [{ id: 'a', status: 'approved' }], nextCursor: 'c1' });
    expect(qc.getQueryData<InfiniteData<Page, string>>(moreKey)?.pages[0]?.rows).toEqual([
      { id: 'c', status: 'pending' },
    ]);
    expect(qc.getQueryData<Page>(['other'])?.rows).toHaveLength(1);
  });
});
