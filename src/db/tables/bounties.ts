import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { owner, user } from './auth';
import { createdAt, id, timestamps, ts } from './common';

/**
 * A bounty's content as its requester writes it, copied column for column to the bounty
 * the admin publishes from the request (shared/schemas/bounties.ts has the same two parts).
 */
const bountyWords = () => ({
  title: text('title').notNull(),
  description: text('description').notNull(),
  reward: text('reward').notNull(),
});

/** Its pictures and acceptance criteria: one name for each everywhere (the spec's source mixed two). */
const bountyPicks = () => ({
  images: text('images').array().notNull().default(sql`'{}'::text[]`),
  criteria: text('criteria').array().notNull().default(sql`'{}'::text[]`),
});

/** Spec §3 BountyApplication: a startup's or project's request to publish a bounty. */
export const bountyApplications = pgTable(
  'bounty_applications',
  {
    id: id(),
    userId: owner('user_id'),
    ...bountyWords(),
    deadline: ts('deadline').notNull(),
    contactInfo: text('contact_info').notNull(),
    resourceLink: text('resource_link'),
    ...bountyPicks(),
    status: text('status').notNull().default('pending'),
    adminMessage: text('admin_message'),
    createdAt: createdAt(),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [
    index('bounty_applications_user_idx').on(t.userId, t.createdAt),
    // The admin's list, newest first, in keyset pages.
    index('bounty_applications_created_idx').on(t.createdAt, t.id),
    // The same list narrowed to one status (its chips), in keyset pages.
    index('bounty_applications_status_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** Spec §3 Bounty: published when the admin approves a bounty application. */
export const bounties = pgTable(
  'bounties',
  {
    id: id(),
    requestId: text('request_id').references(() => bountyApplications.id, { onDelete: 'set null' }),
    requesterId: text('requester_id').references(() => user.id, { onDelete: 'set null' }),
    ...bountyWords(),
    deadline: ts('deadline'),
    ...bountyPicks(),
    createdAt: createdAt(),
    /** When the requester (or the admin) announced the winners (issue 19); null until then. */
    winnersAnnouncedAt: ts('winners_announced_at'),
    /** When the day-5 reminder to pick winners was sent: claimed once, by one process. */
    winnersRemindedAt: ts('winners_reminded_at'),
  },
  (t) => [
    uniqueIndex('bounties_request_key').on(t.requestId),
    // The board's order. A search walks it reading the index alone: title, reward and
    // requester ride along (INCLUDE, which drizzle cannot declare, migration 0035).
    index('bounties_deadline_idx').on(t.deadline, t.id),
  ],
);

/** The bounty a row belongs to (deleted with it). */
const bountyRef = () =>
  text('bounty_id')
    .notNull()
    .references(() => bounties.id, { onDelete: 'cascade' });

/** Spec §3 Bounty.applicants, one row per applicant (one per user per bounty). */
export const bountyApplicants = pgTable(
  'bounty_applicants',
  {
    id: id(),
    bountyId: bountyRef(),
    userId: owner('user_id'),
    pitch: text('pitch').notNull(),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bounty_applicants_one_per_user').on(t.bountyId, t.userId),
    index('bounty_applicants_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * An applicant's work for a bounty (issue 19): a link and a note, one per applicant,
 * editable until the deadline. The requester and the admin see them.
 */
export const bountySubmissions = pgTable(
  'bounty_submissions',
  {
    id: id(),
    bountyId: bountyRef(),
    userId: owner('user_id'),
    link: text('link').notNull(),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [uniqueIndex('bounty_submissions_one_per_user').on(t.bountyId, t.userId)],
);

/** A bounty's winners in podium order (place 1–3), each with an optional XP prize paid through the ledger. */
export const bountyWinners = pgTable(
  'bounty_winners',
  {
    bountyId: bountyRef(),
    place: smallint('place').notNull(),
    userId: owner('user_id'),
    prizeXp: integer('prize_xp').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.bountyId, t.place] }),
    uniqueIndex('bounty_winners_one_place_per_user').on(t.bountyId, t.userId),
    index('bounty_winners_user_idx').on(t.userId),
  ],
);
