import { z } from 'zod';
import { isHttpUrl } from '../links';
import { MSG } from '../messages';
import { canonicalTimeZone, isValidTimeZone } from '../rules/time-zone';
import { hasHiddenChars } from '../text';
import { optionalText } from './common';

export const PROFILE_LIMITS = { bio: 500, website: 200 } as const;

/**
 * Profile edit (spec §2 Profile). Handles are handles, not URLs; the website is
 * an http(s) URL. Only these fields can be changed through the profile endpoint:
 * XP, role, status and referral fields are the server's.
 */
export const profileUpdateSchema = z
  .object({
    bio: optionalText(
      z
        .string()
        .max(PROFILE_LIMITS.bio, `Bio must be at most ${PROFILE_LIMITS.bio} characters.`)
        .refine((v) => !/[\p{Cf}]/u.test(v), 'Bio contains characters that are not allowed.'),
    ),
    twitterHandle: optionalText(
      z
        .string()
        .transform((v) => v.replace(/^@/, ''))
        .pipe(
          z
            .string()
            .regex(/^[A-Za-z0-9_]{1,15}$/, 'Twitter handle must be 1–15 letters, digits or _ (no URL).'),
        ),
    ),
    githubHandle: optionalText(
      z
        .string()
        .transform((v) => v.replace(/^@/, ''))
        .pipe(
          z
            .string()
            .regex(
              /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/,
              'GitHub handle must be a GitHub username (no URL).',
            ),
        ),
    ),
    personalWebsite: optionalText(
      z
        .string()
        .max(PROFILE_LIMITS.website, 'Website is too long.')
        .refine((v) => isHttpUrl(v) && !hasHiddenChars(v), 'Website must be an http(s) URL.'),
    ),
    /** An IANA zone: takes effect at the end of the current local day (shared/rules/user-zone.ts). */
    /** Hide the public profile (/u/{name}, issue 19): it then answers 404 and no name links to it. */
    profileHidden: z.boolean().optional(),
    timeZone: z
      .string()
      .refine((v) => isValidTimeZone(v), MSG.profile.timeZoneInvalid)
      // Stored by its canonical name, which the database knows too (rules/time-zone.ts).
      .transform((v) => canonicalTimeZone(v) ?? v)
      .optional(),
  })
  .strict();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** The fields profileUpdateSchema edits, as the API answers them: null when not set. */
export const profileAboutSchema = z.object({
  bio: z.string().nullable(),
  twitterHandle: z.string().nullable(),
  githubHandle: z.string().nullable(),
  personalWebsite: z.string().nullable(),
});
export type ProfileAbout = z.infer<typeof profileAboutSchema>;
