import { z } from 'zod';
import { LIMITS } from '../limits';
import { ROLES } from '../lists';
import { MSG } from '../messages';
import { mixesScripts } from '../rules/scripts';
import { hasHiddenChars, squish } from '../text';
import { mailPreferencesSchema } from './notifications';
import { profileAboutSchema } from './profile';

/**
 * Sign-up as the form sends it. The browser runs this schema for instant feedback
 * and the server runs it again; the first failing rule's message is shown, in the
 * order of spec §5.
 */
export const signUpSchema = z
  .object({
    email: z.string().max(LIMITS.emailMax, MSG.signup.invalidEmail),
    displayName: z.string(),
    password: z.string().max(LIMITS.passwordMax),
    confirmPassword: z.string(),
    /** Optional; empty means the default, builder. Never 'admin'. */
    role: z.string().max(40).optional().nullable(),
    /** The referrer's user id from a `?ref=` link, if any. */
    ref: z.string().max(64).optional().nullable(),
    /** The browser's IANA time zone; the daily limit follows it. Unusable → UTC. */
    timeZone: z.string().max(64).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    const fields = ['email', 'displayName', 'password', 'confirmPassword'] as const;
    for (const f of fields) {
      if (v[f].trim() === '') {
        ctx.addIssue({ code: 'custom', message: MSG.signup.required, path: [f] });
        return;
      }
    }
    if (!z.email().safeParse(v.email.trim()).success) {
      ctx.addIssue({ code: 'custom', message: MSG.signup.invalidEmail, path: ['email'] });
      return;
    }
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: MSG.signup.mismatch, path: ['confirmPassword'] });
      return;
    }
    if (v.password.length < LIMITS.passwordMin) {
      ctx.addIssue({ code: 'custom', message: MSG.signup.tooShort, path: ['password'] });
      return;
    }
    if (hasHiddenChars(v.displayName)) {
      ctx.addIssue({ code: 'custom', message: MSG.signup.nameInvalid, path: ['displayName'] });
      return;
    }
    if (squish(v.displayName).length > LIMITS.displayNameMax) {
      ctx.addIssue({ code: 'custom', message: MSG.signup.nameTooLong, path: ['displayName'] });
      return;
    }
    if (mixesScripts(v.displayName)) {
      ctx.addIssue({ code: 'custom', message: MSG.signup.nameMixedScripts, path: ['displayName'] });
      return;
    }
    if (v.role && !(ROLES as readonly string[]).includes(v.role)) {
      ctx.addIssue({ code: 'custom', message: MSG.signup.invalidRole, path: ['role'] });
    }
  });
export type SignUpInput = z.input<typeof signUpSchema>;

export const loginSchema = z
  .object({
    email: z.string().max(LIMITS.emailMax),
    password: z.string().max(LIMITS.passwordMax),
  })
  .superRefine((v, ctx) => {
    if (v.email.trim() === '' || v.password === '') {
      ctx.addIssue({
        code: 'custom',
        message: MSG.login.required,
        path: [v.email.trim() ? 'password' : 'email'],
      });
    }
  });
export type LoginInput = z.input<typeof loginSchema>;

export const emailOnlySchema = z.object({ email: z.email(MSG.signup.invalidEmail).max(LIMITS.emailMax) });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1).max(512),
    password: z.string().max(LIMITS.passwordMax),
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: MSG.signup.mismatch, path: ['confirmPassword'] });
    } else if (v.password.length < LIMITS.passwordMin) {
      ctx.addIssue({ code: 'custom', message: MSG.signup.tooShort, path: ['password'] });
    }
  });

/** Finishing a verification link opened in a browser not signed in to the account. */
export const verifyWithPasswordSchema = z.object({
  token: z.string().min(1).max(4096),
  password: z.string().min(1, MSG.login.required).max(LIMITS.passwordMax),
});

/** The signed-in user as `/api/me` returns it (spec §3 names, camelCase). */
export const meSchema = z.object({
  uid: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string(),
  username: z.string(),
  photoURL: z.string().nullable(),
  role: z.string(),
  status: z.string(),
  pointBalance: z.number().int(),
  referralCount: z.number().int(),
  referredBy: z.string().nullable(),
  referralRewarded: z.boolean(),
  totalContributions: z.number().int(),
  approvedContribution: z.number().int(),
  rejectedContribution: z.number().int(),
  ...profileAboutSchema.shape,
  /** The zone the user's days follow now (daily limit, bounty deadlines). */
  timeZone: z.string(),
  /** A zone change waiting for the end of the current local day. */
  pendingTimeZone: z.object({ timeZone: z.string(), from: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A second factor (TOTP) is set up; sign-in asks for a code. */
  twoFactorEnabled: z.boolean(),
  isAdmin: z.boolean(),
  /** A reviewer (issue 18): the review queue is theirs, up to reviewerMaxPoints XP per item. */
  isReviewer: z.boolean(),
  reviewerMaxPoints: z.number().int().nullable(),
  /** The public profile is hidden (issue 19). */
  profileHidden: z.boolean(),
  /** Unread inbox rows (kept on the user row: no query of its own). */
  unreadNotifications: z.number().int(),
  /** Per notification category, whether its mail is on. */
  mailPreferences: mailPreferencesSchema,
});
export type Me = z.infer<typeof meSchema>;

/** First message of a failed parse: forms show one clear sentence, as the spec does. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? MSG.common.invalidInput;
}
