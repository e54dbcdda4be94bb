import { describe, expect, it } from 'vitest';
import { resolveCachedView, scopedCacheKey } from './cached-query';

const live = <T>(
  over: Partial<{ data: T; updatedAt: number; error: Error | null; fetching: boolean }> = {},
) => ({
  data: undefined as T | undefined,
  updatedAt: 0,
  error: null,
  fetching: false,
  ...over,
});
const record = <T>(data: T, cachedAt = 1000) => ({ key: 'u1:k', data, cachedAt });

describe('scopedCacheKey', () => {
  it('scopes every record by user, so two people never share one', () => {
    expect(scopedCacheKey('u1', 'dashboard')).toBe('u1:dashboard');
    expect(scopedCacheKey('u2', 'dashboard')).not.toBe(scopedCacheKey('u1', 'dashboard'));
  });
  it('uses anon when signed out', () => {
    expect(scopedCacheKey(null, 'x')).toBe('anon:x');
    expect(scopedCacheKey(undefined, 'x')).toBe('anon:x');
    expect(scopedCacheKey('', 'x')).toBe('anon:x');
  });
});

describe('resolveCachedView', () => {
  it('is loading while the cache read runs and the server has not answered', () => {
    const v = resolveCachedView(live({ fetching: true }), { record: undefined });
    expect(v).toMatchObject({ data: undefined, isLoading: true, error: null, isFromCache: false });
  });

  it('shows the cached copy at once, with its cached-at time, while refreshing', () => {
    const v = resolveCachedView(live({ fetching: true }), { record: record('old', 42) });
    expect(v).toMatchObject({
      data: 'old',
      cachedAt: 42,
      isFromCache: true,
      isRefreshing: true,
      isLoading: false,
    });
  });

  it('replaces the cached copy with the server answer', () => {
    const v = resolveCachedView(live({ data: 'new', updatedAt: 99 }), { record: record('old', 42) });
    expect(v).toMatchObject({ data: 'new', cachedAt: 99, isFromCache: false, isRefreshing: false });
  });

  it('hides a failed refresh when something is cached (spec: errors only when nothing is cached)', () => {
    const err = new Error('offline');
    const v = resolveCachedView(live({ error: err }), { record: record('old') });
    expect(v.error).toBeNull();
    expect(v.refreshError).toBe(err);
    expect(v.data).toBe('old');
  });

  it('shows the error when nothing is cached', () => {
    const err = new Error('Failed to fetch projects');
    const v = resolveCachedView(live({ error: err }), { record: null });
    expect(v).toMatchObject({ data: undefined, error: err, isLoading: false });
  });

  it('waits for the cache read before showing an error', () => {
    const v = resolveCachedView(live({ error: new Error('x') }), { record: undefined });
    expect(v.error).toBeNull();
    expect(v.isLoading).toBe(true);
  });

  it('keeps server data over the cache even when a refetch later fails', () => {
    const err = new Error('x');
    const v = resolveCachedView(live({ data: 'new', updatedAt: 5, error: err }), { record: record('old') });
    expect(v).toMatchObject({ data: 'new', error: null, refreshError: err });
  });

  it('is not loading when disabled', () => {
    expect(resolveCachedView(live(), { record: undefined }, false).isLoading).toBe(false);
  });
});
