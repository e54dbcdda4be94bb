import { z } from 'zod';
import { LIMITS } from '../limits';
import { GRANT_STATUSES } from '../lists';
import { MSG } from '../messages';
import { countWords } from '../text';

export const PROPOSAL_MIN_CHARS = 50;

/** A proposal is counted like a bounty description: 3,000 words and 20,000 characters at most. */
export const proposalSchema = z
  .string()
  .trim()
  .min(PROPOSAL_MIN_CHARS, MSG.grant.proposalShort)
  .max(LIMITS.bountyDescriptionChars, MSG.grant.proposalChars)
  .refine((v) => countWords(v) <= LIMITS.bountyDescriptionWords, MSG.grant.proposalWords);

/** "10,000" and "10 000.50" as people type them: grouping by thousands only ("1,5" stays invalid, not 15). */
const ungroup = (v: unknown) =>
  typeof v === 'string' && /^\s*\d{1,3}([,\s\u00a0\u202f]\d{3})+(\.\d+)?\s*$/.test(v)
    ? v.replace(/[,\s\u00a0\u202f]/g, '')
    : v;

export const amountSchema = z.preprocess(
  ungroup,
  z.coerce
    .number({ error: MSG.grant.amountInvalid })
    .positive(MSG.grant.amountInvalid)
    .max(1_000_000_000, MSG.grant.amountInvalid)
    .refine((v) => Math.round(v * 100) === v * 100, MSG.grant.amountInvalid),
);

export const currencySchema = z
  .string()
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9$€£.]{1,${LIMITS.currencyChars}}$`), MSG.grant.currencyInvalid);

export const grantApplySchema = z
  .object({
    projectId: z.string({ error: MSG.grant.projectRequired }).min(1, MSG.grant.projectRequired).max(64),
    amount: amountSchema,
    currency: currencySchema,
    proposal: proposalSchema,
  })
  .strict();
export type GrantApplyInput = z.input<typeof grantApplySchema>;

export const grantEditSchema = z
  .object({
    amount: amountSchema.optional(),
    currency: currencySchema.optional(),
    proposal: proposalSchema.optional(),
  })
  .strict();

export const grantSchema = z.object({
  id: z.string(),
  projectId: z.string().nullable(),
  projectTitle: z.string().nullable(),
  applicantId: z.string(),
  applicantName: z.string().nullable(),
  /** Whether the applicant's name links to their public profile (issue 19). */
  applicantProfile: z.boolean(),
  amountRequested: z.string(),
  amount: z.number(),
  currency: z.string(),
  proposal: z.string(),
  status: z.enum(GRANT_STATUSES),
  adminMessage: z.string().nullable(),
  submittedAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
  mine: z.boolean(),
});
export type Grant = z.infer<typeof grantSchema>;

/** One grant with its story: submitted, edited, decided (with the reviewer's note). */
export const grantDetailSchema = grantSchema.extend({
  history: z.array(z.object({ at: z.string(), event: z.string(), note: z.string().nullable() })),
});
export type GrantDetail = z.infer<typeof grantDetailSchema>;

/**
 * One formatter, made on first use: `toLocaleString` with options builds a new
 * Intl.NumberFormat on every call (about 40 µs, which was most of a page of grants' cost
 * on the server), and building it when the module loads would cost every page a phone opens.
 */
let amountFormat: Intl.NumberFormat | undefined;

/** "1,500 USDC": how an amount is shown everywhere. */
export function formatAmount(amount: number, currency: string): string {
  amountFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
  return `${amountFormat.format(amount)} ${currency}`;
}
