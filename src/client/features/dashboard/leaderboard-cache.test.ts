import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@/shared/limits';
import { type Leaderboard, leaderboardSchema } from '@/shared/schemas/leaderboard';
import { newestLeaderboard, parseStoredLeaderboard, serializeLeaderboard } from './leaderboard-cache';

const board = (updatedAt: string): Leaderboard => ({
  updatedAt,
  entries: [{ rank: 1, uid: 'u1', displayName: 'Ada', photoURL: null, pointBalance: 10, profile: true }],
  nextCursor: null,
});

describe('leaderboard localStorage cache', () => {
  const now = Date.parse('2026-03-05T12:00:00Z');

  it('round-trips a board younger than 4 hours', () => {
    const b = board('2026-03-05T11:00:00Z');
    expect(parseStoredLeaderboard(serializeLeaderboard(b, now - 1000), now, leaderboardSchema)).toEqual(b);
  });

  it('drops a copy at or past 4 hours', () => {
    const b = board('2026-03-05T07:00:00Z');
    expect(
      parseStoredLeaderboard(
        serializeLeaderboard(b, now - LIMITS.leaderboardCacheMs),
        now,
        leaderboardSchema,
      ),
    ).toBeNull();
    expect(
      parseStoredLeaderboard(
        serializeLeaderboard(b, now - LIMITS.leaderboardCacheMs + 1),
        now,
        leaderboardSchema,
      ),
    ).toEqual(b);
  });

  it('ignores garbage, missing fields and copies from the future', () => {
    expect(parseStoredLeaderboard(null, now, leaderboardSchema)).toBeNull();
    expect(parseStoredLeaderboard('{', now, leaderboardSchema)).toBeNull();
    expect(parseStoredLeaderboard(JSON.stringify({ cachedAt: now }), now, leaderboardSchema)).toBeNull();
    expect(
      parseStoredLeaderboard(JSON.stringify({ cachedAt: 'x', board: board('x') }), now, leaderboardSchema),
    ).toBeNull();
    expect(
      parseStoredLeaderboard(
        serializeLeaderboard(board('2026-03-05T11:00:00Z'), now + 60_000),
        now,
        leaderboardSchema,
      ),
    ).toBeNull();
  });

  it('shows the most recently computed board', () => {
    const old = board('2026-03-05T10:00:00Z');
    const fresh = board('2026-03-05T11:00:00Z');
    expect(newestLeaderboard(old, fresh)).toBe(fresh);
    expect(newestLeaderboard(fresh, old)).toBe(fresh);
    expect(newestLeaderboard(null, old, undefined)).toBe(old);
    expect(newestLeaderboard(null, undefined)).toBeNull();
  });
});

describe('which stored copies show without a schema check (lib/schema-version.ts)', () => {
  const now = Date.parse('2026-03-05T12:00:00Z');
  const load = async (version: string | undefined) => {
    vi.resetModules();
    vi.stubEnv('SYSFI_SCHEMA_VERSION', version as string);
    return import('./leaderboard-cache');
  };
  afterEach(() => vi.unstubAllEnvs());

  it('shows a copy this build saved as it is, and no copy another build saved', async () => {
    const b = board('2026-03-05T11:00:00Z');
    const v1 = await load('v1');
    const saved = v1.serializeLeaderboard(b, now - 1000);
    expect(v1.ownStoredLeaderboard(saved, now)).toEqual(b);
    const v2 = await load('v2');
    expect(v2.ownStoredLeaderboard(saved, now)).toBeNull();
    // Another build's copy is still shown once it fits the schema.
    expect(v2.parseStoredLeaderboard(saved, now, leaderboardSchema)).toEqual(b);
  });

  it('trusts nothing when the build names no version, and nothing older than 4 hours', async () => {
    const b = board('2026-03-05T11:00:00Z');
    const none = await load(undefined);
    expect(none.ownStoredLeaderboard(none.serializeLeaderboard(b, now), now)).toBeNull();
    const v1 = await load('v1');
    expect(
      v1.ownStoredLeaderboard(v1.serializeLeaderboard(b, now - LIMITS.leaderboardCacheMs), now),
    ).toBeNull();
  });
});
