/**
 * Counts sign-outs in this tab. A cache write remembers the count when its
 * request starts and is dropped if a sign-out happened meanwhile, so a late
 * answer cannot refill the cache of a user who has just left. Kept apart from
 * sysfi-db.ts so the app shell can use it without loading IndexedDB code.
 */
let epoch = 0;

export function cacheEpoch(): number {
  return epoch;
}

export function bumpCacheEpoch(): number {
  epoch += 1;
  return epoch;
}
