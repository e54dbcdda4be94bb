import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { owner } from './auth';
import { id, timestamps, ts } from './common';

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
    ...timestamps(),
  },
  (t) => [
    // Keyset pages (server/lib/paging.ts): each list's order, ending in the id.
    index('projects_created_idx').on(t.createdAt, t.id),
    index('projects_owner_idx').on(t.ownerId, t.createdAt, t.id),
    index('projects_status_idx').on(t.status, t.createdAt, t.id),
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
    // The admin's queue: pending ones, oldest first, in keyset pages (owner_id rides along, migration 0028).
    index('project_applications_pending_idx').on(t.submittedAt, t.id).where(sql`${t.status} = 'pending'`),
  ],
);
