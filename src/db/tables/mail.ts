import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, ts } from './common';

/**
 * Mail waiting to be delivered. Every mail is written here first (in the
 * transaction of what caused it, where there is one) and a sender delivers and
 * retries, so a down SMTP server delays mail instead of losing it.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serialId(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.sentAt, t.nextAttemptAt)],
);

/**
 * The admin's overdue digest (issue 18): one row per UTC day a digest was queued, written
 * in the transaction that queues the mail, so whichever process or retry runs the daily
 * job, at most one digest goes out a day.
 */
export const adminDigests = pgTable('admin_digests', {
  day: text('day').primaryKey(),
  overdue: integer('overdue').notNull(),
  sentAt: ts('sent_at').notNull().defaultNow(),
});
