import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, ts, updatedAt } from './common';

/** Spec §3 Resource. */
export const resources = pgTable(
  'resources',
  {
    id: id(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    link: text('link').notNull(),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Keyset pages (server/lib/paging.ts), all and by category chip.
    index('resources_uploaded_idx').on(t.uploadedAt, t.id),
    index('resources_category_idx').on(sql`lower(trim(${t.category}))`, t.uploadedAt, t.id),
  ],
);
