/**
 * The one database schema (pg-core), used by PGlite and PostgreSQL alike.
 * better-auth reads `user`, `session`, `account`, `verification` and `rateLimit`
 * through its Drizzle adapter, so those keep its camelCase property names.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
    /**
     * Bumped by database triggers (migration 0003) whenever a row the user's
     * dashboard shows changes: their projects, bounty applications, grants,
     * contributions or XP events. The dashboard cache is keyed by it, so any
     * write from any process invalidates it without the writer knowing.
     */
    activityVersion: integer('activity_version').notNull().default(0),
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

/**
 * How many users hold each positive score. Kept in the award transaction, so a
 * user's rank (1 + users with more points) is a sum over distinct scores, not a
 * count over all users: its cost does not grow with the user count.
 */
export const scoreBuckets = pgTable('score_buckets', {
  points: integer('points').primaryKey(),
  users: integer('users').notNull(),
});

/**
 * The same histogram in bands of SCORE_BAND_WIDTH points. A rank sums the bands
 * above the user's band plus the exact scores inside it, so it reads at most
 * (max score / width) + width rows whatever the number of users or scores.
 */
export const SCORE_BAND_WIDTH = 256;
export const scoreBands = pgTable('score_bands', {
  band: integer('band').primaryKey(),
  users: integer('users').notNull(),
});

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const owner = (name: string) =>
  text(name)
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/** Spec §3 Project. */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    ownerId: owner('owner_id'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    githubUrl: text('github_url'),
    website: text('website').notNull(),
    xAccount: text('x_account').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull().default('active'),
    logoUrl: text('logo_url'),
    bannerUrl: text('banner_url'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('projects_owner_idx').on(t.ownerId, t.createdAt),
    index('projects_status_idx').on(t.status, t.createdAt),
  ],
);

/** Spec §3 ProjectApplication. Kept after a decision (the spec deletes it; we keep the record). */
export const projectApplications = pgTable(
  'project_applications',
  {
    id: id(),
    ownerId: owner('owner_id'),
    email: text('email').notNull(),
    name: text('name').notNull(),
    website: text('website').notNull(),
    xAccount: text('x_account'),
    telegram: text('telegram'),
    github: text('github').notNull(),
    whitepaper: text('whitepaper').notNull(),
    teamMembers: text('team_members').array().notNull(),
    genre: text('genre').notNull(),
    phase: text('phase').notNull(),
    goals: text('goals').notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('project_applications_owner_idx').on(t.ownerId, t.submittedAt),
    index('project_applications_status_idx').on(t.status, t.submittedAt),
  ],
);

/** Spec §3 BountyApplication: a startup's or project's request to publish a bounty. */
export const bountyApplications = pgTable(
  'bounty_applications',
  {
    id: id(),
    userId: owner('user_id'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    reward: text('reward').notNull(),
    deadline: ts('deadline').notNull(),
    contactInfo: text('contact_info').notNull(),
    resourceLink: text('resource_link'),
    /** One name for images and one for criteria everywhere (the spec's source mixed two). */
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    criteria: text('criteria').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull().default('pending'),
    adminMessage: text('admin_message'),
    createdAt: ts('created_at').notNull().defaultNow(),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [
    index('bounty_applications_user_idx').on(t.userId, t.createdAt),
    index('bounty_applications_created_idx').on(t.createdAt),
  ],
);

/** Spec §3 Bounty: published when the admin approves a bounty application. */
export const bounties = pgTable(
  'bounties',
  {
    id: id(),
    requestId: text('request_id').references(() => bountyApplications.id, { onDelete: 'set null' }),
    requesterId: text('requester_id').references(() => user.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    reward: text('reward').notNull(),
    deadline: ts('deadline'),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    criteria: text('criteria').array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bounties_request_key').on(t.requestId), index('bounties_deadline_idx').on(t.deadline)],
);

/** Spec §3 Bounty.applicants, one row per applicant (one per user per bounty). */
export const bountyApplicants = pgTable(
  'bounty_applicants',
  {
    id: id(),
    bountyId: text('bounty_id')
      .notNull()
      .references(() => bounties.id, { onDelete: 'cascade' }),
    userId: owner('user_id'),
    pitch: text('pitch').notNull(),
    link: text('link'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bounty_applicants_one_per_user').on(t.bountyId, t.userId),
    index('bounty_applicants_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Spec §3 Grant. */
export const grants = pgTable(
  'grants',
  {
    id: id(),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    applicantId: owner('applicant_id'),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    proposal: text('proposal').notNull(),
    status: text('status').notNull().default('pending'),
    adminMessage: text('admin_message'),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('grants_applicant_idx').on(t.applicantId, t.submittedAt),
    index('grants_status_idx').on(t.status, t.submittedAt),
    // One pending grant per project at a time.
    uniqueIndex('grants_one_pending_per_project').on(t.projectId).where(sql`${t.status} = 'pending'`),
  ],
);

/** Spec §3 Resource. */
export const resources = pgTable(
  'resources',
  {
    id: id(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    link: text('link').notNull(),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('resources_uploaded_idx').on(t.uploadedAt)],
);

/**
 * Spec §3 Contribution. One row for its whole life: pending in the review queue,
 * then approved or rejected in the user's history (the spec's copy to
 * users/{uid}/contributions and delete become a status change).
 */
export const contributions = pgTable(
  'contributions',
  {
    id: id(),
    userId: owner('user_id'),
    title: text('title').notNull(),
    type: text('type').notNull().default('tweet'),
    contributor: text('contributor').notNull(),
    link: text('link'),
    /** The link normalised (host case, tracking parameters, twitter.com = x.com) for the duplicate rule. */
    linkKey: text('link_key'),
    fileUrl: text('file_url'),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    rewardPoints: integer('reward_points'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [
    uniqueIndex('contributions_link_key').on(t.linkKey),
    index('contributions_user_idx').on(t.userId, t.createdAt),
    index('contributions_status_idx').on(t.status, t.createdAt),
  ],
);

/** What an admin decided, kept even where the spec deletes the record decided on. */
export const adminDecisions = pgTable(
  'admin_decisions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: text('admin_id').references(() => user.id, { onDelete: 'set null' }),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    action: text('action').notNull(),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('admin_decisions_subject_idx').on(t.subjectType, t.subjectId)],
);

export const schema = {
  user,
  session,
  account,
  verification,
  rateLimit,
  pointEvents,
  mailOutbox,
  scoreBuckets,
  scoreBands,
  projects,
  projectApplications,
  bountyApplications,
  bounties,
  bountyApplicants,
  grants,
  resources,
  contributions,
  adminDecisions,
};
export type Schema = typeof schema;
