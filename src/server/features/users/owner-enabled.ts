/**
 * The one rule of what a disabled account leaves (issue 18): its pending items leave the
 * review queues and the admin's counts, and its name leaves the public lists (its
 * projects, bounties and grants), until the account is enabled again. Every queue and
 * public list reads through these conditions, so enabling restores everything at once:
 * nothing is moved or rewritten, the owner's row alone decides.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { user } from '@/db/schema';

/** True when the user in `ownerColumn` is not disabled (an absent owner counts as enabled). */
export function ownerEnabled(ownerColumn: AnyPgColumn | SQL): SQL {
  return sql`not exists (select 1 from ${user} where ${user.id} = ${ownerColumn} and ${user.disabledAt} is not null)`;
}

/**
 * The same rule for a condition that is evaluated for many rows at once (a count): the
 * owner is not in the set of disabled accounts, read once through their small index.
 * `ownerEnabled` is the form for pages (an anti-join, a lookup per row shown); inside an
 * aggregate's FILTER PostgreSQL runs that one per row counted. The column must be NOT NULL.
 */
export function ownerEnabledIn(ownerColumn: AnyPgColumn | SQL): SQL {
  return sql`${ownerColumn} not in (select ${user.id} from ${user} where ${user.disabledAt} is not null)`;
}

/** A queue's pending condition with the disabled owners' items left out. */
export function pendingOf(statusColumn: AnyPgColumn, ownerColumn: AnyPgColumn): SQL {
  return sql`(${statusColumn} = 'pending' and ${ownerEnabled(ownerColumn)})`;
}
