/**
 * Which user a session cookie belongs to, remembered for a few seconds per
 * process. better-auth's getSession verifies the cookie and reads the session
 * on every call (the largest share of a small request's time); the user row is
 * still current on every request (read fresh, or on PGlite reused only while nothing
 * has been written: user-rows.ts), so points, role and status are never stale.
 *
 * Revocation: sign-out and password reset through our endpoints evict at once in
 * this process; other processes notice within SESSION_CACHE_MS.
 */
export const SESSION_CACHE_MS = 10_000;
const MAX_ENTRIES = 10_000;

type Entry = { userId: string; expiresAt: number; until: number };

export function createSessionCache(ttlMs = SESSION_CACHE_MS) {
  const byCookie = new Map<string, Entry>();
  return {
    get(cookie: string, now = Date.now()): string | null {
      const e = byCookie.get(cookie);
      if (!e) return null;
      if (e.until <= now || e.expiresAt <= now) {
        byCookie.delete(cookie);
        return null;
      }
      return e.userId;
    },
    set(cookie: string, userId: string, sessionExpiresAt: Date, now = Date.now()) {
      if (byCookie.size >= MAX_ENTRIES) byCookie.delete(byCookie.keys().next().value!); // oldest first
      byCookie.set(cookie, { userId, expiresAt: sessionExpiresAt.getTime(), until: now + ttlMs });
    },
    evictCookie(cookie: string) {
      byCookie.delete(cookie);
    },
    /** Forgets everything (tests that count database statements per request). */
    clear() {
      byCookie.clear();
    },
    evictUser(userId: string) {
      for (const [k, e] of byCookie) if (e.userId === userId) byCookie.delete(k);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;

/** The session cookie's value, the cache key (better-auth's name, with or without the __Secure- prefix). */
export function sessionCookie(header: string | undefined): string | null {
  if (!header) return null;
  const m = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(header);
  return m ? m[1]! : null;
}
