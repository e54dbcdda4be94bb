import { z } from 'zod';
import { LIMITS } from '../limits';
import { isHttpUrl } from '../links';
import { BOUNTY_CRITERIA } from '../lists';
import { MSG } from '../messages';
import { deadlineFromLocalDate, localToday } from '../rules/bounty';
import { isValidTimeZone } from '../rules/time-zone';
import { countWords } from '../text';
import { UPLOADS } from '../uploads';
import { nextCursorSchema } from './common';

/**
 * Spec §5 bounty application, in the spec's order; the first failing rule's message
 * is shown. `now` is passed in so the browser and the server (with its injectable
 * clock) judge "not earlier than today" the same way, in the requester's time zone.
 */
export function bountyRequestSchema(now: () => Date) {
  return z
    .object({
      title: z.string().trim(),
      description: z.string().trim(),
      reward: z.string().trim(),
      deadline: z.string().trim(),
      contactInfo: z.string().trim(),
      resourceLink: z
        .string()
        .trim()
        .max(LIMITS.linkChars)
        .optional()
        .transform((v) => v || null),
      // A criterion picked twice counts once (and is stored once).
      criteria: z
        .array(z.string())
        .default([])
        .transform((c) => [...new Set(c)]),
      timeZone: z.string(),
    })
    .superRefine((v, ctx) => {
      const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
      for (const f of ['title', 'description', 'reward', 'deadline', 'contactInfo'] as const) {
        if (!v[f]) return fail(MSG.bounty.required, f);
      }
      if (v.title.length > LIMITS.bountyTitleChars) return fail(MSG.bounty.titleTooLong, 'title');
      if (v.description.length > LIMITS.bountyDescriptionChars)
        return fail(MSG.bounty.descriptionTooLong, 'description');
      if (countWords(v.description) > LIMITS.bountyDescriptionWords)
        return fail(MSG.bounty.descriptionWords, 'description');
      if (v.reward.length > LIMITS.bountyRewardChars) return fail(MSG.bounty.rewardTooLong, 'reward');
      if (v.contactInfo.length > LIMITS.bountyContactChars)
        return fail(MSG.bounty.contactTooLong, 'contactInfo');
      if (!isValidTimeZone(v.timeZone)) return fail(MSG.contribution.invalidTimeZone, 'timeZone');
      if (!deadlineFromLocalDate(v.deadline, v.timeZone))
        return fail(
          /^\d{4}-\d{2}-\d{2}$/.test(v.deadline) ? MSG.bounty.deadlineInvalid : MSG.bounty.required,
          'deadline',
        );
      if (v.deadline < localToday(now(), v.timeZone)) return fail(MSG.bounty.deadlinePast, 'deadline');
      const known = new Set<string>(BOUNTY_CRITERIA);
      if (v.criteria.some((c) => !known.has(c))) return fail(MSG.bounty.criteria, 'criteria');
      if (v.criteria.length < LIMITS.criteriaMin || v.criteria.length > LIMITS.criteriaMax)
        return fail(MSG.bounty.criteria, 'criteria');
      if (v.resourceLink && !isHttpUrl(v.resourceLink)) return fail(MSG.bounty.resourceLink, 'resourceLink');
    });
}
export type BountyRequestInput = z.input<ReturnType<typeof bountyRequestSchema>>;

/** Spec §5: up to 5 images, each under 5MB. Null when fine. */
export function bountyImagesError(files: Array<{ size: number }>): string | null {
  if (files.length > UPLOADS.bountyImage.maxFiles) return MSG.bounty.imagesMax;
  if (files.some((f) => f.size > UPLOADS.bountyImage.maxBytes)) return MSG.bounty.imageSize;
  return null;
}

export const BOUNTY_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type BountyRequestStatus = (typeof BOUNTY_REQUEST_STATUSES)[number];
/** The bounty approvals screen's chips: every request, or one status. */
export const BOUNTY_REQUEST_FILTERS = ['all', ...BOUNTY_REQUEST_STATUSES] as const;

/**
 * What a bounty shows, in a bounty request and in the bounty published from it: its words
 * (title, description, reward) and, after the deadline and the request's own contact fields,
 * its pictures (upload paths) and criteria. Two pieces, so that each answer keeps its field order.
 */
const bountyWords = { title: z.string(), description: z.string(), reward: z.string() };
const bountyPicks = { images: z.array(z.string()), criteria: z.array(z.string()) };

export const bountyRequestSchemaOut = z.object({
  id: z.string(),
  userId: z.string(),
  requesterName: z.string().nullable(),
  ...bountyWords,
  deadline: z.string(),
  contactInfo: z.string(),
  resourceLink: z.string().nullable(),
  ...bountyPicks,
  status: z.enum(BOUNTY_REQUEST_STATUSES),
  adminMessage: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  bountyId: z.string().nullable(),
  applicants: z.number().int(),
});
export type BountyRequest = z.infer<typeof bountyRequestSchemaOut>;

export const bountySchema = z.object({
  id: z.string(),
  ...bountyWords,
  deadline: z.string().nullable(),
  ...bountyPicks,
  requesterId: z.string().nullable(),
  requesterName: z.string().nullable(),
  /** Whether the requester's name links to their public profile (issue 19). */
  requesterProfile: z.boolean(),
  createdAt: z.string(),
  applicants: z.number().int(),
  applied: z.boolean(),
  /** Issue 19: when the winners were announced, and the podium (empty until then). */
  winnersAnnouncedAt: z.string().nullable(),
  winners: z.array(
    z.object({
      place: z.number().int(),
      userId: z.string(),
      displayName: z.string(),
      /** Whether the name links to the winner's public profile. */
      profile: z.boolean(),
      prizeXp: z.number().int(),
    }),
  ),
});
export type Bounty = z.infer<typeof bountySchema>;

/** One keyset page of GET /bounties (the server's answer and the client's cached copy). */
export const bountyListSchema = z.object({ bounties: z.array(bountySchema), nextCursor: nextCursorSchema });

/** An applicant's work for a bounty (issue 19): a link (http/https) and an optional note. */
export const bountySubmissionInputSchema = z
  .object({
    link: z
      .string({ error: MSG.winners.submissionLinkInvalid })
      .trim()
      .min(1, MSG.winners.submissionLinkInvalid)
      .max(LIMITS.linkChars)
      .refine((v) => isHttpUrl(v), MSG.winners.submissionLinkInvalid),
    note: z.string().trim().max(2000).default(''),
  })
  .strict();

export const bountySubmissionSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  link: z.string(),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BountySubmission = z.infer<typeof bountySubmissionSchema>;

/** The podium the requester or the admin announces: 1–3 distinct people in place order, each with an optional prize. */
export const bountyWinnersInputSchema = z
  .object({
    winners: z
      .array(
        z.object({
          userId: z.string().min(1).max(64),
          prizeXp: z
            .number({ error: MSG.winners.prizeInvalid })
            .int(MSG.winners.prizeInvalid)
            .min(0, MSG.winners.prizeInvalid)
            .max(LIMITS.bountyPrizeMaxXp, MSG.winners.prizeInvalid)
            .default(0),
        }),
      )
      .min(1, MSG.winners.pickOne)
      .max(LIMITS.bountyWinnersMax, MSG.winners.onePlaceEach)
      .refine((w) => new Set(w.map((x) => x.userId)).size === w.length, MSG.winners.onePlaceEach),
  })
  .strict();
export type BountyWinnersInput = z.input<typeof bountyWinnersInputSchema>;

export const BOUNTY_FILTERS = ['all', 'active', 'expired', 'applied'] as const;

export const bountyApplySchema = z
  .object({
    pitch: z.string().trim().min(1, MSG.bounty.pitchRequired).max(LIMITS.bountyPitchChars),
    link: z
      .string()
      .trim()
      .max(LIMITS.linkChars)
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || isHttpUrl(v), MSG.bounty.applyLink),
  })
  .strict();
