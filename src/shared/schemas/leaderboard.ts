import { z } from 'zod';
import { nextCursorSchema } from './common';

export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  uid: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  pointBalance: z.number().int(),
  /** Whether the name links to the public profile (/u/{name}); false when the user hid it. */
  profile: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.object({
  /** When the server computed this list. */
  updatedAt: z.string(),
  entries: z.array(leaderboardEntrySchema),
  /** The next 50 beyond these (GET /leaderboard?cursor=); null when no one else is listed. */
  nextCursor: nextCursorSchema,
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const myRankSchema = z.object({
  /** 1 + the number of users with more points; null with 0 points (spec §7 own rank). */
  rank: z.number().int().nullable(),
  pointBalance: z.number().int(),
});
export type MyRank = z.infer<typeof myRankSchema>;

/**
 * Competition ranking over a list sorted by points (desc), ties already ordered
 * by who reached the score first: tied users share the rank 1 + (users above).
 */
export function assignRanks<T extends { pointBalance: number }>(sorted: T[]): Array<T & { rank: number }> {
  let rank = 0;
  let prev: number | null = null;
  return sorted.map((row, i) => {
    if (row.pointBalance !== prev) {
      rank = i + 1;
      prev = row.pointBalance;
    }
    return { ...row, rank };
  });
}
