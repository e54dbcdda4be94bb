/**
 * Account security: signed-in devices (sessions) and second factors. The browser's
 * forms and the server validate with these same schemas.
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { MSG } from '../messages';

/** One signed-in browser as the profile's "Signed-in devices" list shows it. */
export const deviceSchema = z.object({
  id: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  /** "Chrome 140", from the user agent; "Unknown browser" when it says nothing usable. */
  browser: z.string(),
  /** "Linux", "iOS 17.4", … or null. */
  os: z.string().nullable(),
  /** desktop, mobile, tablet, … or null. */
  deviceType: z.string().nullable(),
  /** The IP the session signed in from (no place lookup: ADR 0015). */
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

export const devicesSchema = z.object({ devices: z.array(deviceSchema) });

/** A password, re-entered to confirm a sensitive change. */
const currentPassword = z.string().min(1, MSG.security.passwordRequired).max(LIMITS.passwordMax);

export const changePasswordSchema = z
  .object({
    currentPassword,
    newPassword: z.string().max(LIMITS.passwordMax),
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword.length < LIMITS.passwordMin) {
      ctx.addIssue({ code: 'custom', message: MSG.signup.tooShort, path: ['newPassword'] });
    } else if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: MSG.signup.mismatch, path: ['confirmPassword'] });
    }
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The signed token of a new-sign-in alert's "end this session" link. */
export const endByLinkSchema = z.object({ token: z.string().min(1).max(512) });

/** The password that confirms turning the second factor on or off. */
export const twoFactorPasswordSchema = z.object({ password: currentPassword });
export type TwoFactorPasswordInput = z.input<typeof twoFactorPasswordSchema>;

/** A code from the authenticator app: six digits (spaces typed between them are ignored). */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .max(32)
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, MSG.security.codeFormat)),
});
export type TotpCodeInput = z.input<typeof totpCodeSchema>;

/** The sign-in's second step: an authenticator code, or one of the backup codes. */
export const signInCodeSchema = z.discriminatedUnion('method', [
  totpCodeSchema.extend({ method: z.literal('totp') }),
  z.object({
    method: z.literal('backup'),
    code: z.string().trim().min(1, MSG.security.backupCodeRequired).max(32),
  }),
]);
export type SignInCodeInput = z.input<typeof signInCodeSchema>;

/** What turning TOTP on answers once: the otpauth URI the QR code encodes, and the backup codes. */
export const twoFactorEnrolmentSchema = z.object({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;
