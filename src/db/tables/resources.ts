import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, ts } from './common';

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
