import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, serialId } from './common';

/** What an admin decided, kept even where the spec deletes the record decided on. */
export const adminDecisions = pgTable(
  'admin_decisions',
  {
    id: serialId(),
    adminId: text('admin_id').references(() => user.id, { onDelete: 'set null' }),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    action: text('action').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_decisions_subject_idx').on(t.subjectType, t.subjectId)],
);
