import { bigint, boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * One row per public list (projects, bounties, grants, resources): a version that
 * database triggers bump in the writer's transaction whenever anything the list
 * shows is written, by any code path in any process (migration 0012). The list's
 * first page is cached per process keyed by it (server/lib/list-cache.ts).
 */
export const listVersions = pgTable('list_versions', {
  list: text('list').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * How many accounts hold each role, verified or not: the admin's member counts
 * (/api/admin/summary) read these few rows instead of counting every user. Row
 * triggers on "user" keep them in the writer's transaction, whatever code path
 * writes (better-auth's sign-up, the role pick, verification, deletion), each
 * account's two rows locked in one order so concurrent changes never deadlock
 * (migration 0030). `npm run check-integrity` compares them with a full count.
 */
export const userCounts = pgTable(
  'user_counts',
  {
    role: text('role').notNull(),
    verified: boolean('verified').notNull(),
    users: bigint('users', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.role, t.verified] })],
);
