import { type QueryFunctionContext, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useMemo } from 'react';
import { cacheEpoch } from './cache-epoch';
import { SCHEMA_VERSION, savedByThisBuild } from './schema-version';
import { SessionContext } from './session';
import { type CacheRecord, readCache, type SysfiStore, writeCache } from './sysfi-db';

/**
 * Cache-first data (spec §4 "Data pages", §3 "Local caches"), built once for
 * every page: the last answer saved in SysfiDB shows at once, the server is asked
 * in the background, and its answer replaces both the screen and the cache.
 * An error is only surfaced when there is nothing cached to show.
 *
 * Two TanStack queries do the work: one reads the IndexedDB record (local, never
 * paused offline), one fetches from the server and writes the record. Both keys
 * carry the signed-in user's id, and so does the IndexedDB key, so one person's
 * cache never shows for another on a shared browser.
 */

/** Root of the query keys that hold IndexedDB reads. */
export const SYSFI_CACHE_QUERY = 'sysfi-cache' as const;

/** The IndexedDB key of a record: the user's id (or 'anon') and the page's key. */
export function scopedCacheKey(scope: string | null | undefined, key: string): string {
  return `${scope || 'anon'}:${key}`;
}

type LiveState<T> = {
  data: T | undefined;
  /** dataUpdatedAt of the server query (0 when it has no data). */
  updatedAt: number;
  error: Error | null;
  /** A request is on the wire right now (not paused while offline). */
  fetching: boolean;
};

type CacheState<T> = {
  /** The IndexedDB record, null on a miss, undefined while the read is still running. */
  record: CacheRecord<T> | null | undefined;
};

export type CachedView<T> = {
  data: T | undefined;
  /** When what is shown was fetched from the server (epoch ms), null when nothing is shown. */
  cachedAt: number | null;
  /** What is shown is the saved copy; the server has not answered (yet) in this visit. */
  isFromCache: boolean;
  /** Something is shown and a fresh copy is being fetched. */
  isRefreshing: boolean;
  /** Nothing to show yet and no error: render a skeleton. */
  isLoading: boolean;
  /** Only when nothing is cached: the server's error. */
  error: Error | null;
  /** The last refresh failed while a cached copy is shown (e.g. offline). */
  refreshError: Error | null;
};

/** Pure: what a page shows, from the server query and the IndexedDB read. */
export function resolveCachedView<T>(
  live: LiveState<T>,
  cache: CacheState<T>,
  enabled = true,
): CachedView<T> {
  if (live.data !== undefined) {
    return {
      data: live.data,
      cachedAt: live.updatedAt || null,
      isFromCache: false,
      isRefreshing: live.fetching,
      isLoading: false,
      error: null,
      refreshError: live.error,
    };
  }
  const record = cache.record;
  if (record) {
    return {
      data: record.data,
      cachedAt: record.cachedAt,
      isFromCache: true,
      isRefreshing: live.fetching,
      isLoading: false,
      error: null,
      refreshError: live.error,
    };
  }
  // Nothing cached (or the read is still running): an error is shown once the read says "miss".
  const error = record === null ? live.error : null;
  return {
    data: undefined,
    cachedAt: null,
    isFromCache: false,
    isRefreshing: false,
    isLoading: enabled && !error,
    error,
    refreshError: null,
  };
}

/** What `schema` needs of a zod schema (no zod import here: the shell stays small). */
export type CacheSchema<T> = {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
};

/**
 * A schema loaded on demand: `() => import('@/shared/schemas/x').then((m) => m.xSchema)`.
 * A page that only checks its cached copy against a schema does not carry zod in its own
 * code: zod and the schema load with the first cached record, in a task of their own,
 * not in the one that draws the page (on a throttled phone, zod's start-up alone is a
 * long task).
 */
export type SchemaLoader<T> = () => Promise<CacheSchema<T>>;

/** The data of a cached record if it still fits the schema, else undefined (a miss). */
export function fitsSchema<T>(schema: CacheSchema<T>, data: unknown): T | undefined {
  const r = schema.safeParse(data);
  return r.success ? r.data : undefined;
}

export type UseCachedQueryOptions<T> = {
  /** The SysfiDB object store. */
  store: SysfiStore;
  /** The record's key inside the store (scoped by user automatically). */
  key: string;
  /** TanStack query key of the server query; the user's id is appended. */
  queryKey: QueryKey;
  queryFn: (ctx: QueryFunctionContext) => Promise<T>;
  /**
   * The schema of the data: a cached record from an older app version that no longer
   * fits it is a miss, not a crash.
   */
  schema?: SchemaLoader<T>;
  /** Instead of `schema`: checks a cached record's data; throw or return undefined for a miss. */
  parse?: (data: unknown) => T | undefined | Promise<T | undefined>;
  /**
   * Data the app already holds from the same source (the profile: the session's user, `GET /api/session`)
   * and when it came, shown at once instead of a skeleton; the server's copy still follows
   * once it is older than `staleTime`, and is saved.
   */
  seed?: () => { data: T; updatedAt: number } | undefined;
  /** profileData: the username to index the record by. */
  username?: (data: T) => string | undefined;
  staleTime?: number;
  enabled?: boolean;
  refetchInterval?: number | false;
};

export type CachedQueryResult<T> = CachedView<T> & {
  /** The full TanStack key of the server query (for invalidation). */
  queryKey: QueryKey;
  refetch: () => Promise<unknown>;
  /** Sets the data after a mutation: screen and cache at once. */
  setData: (data: T) => void;
};

export function useCachedQuery<T>(options: UseCachedQueryOptions<T>): CachedQueryResult<T> {
  const { store, key, queryFn, schema, username, staleTime, enabled = true, refetchInterval } = options;
  const queryClient = useQueryClient();
  // Not useSession(): public pages may use this outside a signed-in session too.
  const session = useContext(SessionContext);
  const scope = session?.user?.uid ?? 'anon';
  const recordKey = scopedCacheKey(scope, key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's content, not its identity, matters
  const liveKey = useMemo(() => [...options.queryKey, scope], [JSON.stringify(options.queryKey), scope]);
  const cacheKey = useMemo(() => [SYSFI_CACHE_QUERY, store, recordKey], [store, recordKey]);

  const cached = useQuery({
    queryKey: cacheKey,
    queryFn: async (): Promise<CacheRecord<T> | null> => {
      const record = await readCache<unknown>(store, recordKey);
      if (!record) return null;
      // A copy this build saved is shown at once, as the answer it was; one from another build
      // is checked against the schema first, which then loads (zod with it) in a task of its own.
      if (savedByThisBuild(record.schemaVersion) || (!options.parse && !schema)) {
        return { ...record, data: record.data as T };
      }
      try {
        const data = options.parse
          ? await options.parse(record.data)
          : fitsSchema(await (schema as SchemaLoader<T>)(), record.data);
        return data === undefined ? null : { ...record, data };
      } catch {
        // Not of this shape, or the schema could not be fetched (offline): a miss.
        return null;
      }
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    networkMode: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const save = useCallback(
    (data: T, since: number) => {
      if (since !== cacheEpoch()) return; // signed out meanwhile: keep nothing
      const record: CacheRecord<T> = { key: recordKey, data, cachedAt: Date.now() };
      if (SCHEMA_VERSION) record.schemaVersion = SCHEMA_VERSION;
      const name = username?.(data);
      if (name) record.username = name;
      queryClient.setQueryData(cacheKey, record);
      void writeCache(store, record, since);
    },
    [queryClient, cacheKey, recordKey, store, username],
  );

  const live = useQuery({
    queryKey: liveKey,
    queryFn: async (ctx) => {
      const since = cacheEpoch();
      const data = await queryFn(ctx);
      save(data, since);
      return data;
    },
    enabled,
    staleTime,
    refetchInterval,
    ...(options.seed
      ? { initialData: () => options.seed?.()?.data, initialDataUpdatedAt: () => options.seed?.()?.updatedAt }
      : {}),
  });

  const view = resolveCachedView<T>(
    {
      data: live.data,
      updatedAt: live.dataUpdatedAt,
      error: live.error,
      fetching: live.fetchStatus === 'fetching',
    },
    { record: cached.data },
    enabled,
  );

  const { refetch } = live;
  const setData = useCallback(
    (data: T) => {
      queryClient.setQueryData(liveKey, data);
      save(data, cacheEpoch());
    },
    [queryClient, liveKey, save],
  );

  return { ...view, queryKey: liveKey, refetch, setData };
}
