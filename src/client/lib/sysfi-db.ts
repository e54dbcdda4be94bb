import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { bumpCacheEpoch, cacheEpoch } from './cache-epoch';
import { BROWSER_DB_NAME, deleteDatabase } from './storage';

/**
 * The browser database of spec §3 "Local caches": `SysfiDB`, version 1, one
 * object store per cached data set. Every record is `{ key, data, cachedAt }`
 * (profileData also carries `username`, indexed). Only `cached-query.ts` and
 * sign-out use this module directly; pages go through `useCachedQuery`.
 */
export const SYSFI_DB_VERSION = 1;

export const SYSFI_STORES = [
  'projects',
  'contributions',
  'dashboardData',
  'profileData',
  'recentContributions',
  'bounties',
] as const;
export type SysfiStore = (typeof SYSFI_STORES)[number];

export type CacheRecord<T = unknown> = {
  /** Scoped by user (see `scopedCacheKey`), so one person's cache never shows for another. */
  key: string;
  data: T;
  /** Epoch milliseconds when the data was fetched from the server. */
  cachedAt: number;
  /** profileData only: the profile's username (indexed). */
  username?: string;
  /** The schemas it was saved under (lib/schema-version.ts): unchecked when they are this build's. */
  schemaVersion?: string;
};

type Record_ = CacheRecord<unknown>;

interface SysfiSchema extends DBSchema {
  projects: { key: string; value: Record_ };
  contributions: { key: string; value: Record_ };
  dashboardData: { key: string; value: Record_ };
  profileData: { key: string; value: Record_; indexes: { username: string } };
  recentContributions: { key: string; value: Record_ };
  bounties: { key: string; value: Record_ };
}

let dbPromise: Promise<IDBPDatabase<SysfiSchema>> | null = null;

function hasIndexedDB(): boolean {
  try {
    return typeof indexedDB !== 'undefined';
  } catch {
    return false;
  }
}

/** The open database (one connection per tab), or null where IndexedDB is unavailable. */
export function sysfiDB(): Promise<IDBPDatabase<SysfiSchema> | null> {
  if (!hasIndexedDB()) return Promise.resolve(null);
  dbPromise ??= openDB<SysfiSchema>(BROWSER_DB_NAME, SYSFI_DB_VERSION, {
    upgrade(db) {
      for (const name of SYSFI_STORES) {
        if (db.objectStoreNames.contains(name)) continue;
        if (name === 'profileData') {
          db.createObjectStore(name, { keyPath: 'key' }).createIndex('username', 'username');
        } else {
          db.createObjectStore(name, { keyPath: 'key' });
        }
      }
    },
    blocking() {
      // Another tab deletes the database (its sign-out) or upgrades it: let it.
      closeConnection();
    },
    terminated() {
      dbPromise = null;
    },
  });
  return dbPromise.catch(() => {
    // Private mode, quota or a broken profile: the app works without a cache.
    dbPromise = null;
    return null;
  });
}

function closeConnection() {
  const p = dbPromise;
  dbPromise = null;
  void p?.then((db) => db.close()).catch(() => {});
}

/** The cached record, or undefined (also when IndexedDB fails: a cache miss is never an error). */
export async function readCache<T>(store: SysfiStore, key: string): Promise<CacheRecord<T> | undefined> {
  try {
    const db = await sysfiDB();
    return (await db?.get(store, key)) as CacheRecord<T> | undefined;
  } catch {
    return undefined;
  }
}

/** Replaces the cached record; skipped when the cache was cleared since `since` (an epoch). */
export async function writeCache<T>(
  store: SysfiStore,
  record: CacheRecord<T>,
  since: number = cacheEpoch(),
): Promise<void> {
  if (since !== cacheEpoch()) return;
  try {
    const db = await sysfiDB();
    if (!db || since !== cacheEpoch()) return;
    await db.put(store, record as Record_);
  } catch {
    // Quota exceeded or the database is being deleted: the next fetch tries again.
  }
}

/** False only when the browser can tell that SysfiDB does not exist. */
async function mayExist(): Promise<boolean> {
  if (dbPromise) return true;
  try {
    if (typeof indexedDB.databases !== 'function') return true;
    return (await indexedDB.databases()).some((d) => d.name === BROWSER_DB_NAME);
  } catch {
    return true;
  }
}

/** Deletes one record; never creates the database just to delete from it. */
export async function deleteCache(store: SysfiStore, key: string): Promise<void> {
  try {
    if (!hasIndexedDB() || !(await mayExist())) return;
    const db = await sysfiDB();
    await db?.delete(store, key);
  } catch {
    // Nothing to delete, or no IndexedDB.
  }
}

/** The cached profile with this username (profileData's index). */
export async function readProfileByUsername<T>(username: string): Promise<CacheRecord<T> | undefined> {
  try {
    const db = await sysfiDB();
    return (await db?.getFromIndex('profileData', 'username', username)) as CacheRecord<T> | undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sign-out: forgets everything cached in this browser. Closes our own connection
 * first (an open connection would block the delete), then deletes `SysfiDB`.
 */
export async function clearSysfiDB(): Promise<void> {
  bumpCacheEpoch();
  const p = dbPromise;
  dbPromise = null;
  if (p) {
    try {
      (await p).close();
    } catch {
      // It never opened: nothing to close.
    }
  }
  await deleteDatabase(BROWSER_DB_NAME);
}
