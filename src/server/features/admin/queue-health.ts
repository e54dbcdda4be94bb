/**
 * Every review queue's health in one place (issue 18/20): how many items wait, the oldest,
 * and how many are past the 24-hour review promise. The admin home and the daily overdue
 * digest read it; each queue counts with its own page's condition, so a disabled owner's
 * items count nowhere (users/owner-enabled.ts).
 */
import { count, min, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '@/db/client';
import { bountyApplications, contributions, grants, projectApplications } from '@/db/schema';
import { queueWhere } from '@/server/features/contributions/contributions.data';
import { adminGrantsWhere } from '@/server/features/grants/grants.data';
import { PENDING_APPLICATIONS } from '@/server/features/launchpad/applications.index';
import { pendingOf } from '@/server/features/users/owner-enabled';
import type { AdminQueueCount } from '@/shared/schemas/admin';

type QueueKey = Exclude<AdminQueueCount['key'], 'resources'>;

const QUEUES: Array<{
  key: QueueKey;
  label: string;
  table: PgTable;
  at: AnyPgColumn;
  where: () => SQL | undefined;
}> = [
  {
    key: 'projectApplications',
    label: 'Project applications',
    table: projectApplications,
    at: projectApplications.submittedAt,
    where: () => PENDING_APPLICATIONS,
  },
  {
    key: 'bountyRequests',
    label: 'Bounty requests',
    table: bountyApplications,
    at: bountyApplications.createdAt,
    where: () => pendingOf(bountyApplications.status, bountyApplications.userId),
  },
  {
    key: 'contributions',
    label: 'Contributions',
    table: contributions,
    at: contributions.createdAt,
    where: () => queueWhere({}),
  },
  {
    key: 'grants',
    label: 'Grants',
    table: grants,
    at: grants.submittedAt,
    where: () => adminGrantsWhere({ status: 'pending' }),
  },
];

export type QueueHealth = {
  key: QueueKey;
  label: string;
  pending: number;
  oldestAt: Date | null;
  /** Items submitted before `overdueBefore`. */
  overdue: number;
};

export async function queueHealth(db: DbExecutor, overdueBefore: Date): Promise<QueueHealth[]> {
  return Promise.all(
    QUEUES.map(async (q) => {
      const [r] = await db
        .select({
          n: count(),
          oldest: min(q.at),
          overdue: sql<number>`count(*) filter (where ${q.at} < ${overdueBefore})`.mapWith(Number),
        })
        .from(q.table)
        .where(q.where());
      const oldest = r?.oldest as Date | string | null | undefined;
      return {
        key: q.key,
        label: q.label,
        pending: Number(r?.n ?? 0),
        oldestAt: oldest ? new Date(oldest) : null,
        overdue: r?.overdue ?? 0,
      };
    }),
  );
}
