/**
 * "My own applications, newest first, and when I may apply again": what GET …/mine
 * answers for the things a user applies for and an admin reviews (project applications,
 * bounty requests). Each names its table, its owner and time columns, and its cooldown
 * rule (shared/rules/cooldown.ts); the reading and the answer's `canApplyAt` are here.
 */
import { desc, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '@/db/client';
import type { CanApplyAt } from '@/shared/rules/cooldown';

export type OwnApplications<T extends PgTable> = {
  table: T;
  /** The applicant's id. */
  owner: AnyPgColumn;
  /** When each was sent: the newest comes first. */
  sentAt: AnyPgColumn;
  /** The cooldown rule: when a new one may be sent (null = now; 'pending' = once the admin decides). */
  reapplyAt(history: T['$inferSelect'][], now: Date): Date | 'pending' | null;
};

/** `userId`'s own applications, newest first, and when they may send another. */
export async function ownApplications<T extends PgTable>(
  db: DbExecutor,
  of: OwnApplications<T>,
  userId: string,
  now: Date,
): Promise<{ rows: T['$inferSelect'][]; canApplyAt: CanApplyAt }> {
  const rows = (await db
    .select()
    .from(of.table as PgTable)
    .where(eq(of.owner, userId))
    .orderBy(desc(of.sentAt))) as T['$inferSelect'][];
  const at = of.reapplyAt(rows, now);
  return { rows, canApplyAt: at === 'pending' ? 'pending' : (at?.toISOString() ?? null) };
}
