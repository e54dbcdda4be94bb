import type { CacheSchema } from '@/client/lib/cached-query';
import { SCHEMA_VERSION, savedByThisBuild } from '@/client/lib/schema-version';
import { readLocal, writeLocal } from '@/client/lib/storage';
import { LIMITS } from '@/shared/limits';
import type { Leaderboard } from '@/shared/schemas/leaderboard';

/**
 * Spec §3: the leaderboard is cached in localStorage for 4 hours. The copy shows
 * at once (even before the dashboard answers); any board the server sends that
 * is newer replaces it. 'Last updated' always prints the server's `updatedAt` of
 * the board on screen, never the time we read it. Sign-out clears the key with
 * the rest of localStorage.
 */
export const LEADERBOARD_STORAGE_KEY = 'sysfi.leaderboard';

type Stored = { cachedAt: number; board: Leaderboard; schemaVersion?: string };

/** The stored copy if it is younger than 4 hours, its board not yet checked; else null. */
function youngCopy(raw: string | null, now: number): Partial<Stored> | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Stored>;
    if (typeof value.cachedAt !== 'number') return null;
    const age = now - value.cachedAt;
    return age < 0 || age >= LIMITS.leaderboardCacheMs ? null : value;
  } catch {
    return null;
  }
}

/** The stored board if it fits `schema` and is younger than 4 hours, else null. */
export function parseStoredLeaderboard(
  raw: string | null,
  now: number,
  schema: CacheSchema<Leaderboard>,
): Leaderboard | null {
  const copy = youngCopy(raw, now);
  if (!copy) return null;
  const parsed = schema.safeParse(copy.board);
  return parsed.success ? parsed.data : null;
}

/**
 * The stored board if this build saved it (lib/schema-version.ts) and it is younger than 4
 * hours: it shows at once, with no schema to load. Null for anything else.
 */
export function ownStoredLeaderboard(raw: string | null, now: number): Leaderboard | null {
  const copy = youngCopy(raw, now);
  return copy?.board && savedByThisBuild(copy.schemaVersion) ? copy.board : null;
}

export function serializeLeaderboard(board: Leaderboard, now: number): string {
  return JSON.stringify({ cachedAt: now, board, schemaVersion: SCHEMA_VERSION } satisfies Stored);
}

function time(board: Leaderboard): number {
  const t = Date.parse(board.updatedAt);
  return Number.isNaN(t) ? 0 : t;
}

/** The most recently computed of the boards at hand (the first wins a tie). */
export function newestLeaderboard(...boards: (Leaderboard | null | undefined)[]): Leaderboard | null {
  let best: Leaderboard | null = null;
  for (const b of boards) {
    if (b && (!best || time(b) > time(best))) best = b;
  }
  return best;
}

/** The stored board when this build saved it (at once, unchecked), else null. */
export function readOwnStoredLeaderboard(now: number = Date.now()): Leaderboard | null {
  return ownStoredLeaderboard(readLocal(LEADERBOARD_STORAGE_KEY), now);
}

/**
 * A board another build stored, checked against the leaderboard's schema, which (with zod)
 * loads only then, in a task of its own. Null when there is none, it does not fit, or the
 * schema cannot be fetched (offline).
 */
export async function readOtherStoredLeaderboard(now: number = Date.now()): Promise<Leaderboard | null> {
  const raw = readLocal(LEADERBOARD_STORAGE_KEY);
  if (!raw || ownStoredLeaderboard(raw, now)) return null;
  try {
    const { leaderboardSchema } = await import('@/shared/schemas/leaderboard');
    return parseStoredLeaderboard(raw, now, leaderboardSchema);
  } catch {
    return null;
  }
}

export function storeLeaderboard(board: Leaderboard, now: number = Date.now()): void {
  writeLocal(LEADERBOARD_STORAGE_KEY, serializeLeaderboard(board, now));
}
