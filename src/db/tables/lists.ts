import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

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
