/**
 * better-auth's tables (its Drizzle adapter reads `user`, `session`, `account`,
 * `verification` and `rateLimit`, so they keep its camelCase property names).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps, ts } from './common';

/** The version of server/lib/display-name.ts's displayNameKey that new usernames are computed with. */
export const USERNAME_SCHEME = 2;

/** Spec §3 User: better-auth's user plus the profile document's fields. */
export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    /** Display name (spec displayName); better-auth calls it name. */
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Photo URL (spec photoURL). */
    image: text('image'),
    /**
     * Display name folded for uniqueness (server/lib/display-name.ts: NFKC, case, the
     * Unicode confusables skeleton); the spec's username.
     */
    username: text('username').notNull(),
    /**
     * Which version of displayNameKey computed `username`. Rows of an older version are
     * recomputed at boot (server/features/account/name-keys.ts); new rows get the current one.
     */
    usernameScheme: smallint('username_scheme').notNull().default(USERNAME_SCHEME),
    role: text('role').notNull().default('builder'),
    status: text('status').notNull().default('pending'),
    pointBalance: integer('point_balance').notNull().default(0),
    /** When the user reached their current pointBalance: earlier ranks higher on ties. */
    scoreReachedAt: ts('score_reached_at').notNull().defaultNow(),
    referralCount: integer('referral_count').notNull().default(0),
    referredBy: text('referred_by'),
    referralRewarded: boolean('referral_rewarded').notNull().default(false),
    totalContributions: integer('total_contributions').notNull().default(0),
    approvedContribution: integer('approved_contribution').notNull().default(0),
    rejectedContribution: integer('rejected_contribution').notNull().default(0),
    /**
     * Bumped by database triggers (migration 0003) whenever a row the user's
     * dashboard shows changes: their projects, bounty applications, grants,
     * contributions or XP events. The dashboard cache is keyed by it, so any
     * write from any process invalidates it without the writer knowing.
     */
    activityVersion: integer('activity_version').notNull().default(0),
    /** Unread rows of the inbox (tables/notifications.ts), kept in the same transactions. */
    unreadNotifications: integer('unread_notifications').notNull().default(0),
    /** Notification categories the user turned e-mail off for (account mail is never one). */
    mailOptOut: text('mail_opt_out').array().notNull().default(sql`'{}'::text[]`),
    bio: text('bio'),
    twitterHandle: text('twitter_handle'),
    githubHandle: text('github_handle'),
    personalWebsite: text('personal_website'),
    /**
     * The user's IANA time zone (shared/rules/user-zone.ts): taken from the browser at
     * sign-up, changed in the profile. The daily limit and bounty deadlines follow it,
     * never a zone a request names. A change takes effect at `timeZoneFrom` (the end of
     * the local day it was asked in); before that `previousTimeZone` applies.
     */
    timeZone: text('time_zone').notNull().default('UTC'),
    previousTimeZone: text('previous_time_zone'),
    timeZoneFrom: ts('time_zone_from'),
    /** A second factor is set up (better-auth's two-factor plugin sets it once a TOTP code is confirmed). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * Set while the admin has disabled the account (issue 18): no sign-in, no session,
     * off the leaderboard and the review queues. The reason is the admin's, required.
     */
    disabledAt: ts('disabled_at'),
    disabledReason: text('disabled_reason'),
    /**
     * Set while the user is a reviewer (issue 18): the most XP they may award one
     * contribution. Null for everyone else. Granted and revoked by the admin, audited.
     */
    reviewerMaxPoints: integer('reviewer_max_points'),
    /** The user hid their public profile (/u/{username}, issue 19): it answers 404 and nothing links to it. */
    profileHidden: boolean('profile_hidden').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('user_username_key').on(t.username),
    // The admin's users console (issue 18): keyset pages by join date, prefix search by
    // folded display name or e-mail, the disabled few, and whom a user referred.
    // This walk and the leaderboard's also carry username, email and role, and the name-key
    // prefix index the order columns and role (INCLUDE, which drizzle cannot declare:
    // migration 0026), so a search reads the index alone whichever path it takes.
    index('user_joined_idx').on(t.createdAt, t.id),
    index('user_username_prefix_idx').on(t.username.op('text_pattern_ops')),
    index('user_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    // The disabled few, newest first: the console's "disabled" filter walks it in page order.
    index('user_disabled_idx').on(t.createdAt, t.id).where(sql`${t.disabledAt} is not null`),
    // The same few by id: every public list and queue asks, per row, whether its owner is one
    // of them (features/users/owner-enabled.ts). Through the index above that question read
    // the whole set each time (its key starts with the join date), ten pages at 1,000 disabled.
    index('user_disabled_id_idx').on(t.id).where(sql`${t.disabledAt} is not null`),
    index('user_referred_by_idx').on(t.referredBy),
    index('user_username_scheme_idx')
      .on(t.usernameScheme)
      .where(sql`${t.usernameScheme} < ${sql.raw(String(USERNAME_SCHEME))}`),
    // Leaderboard order: points high→low, then whoever got there first.
    index('user_leaderboard_idx').on(t.pointBalance.desc().nullsFirst(), t.scoreReachedAt, t.id),
    check('user_point_balance_nonneg', sql`${t.pointBalance} >= 0`),
  ],
);

/** The user a row belongs to (deleted with them). */
export const owner = (name: string) =>
  text(name)
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ...timestamps(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** When a request last used this session (written at most once a minute per process). */
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    userId: owner('user_id'),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: owner('user_id'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...timestamps(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    ...timestamps(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * The browsers a user has signed in from (sign-in-alert.ts): one row per fingerprint
 * (browser name, OS name and IP; versions left out so an update is not a new browser).
 * A sign-in whose fingerprint is not here sends the new-sign-in alert.
 */
export const knownBrowser = pgTable(
  'known_browser',
  {
    userId: owner('user_id'),
    fingerprint: text('fingerprint').notNull(),
    firstSeenAt: ts('first_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fingerprint] })],
);

/**
 * better-auth's two-factor plugin: the TOTP secret and the backup codes, both encrypted
 * with AUTH_SECRET; `verified` once the first code confirmed the enrolment. Its
 * failure counter and lock are the account lockout (10 wrong codes in a row).
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: owner('user_id'),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: ts('locked_until'),
  },
  (t) => [index('two_factor_user_idx').on(t.userId), index('two_factor_secret_idx').on(t.secret)],
);

/**
 * TOTP codes already used, kept while they would still verify (second-factor.ts): a code
 * is accepted once, not again inside its window. Expired rows are overwritten.
 */
export const usedTotpCode = pgTable(
  'used_totp_code',
  {
    userId: owner('user_id'),
    code: text('code').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/** better-auth's rate limiter, kept in the database so every app process shares it. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
