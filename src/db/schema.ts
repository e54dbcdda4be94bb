/**
 * The one database schema (pg-core), used by PGlite and PostgreSQL alike.
 * better-auth reads `user`, `session`, `account`, `verification` and `rateLimit`
 * through its Drizzle adapter, so those keep its camelCase property names.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
    /** Display name folded for uniqueness (NFKC, lower case); the spec's username. */
    username: text('username').notNull(),
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
    bio: text('bio'),
    twitterHandle: text('twitter_handle'),
    githubHandle: text('github_handle'),
    personalWebsite: text('personal_website'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_username_key').on(t.username),
    // Leaderboard order: points high→low, then whoever got there first.
    index('user_leaderboard_idx').on(t.pointBalance.desc().nullsFirst(), t.scoreReachedAt, t.id),
    check('user_point_balance_nonneg', sql`${t.pointBalance} >= 0`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
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
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** better-auth's rate limiter, kept in the database so every app process shares it. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * The XP ledger (design principle 2): append-only, one row per change of points,
 * written in the same transaction that changes user.point_balance. The unique
 * idempotency key makes a retried or doubled award a no-op.
 */
export const pointEvents = pgTable(
  'point_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    /** Balance after this event, so history and charts need no running sum. */
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    sourceId: text('source_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('point_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Mail waiting to be delivered. Every mail is written here first (in the
 * transaction of what caused it, where there is one) and a sender delivers and
 * retries, so a down SMTP server delays mail instead of losing it.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.sentAt, t.nextAttemptAt)],
);

export const schema = { user, session, account, verification, rateLimit, pointEvents, mailOutbox };
export type Schema = typeof schema;
