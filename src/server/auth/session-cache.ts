/**
 * Which user a session cookie belongs to, remembered for a few seconds per
 * process. better-auth's getSession verifies the cookie and reads the session
 * on every call (the largest share of a small request's time); the user row is
 * still current on every request (read fresh, or on PGlite reused only while nothing
 * has been written: user-rows.ts), so points, role and status are never stale.
 *
 * Revocation (ADR 0008, and the sessions ADR): every ended session goes through
 * `revokeSessions` (or `forgetSessions` when better-auth deleted the rows itself),
 * which evicts the user's entries here and tells every other process over the bus,
 * so an ended session stops working at once everywhere, not after SESSION_CACHE_MS.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { DbHandle } from '@/db/client';
import { session } from '@/db/schema';
import type { Logger } from '../lib/logger';
import { type Bus, INTERNAL_TOPIC_PREFIX } from '../realtime/bus';

export const SESSION_CACHE_MS = 10_000;
const MAX_ENTRIES = 10_000;
/** How long a revocation is remembered, to refuse caching lookups that began before it. */
const REVOKED_MEMORY_MS = 60_000;
/** "Last seen" of a session is written at most this often (per process). */
export const LAST_SEEN_EVERY_MS = 60_000;

export type SessionEntry = {
  userId: string;
  sessionId: string | null;
  expiresAt: number;
  until: number;
  /** When this session's last_seen_at was last written (as far as this process knows). */
  lastSeenAt: number;
};
type Entry = SessionEntry;

export function createSessionCache(ttlMs = SESSION_CACHE_MS) {
  // The sessions that send requests stay kept; at MAX_ENTRIES the least recently used goes.
  const byCookie = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  /** userId → when its sessions were last revoked (insertion order = oldest first). */
  const revokedAt = new Map<string, number>();
  /** The cached entry (user and session id), or null when absent or stale. */
  function entry(cookie: string, now = Date.now()): Entry | null {
    const e = byCookie.get(cookie);
    if (!e) return null;
    if (e.until <= now || e.expiresAt <= now) {
      byCookie.delete(cookie);
      return null;
    }
    return e;
  }
  return {
    entry,
    get(cookie: string, now = Date.now()): string | null {
      return entry(cookie, now)?.userId ?? null;
    },
    /**
     * Remembers a lookup. `startedAt` is when the lookup began: a revocation of the
     * user after that moment may have deleted the session the lookup found, so such a
     * result is not cached (the next request looks again).
     */
    set(
      cookie: string,
      userId: string,
      sessionExpiresAt: Date,
      now = Date.now(),
      startedAt = now,
      sessionId: string | null = null,
      extra: { lastSeenAt?: number } = {},
    ): Entry {
      const e: Entry = {
        userId,
        sessionId,
        expiresAt: sessionExpiresAt.getTime(),
        until: now + ttlMs,
        lastSeenAt: extra.lastSeenAt ?? now,
      };
      const revoked = revokedAt.get(userId);
      if (revoked !== undefined && revoked >= startedAt) return e; // used for this request only
      byCookie.set(cookie, e);
      return e;
    },
    /** True (and the entry marked as seen now) when its last-seen time is due for a write. */
    shouldTouch(e: Entry, now = Date.now()): boolean {
      if (now - e.lastSeenAt < LAST_SEEN_EVERY_MS) return false;
      e.lastSeenAt = now;
      return true;
    },
    evictCookie(cookie: string) {
      byCookie.delete(cookie);
    },
    /** Forgets everything (tests that count database statements per request). */
    clear() {
      byCookie.clear();
    },
    evictUser(userId: string, now = Date.now()) {
      const theirs = [...byCookie.entries()].filter(([, e]) => e.userId === userId).map(([k]) => k);
      for (const k of theirs) byCookie.delete(k);
      revokedAt.delete(userId);
      revokedAt.set(userId, now);
      for (const [id, at] of revokedAt) {
        if (at > now - REVOKED_MEMORY_MS && revokedAt.size <= MAX_ENTRIES) break;
        revokedAt.delete(id);
      }
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

/** The names of better-auth's cookies a request carries (the session's and its companions), as sent. */
export function authCookieNames(header: string | undefined): string[] {
  return [...(header ?? '').matchAll(/(?:^|;\s*)((?:__Secure-)?better-auth\.[\w.-]+)=/g)].map((m) => m[1]!);
}

/** The bus topic that tells every process to drop a user's cached sessions (never sent to browsers). */
export const SESSIONS_REVOKED_TOPIC = `${INTERNAL_TOPIC_PREFIX}sessions-revoked`;

type RevokeDeps = { handle: DbHandle; sessions: SessionCache; bus: Bus; log: Logger };

/**
 * Every process drops the user's cached sessions now: this one at once, the others
 * when the bus delivers (LISTEN/NOTIFY on PostgreSQL, milliseconds). For sessions
 * whose rows are already gone (better-auth's sign-out, password reset, a deleted user).
 */
export async function forgetSessions(deps: Omit<RevokeDeps, 'handle'>, userId: string): Promise<void> {
  deps.sessions.evictUser(userId);
  await deps.bus.publish({ topic: SESSIONS_REVOKED_TOPIC, data: { userId } }).catch((err) => {
    // The other processes still forget within SESSION_CACHE_MS.
    deps.log.warn({ err, userId }, 'sessions: revocation broadcast failed');
  });
}

/**
 * THE way to end sessions: deletes the user's sessions (all of them, all but the
 * `except` token or the `exceptId` session, or only the sessions `only` names, always
 * within the user's own), then makes every process forget
 * them at once (forgetSessions). Returns how many sessions ended.
 */
export async function revokeSessions(
  deps: RevokeDeps,
  userId: string,
  opts: { except?: string | null; exceptId?: string | null; only?: string[] } = {},
): Promise<number> {
  if (opts.only && opts.only.length === 0) return 0;
  const where = and(
    eq(session.userId, userId),
    opts.except ? ne(session.token, opts.except) : undefined,
    opts.exceptId ? ne(session.id, opts.exceptId) : undefined,
    opts.only ? inArray(session.id, opts.only) : undefined,
  );
  const gone = await deps.handle.db.delete(session).where(where).returning({ id: session.id });
  await forgetSessions(deps, userId);
  return gone.length;
}

/** Makes this process obey revocations broadcast by the others (boot calls it once). */
export function obeyRevocations(bus: Bus, sessions: SessionCache): () => void {
  return bus.subscribe((e) => {
    if (e.topic === SESSIONS_REVOKED_TOPIC && typeof e.data.userId === 'string')
      sessions.evictUser(e.data.userId);
  });
}
