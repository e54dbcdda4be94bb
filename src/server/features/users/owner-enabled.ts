/**
 * The one rule of what a disabled account leaves (issue 18): its pending items leave the
 * review queues and the admin's counts, and its name leaves the public lists (its
 * projects, bounties and grants), until the account is enabled again. Every queue and
 * public list reads through these conditions, so enabling restores everything at once:
 * nothing is moved or rewritten, the owner's row alone decides.
 */
import { count, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbHandle } from '@/db/client';
import { user } from '@/db/schema';
import { type ListName, listCache } from '@/server/lib/list-cache';

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

/**
 * The same rule read off the owner's row where the query already joins it (a left join of `user`
 * on the owner column: an absent owner counts as enabled): no subquery at all. Under an `or`
 * (a screen that lists every status) the subquery forms become a hashed set of every disabled
 * account, built on each read.
 */
export const joinedOwnerEnabled: SQL = isNull(user.disabledAt);

/** A queue's pending condition with the disabled owners' items left out. */
export function pendingOf(statusColumn: AnyPgColumn, ownerColumn: AnyPgColumn): SQL {
  return sql`(${statusColumn} = 'pending' and ${ownerEnabled(ownerColumn)})`;
}

/**
 * How many rows of a queue each status holds, by the admin screen's own condition (a disabled
 * owner's pending rows count nowhere): the screen's chips. Counting reads every row, so the
 * counts are kept in the list cache under the version the table's and the owners' writes bump.
 * The disabled owners are matched as one hashed set (`ownerEnabledIn`): inside
 * `count(*) filter (…)` the per-row form ran once per row counted (1.3 s at 100,000 pending).
 */
export async function statusCounts<S extends string>(
  handle: DbHandle,
  q: { list: ListName; table: PgTable; status: AnyPgColumn; owner: AnyPgColumn; statuses: readonly S[] },
  /** The list's version, when the request read it once for all it takes from the list cache. */
  known?: number,
): Promise<Record<S, number>> {
  return listCache(handle).get(
    q.list,
    'admin-counts',
    async () => {
      const rows = await handle.db
        .select({ status: q.status, n: count() })
        .from(q.table)
        .where(or(ne(q.status, 'pending'), ownerEnabledIn(q.owner)))
        .groupBy(q.status);
      const n = (s: S) => rows.find((r) => r.status === s)?.n ?? 0;
      return { value: Object.fromEntries(q.statuses.map((s) => [s, n(s)])) as Record<S, number> };
    },
    known,
  );
}
