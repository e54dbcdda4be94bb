import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { owner } from './auth';
import { createdAt, serialId, ts } from './common';

/**
 * The in-app inbox (issue 19): one row per state change that concerns a user, written in
 * the transaction of the change itself (features/notifications/notify.ts). `dedupeKey`
 * is unique, so a retried or raced write adds nothing. The user's unread count is kept
 * on the user row (user.unread_notifications) in the same transactions, so /api/me
 * carries it without a query of its own.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serialId(),
    userId: owner('user_id'),
    /** One of shared/lists.ts NOTIFICATION_CATEGORIES: what the e-mail preferences switch. */
    category: text('category').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    /** An in-app path (`/contribution-hub`), never an outside URL. */
    link: text('link'),
    dedupeKey: text('dedupe_key').notNull().unique(),
    createdAt: createdAt(),
    readAt: ts('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
  ],
);
