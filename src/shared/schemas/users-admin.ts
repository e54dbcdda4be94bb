/** The admin's users console (issue 18): the list's query and page, one user's page. */
import { z } from 'zod';
import { MODERATION_REASON_MAX } from '../limits';
import { ROLE_FILTERS, ROLES, USER_STATUSES } from '../lists';
import { MODERATION_MSG } from '../messages-moderation';
import { USERS_SEARCH_MAX, USERS_SORTS } from '../rules/users-filters';
import { nextCursorSchema } from './common';
import { profileAboutSchema } from './profile';

export const USERS_PAGE_SIZE = 50;

const flag = z.enum(['yes', 'no']);

/** The largest XP correction either way (a grant or a deduction). */
const XP_CORRECTION_MAX = 1_000_000;
/** The highest limit a reviewer can be given: XP per contribution. */
const REVIEWER_LIMIT_MAX = 100_000;

/** A whole number as a form field holds it: digits only, from 1 to `max`; `message` otherwise. */
const typedCount = (max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,${String(max).length}}$`), message)
    .refine((v) => Number(v) >= 1 && Number(v) <= max, message);

/** GET /admin/users's query; `after` is the previous page's nextCursor. */
export const usersQuerySchema = z.object({
  /** The start of a display name or of an e-mail address. */
  q: z.string().trim().max(USERS_SEARCH_MAX).optional(),
  /** A role, or 'admin': the admin's account, whatever role it signed up with. */
  role: z.enum(ROLE_FILTERS).optional(),
  /** The account's approval status (startups are approved by the admin). */
  status: z.enum(USER_STATUSES).optional(),
  verified: flag.optional(),
  disabled: flag.optional(),
  /** Reviewers only, or everyone else (issue 18). */
  reviewer: flag.optional(),
  sort: z.enum(USERS_SORTS).default('joined'),
  after: z.string().max(200).optional(),
});
export type UsersQuery = z.input<typeof usersQuerySchema>;

export const userRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The role they signed up with (or the admin gave them). */
  role: z.string(),
  /** The admin's account (ADMIN_EMAIL, verified): listed as "Admin" (ownRoleLabel). */
  isAdmin: z.boolean(),
  verified: z.boolean(),
  disabled: z.boolean(),
  /** A reviewer (issue 18). */
  reviewer: z.boolean(),
  points: z.number(),
  joinedAt: z.string(),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const usersPageSchema = z.object({
  users: z.array(userRowSchema),
  nextCursor: nextCursorSchema,
});
export type UsersPage = z.infer<typeof usersPageSchema>;

const item = z.object({ id: z.string(), title: z.string(), status: z.string(), at: z.string() });
const listOf = z.object({ count: z.number(), recent: z.array(item) });
const person = z.object({ id: z.string(), name: z.string() });

export const userDetailSchema = z.object({
  user: userRowSchema.extend({
    status: z.string(),
    disabledAt: z.string().nullable(),
    disabledReason: z.string().nullable(),
    ...profileAboutSchema.shape,
    /** A reviewer's XP limit per contribution (issue 18); null: not a reviewer. */
    reviewerMaxPoints: z.number().int().nullable(),
  }),
  ledger: z.array(
    z.object({
      id: z.string(),
      delta: z.number(),
      balanceAfter: z.number(),
      reason: z.string(),
      at: z.string(),
      /** A contribution's reward the admin may revert (once). */
      revertible: z.boolean(),
      /** That reward has been reverted (its revert row is in the ledger). */
      reverted: z.boolean(),
    }),
  ),
  contributions: listOf,
  projectApplications: listOf,
  grants: listOf,
  /** The bounties the member asked to have listed (bounty requests). */
  bountyApplications: listOf,
  /** The bounties the member applied to. */
  bountiesApplied: listOf,
  referrer: person.nullable(),
  referred: z.object({ count: z.number(), recent: z.array(person) }),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      ipAddress: z.string().nullable(),
      /** "Chrome 140 on Linux", as the member's own devices list says it. */
      device: z.string(),
      /** The browser's own words, for the admin who needs them. */
      userAgent: z.string().nullable(),
    }),
  ),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** The body of a moderation action: the admin's reason is required. */
export const moderationReasonSchema = z.object({
  reason: z.string().trim().min(1, MODERATION_MSG.reasonRequired).max(MODERATION_REASON_MAX),
});
export type ModerationReason = z.infer<typeof moderationReasonSchema>;

/** The body of a role change: the new role and the admin's required reason. */
export const roleChangeSchema = moderationReasonSchema.extend({ role: z.enum(ROLES) });
export type RoleChange = z.infer<typeof roleChangeSchema>;

/** An XP correction: a non-zero change (a deduction is negative), the reason, and a key that makes a retry a no-op. */
export const xpCorrectionSchema = moderationReasonSchema.extend({
  delta: z
    .number()
    .int()
    .min(-XP_CORRECTION_MAX)
    .max(XP_CORRECTION_MAX)
    .refine((n) => n !== 0),
  key: z.uuid(),
});
export type XpCorrection = z.infer<typeof xpCorrectionSchema>;

/** Reverting a reward: the reward's ledger row and the admin's required reason. */
export const xpRevertSchema = moderationReasonSchema.extend({ eventId: z.string().regex(/^\d{1,18}$/) });
export type XpRevert = z.infer<typeof xpRevertSchema>;

/** Making a user a reviewer, or changing their limit (issue 18): the most XP per contribution, and why. */
export const reviewerGrantSchema = moderationReasonSchema.extend({
  maxPoints: z.number().int().min(1).max(REVIEWER_LIMIT_MAX),
});
export type ReviewerGrant = z.infer<typeof reviewerGrantSchema>;

/** The users page's reviewer form: the limit as typed, and the reason. */
export const reviewerFormSchema = moderationReasonSchema.extend({
  maxPoints: typedCount(REVIEWER_LIMIT_MAX, MODERATION_MSG.reviewerLimitInvalid),
});
export type ReviewerForm = z.infer<typeof reviewerFormSchema>;

/** The users page's grant/deduct form: a whole amount, which way, and the required reason. */
export const xpCorrectionFormSchema = moderationReasonSchema.extend({
  direction: z.enum(['grant', 'deduct']),
  amount: typedCount(XP_CORRECTION_MAX, MODERATION_MSG.xpAmountInvalid),
});
export type XpCorrectionForm = z.infer<typeof xpCorrectionFormSchema>;
