import { z } from 'zod';
import { LIMITS } from '../limits';
import { isHttpUrl } from '../links';
import { CONTRIBUTION_TYPES } from '../lists';
import { MSG } from '../messages';
import { tweetId, tweetLinkProblem } from '../rules/links';
import { isValidTimeZone } from '../rules/time-zone';
import { page } from './common';
import { requiredDecisionNote } from './review';

// The lists live in shared/lists.ts (no zod there: pages that only need a list don't load it).
export { CONTRIBUTION_TYPES, type ContributionType, OFFERED_CONTRIBUTION_TYPES } from '../lists';

export const timeZoneSchema = z
  .string()
  .refine((tz) => isValidTimeZone(tz), MSG.contribution.invalidTimeZone);

/**
 * A contribution as submitted (spec §5): tweets need an x.com / twitter.com
 * status link; other types need a link or a file (the file travels separately).
 */
export const contributionSubmitSchema = z
  .object({
    title: z.string().trim().min(1, MSG.contribution.titleRequired).max(200),
    type: z.enum(CONTRIBUTION_TYPES).default('tweet'),
    link: z
      .string()
      .trim()
      .max(LIMITS.linkChars)
      .optional()
      .transform((v) => (v ? v : undefined)),
    hasFile: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'tweet') {
      if (!v.link || !tweetId(v.link)) {
        const why = v.link ? tweetLinkProblem(v.link) : null;
        const message = why
          ? MSG.contribution.invalidTweetUsername(why.username, why.tooLong)
          : MSG.contribution.invalidTweet;
        ctx.addIssue({ code: 'custom', message, path: ['link'] });
      }
      return;
    }
    if (!v.link && !v.hasFile) {
      ctx.addIssue({ code: 'custom', message: MSG.contribution.needLinkOrFile, path: ['link'] });
      return;
    }
    if (v.link && !isHttpUrl(v.link))
      ctx.addIssue({ code: 'custom', message: MSG.contribution.needLinkOrFile, path: ['link'] });
  });
export type ContributionSubmit = z.input<typeof contributionSubmitSchema>;

export const contributionSchema = z.object({
  id: z.string(),
  uid: z.string(),
  title: z.string(),
  type: z.string(),
  contributor: z.string(),
  link: z.string().nullable(),
  fileUrl: z.string().nullable(),
  /** changes_requested: a reviewer sent it back (issue 18); its owner may resubmit it once. */
  status: z.enum(['pending', 'approved', 'rejected', 'changes_requested']),
  reason: z.string().nullable(),
  rewardPoints: z.number().int().nullable(),
  /** The reviewer's note of a change request. */
  changesNote: z.string().nullable(),
  /** When it was resubmitted after a change request (only once). */
  resubmittedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Contribution = z.infer<typeof contributionSchema>;

/** Where a pending contribution stands in the review queue. */
export const queueInfoSchema = z.object({
  queuePosition: z.number().int(),
  /** More than LIMITS.queuePlaceExact items are ahead: queuePosition is then that limit + 1. */
  queueDeep: z.boolean(),
  typicalReviewHours: z.number().nullable(),
});
export type QueueInfo = z.infer<typeof queueInfoSchema>;

/** GET /api/contributions/me: today's count, the totals and the 5 newest. */
export const contributionSummarySchema = z.object({
  /** What the daily limit counts now (the user's stored zone; shared/rules/user-zone.ts). */
  today: z.number().int(),
  limit: z.number().int(),
  /** The zone whose midnight restarts the count (the user's profile). */
  timeZone: z.string(),
  stats: z.object({
    approved: z.number().int(),
    rejected: z.number().int(),
    total: z.number().int(),
    successRate: z.number(),
  }),
  recent: z.array(contributionSchema.extend({ queue: queueInfoSchema.nullable() })),
});

/** GET /api/contributions/history: one page of reviewed contributions. */
export const contributionHistorySchema = page(contributionSchema);

/** Admin review: reward with a positive whole number of points, or reject with a reason. */
export const rewardSchema = z.object({
  points: z.coerce
    .number({ error: MSG.contribution.invalidPoints })
    .int(MSG.contribution.invalidPoints)
    .positive(MSG.contribution.invalidPoints)
    .max(100_000, MSG.contribution.invalidPoints),
});
export const rejectSchema = z.object({ reason: requiredDecisionNote(MSG.contribution.reasonRequired) });

/** A reviewer sends a contribution back (issue 18): what should change, required. */
export const requestChangesSchema = z.object({
  note: requiredDecisionNote(MSG.reviewers.changesNoteRequired),
});

/** The owner's edit of a contribution sent back for changes: its title and link (the type stays). */
export const resubmitSchema = z.object({
  title: z.string().max(500),
  link: z.string().max(1000).optional(),
});
