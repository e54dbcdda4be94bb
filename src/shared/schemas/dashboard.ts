import { z } from 'zod';
import { leaderboardSchema, myRankSchema } from './leaderboard';

const activity = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string().nullable(),
  status: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activity>;

/** Everything /dashboard shows, in one response (spec §2 Dashboard). */
export const dashboardSchema = z.object({
  stats: z.object({
    /** Active projects the user owns. */
    myProjects: z.number().int(),
    /** Bounties the user applied to. */
    bounties: z.number().int(),
    /** Grant proposals the user submitted. */
    grants: z.number().int(),
    totalContributions: z.number().int(),
  }),
  recent: z.object({
    projects: z.array(activity),
    bounties: z.array(activity),
    grants: z.array(activity),
    contributions: z.array(activity),
  }),
  leaderboard: leaderboardSchema,
  myRank: myRankSchema,
  xpHistory: z.array(z.object({ at: z.string(), balance: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
