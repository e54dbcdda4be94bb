import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { owner } from './auth';
import { id, ts, updatedAt } from './common';
import { projects } from './launchpad';

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
    updatedAt: updatedAt(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    // Keyset pages (server/lib/paging.ts): each list's order, ending in the id.
    index('grants_submitted_idx').on(t.submittedAt, t.id),
    index('grants_applicant_idx').on(t.applicantId, t.submittedAt, t.id),
    index('grants_status_idx').on(t.status, t.submittedAt, t.id),
    // One pending grant per project at a time.
    uniqueIndex('grants_one_pending_per_project').on(t.projectId).where(sql`${t.status} = 'pending'`),
  ],
);
