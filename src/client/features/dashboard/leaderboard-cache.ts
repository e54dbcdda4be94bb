import type { CacheSchema } from '@/client/lib/cached-query';
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

type Stored = { cachedAt: number; board: Leaderboard };

/** The stored board if it fits `schema` and is younger than 4 hours, else null. */
export function parseStoredLeaderboard(
  raw: string | null,
  now: number,
  schema: CacheSchema<Leaderboard>,
): Leaderboard | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Stored>;
    if (typeof value.cachedAt !== 'number') return null;
    const age = now - value.cachedAt;
    if (age < 0 || age >= LIMITS.leaderboardCacheMs) return null;
    const parsed = schema.safeParse(value.board);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function serializeLeaderboard(board: Leaderboard, now: number): string {
  return JSON.stringify({ cachedAt: now, board } satisfies Stored);
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

/**
 * The stored board, checked against the leaderboard's schema. The schema (and zod) load
 * only when a copy is stored, in a task of their own (cached-query.ts, SchemaLoader).
 */
export async function readStoredLeaderboard(now: number = Date.now()): Promise<Leaderboard | null> {
  const raw = readLocal(LEADERBOARD_STORAGE_KEY);
  if (!raw) return null;
  const { leaderboardSchema } = await import('@/shared/schemas/leaderboard');
  return parseStoredLeaderboard(raw, now, leaderboardSchema);
}

export function storeLeaderboard(board: Leaderboard, now: number = Date.now()): void {
  writeLocal(LEADERBOARD_STORAGE_KEY, serializeLeaderboard(board, now));
}
