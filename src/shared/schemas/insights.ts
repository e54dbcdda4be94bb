/** The admin's insights (issue 18): GET /api/admin/insights answers this. */
import { z } from 'zod';

export { INSIGHT_PERIODS, type InsightPeriod } from '../lists';

const who = z.object({ id: z.string(), name: z.string().nullable() });

export const insightsSchema = z.object({
  period: z.object({ days: z.number().int(), from: z.string(), to: z.string() }),
  signups: z.object({
    days: z.array(z.object({ day: z.string(), signups: z.number().int(), verified: z.number().int() })),
    total: z.number().int(),
    verified: z.number().int(),
    /** Verified among the period's sign-ups (0..1); null without sign-ups. */
    verifiedRate: z.number().nullable(),
  }),
  contributions: z.array(
    z.object({
      day: z.string(),
      submitted: z.number().int(),
      rewarded: z.number().int(),
      rejected: z.number().int(),
    }),
  ),
  review: z.object({
    /** The promise on /docs: rewards are processed within this many hours. */
    promiseHours: z.number(),
    reviewed: z.number().int(),
    withinPromise: z.number().int(),
    medianHours: z.number().nullable(),
    p90Hours: z.number().nullable(),
  }),
  xpPerWeek: z.array(z.object({ week: z.string(), xp: z.number().int() })),
  referrals: z.object({
    referred: z.number().int(),
    verified: z.number().int(),
    rewarded: z.number().int(),
    conversion: z.number().nullable(),
    top: z.array(who.extend({ referred: z.number().int(), verified: z.number().int() })),
  }),
  bounties: z.object({
    requested: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    published: z.number().int(),
    applicants: z.number().int(),
  }),
  grants: z.object({
    submitted: z.number().int(),
    approved: z.number().int(),
    declined: z.number().int(),
    pending: z.number().int(),
  }),
  queue: z.object({
    pending: z.number().int(),
    overdue: z.number().int(),
    oldestHours: z.number().nullable(),
  }),
  abuse: z.object({
    sharedLinks: z.array(
      z.object({ link: z.string(), accounts: z.number().int(), users: z.array(who), last: z.string() }),
    ),
    ipClusters: z.array(
      z.object({
        ip: z.string(),
        accounts: z.number().int(),
        users: z.array(who),
        referrers: z.array(who),
        first: z.string(),
        last: z.string(),
      }),
    ),
    steadyAtLimit: z.array(who.extend({ days: z.number().int() })),
    thresholds: z.object({ ipClusterMin: z.number(), ipClusterWindow: z.string(), steadyDays: z.number() }),
  }),
});
export type Insights = z.infer<typeof insightsSchema>;
