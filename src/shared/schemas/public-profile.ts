import { z } from 'zod';
import { page } from './common';
import { profileAboutSchema } from './profile';

/**
 * A public profile (/u/{name}, issue 19). Never the e-mail: nothing here is private. The
 * path segment is the display name as typed (any case); the server finds the user by the
 * name's folded key, the unique `username`.
 */
export const publicProfileSchema = z.object({
  profile: z.object({
    uid: z.string(),
    displayName: z.string(),
    photoURL: z.string().nullable(),
    role: z.string(),
    ...profileAboutSchema.shape,
    xp: z.number().int(),
    /** All-time rank (null below the leaderboard's minimum). */
    rank: z.number().int().nullable(),
    joinedAt: z.string(),
  }),
  /** Season badges: the ended seasons where they finished in the top 3 or the top 10. */
  badges: z.array(
    z.object({
      seasonId: z.string(),
      name: z.string(),
      rank: z.number().int(),
      badge: z.enum(['top3', 'top10']),
    }),
  ),
  bountiesWon: z.array(
    z.object({ bountyId: z.string(), title: z.string(), place: z.number().int(), prizeXp: z.number().int() }),
  ),
  projects: z.array(z.object({ id: z.string(), title: z.string(), website: z.string() })),
  grants: z.array(
    z.object({ id: z.string(), project: z.string().nullable(), amount: z.string(), currency: z.string() }),
  ),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** One page of a public profile's approved contributions, newest first. */
export const publicContributionsSchema = page(
  z.object({
    id: z.string(),
    title: z.string(),
    type: z.string(),
    link: z.string().nullable(),
    rewardPoints: z.number().int().nullable(),
    reviewedAt: z.string().nullable(),
  }),
);
export type PublicContributions = z.infer<typeof publicContributionsSchema>;
