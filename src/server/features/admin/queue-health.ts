/**
 * Every review queue's health in one place (issue 18/20): how many items wait, the oldest,
 * and how many are past the 24-hour review promise. The admin home and the daily overdue
 * digest read it; each queue counts with its own page's condition, so a disabled owner's
 * items count nowhere (users/owner-enabled.ts).
 *
 * The admin home reads `queueSizes`: each queue's count and oldest item kept in the list
 * cache under the version its table's writes bump (migrations 0029 and 0031), so a repeat
 * read counts nothing. The digest reads `queueHealth`, whose overdue count moves with time.
 */
import { count, min, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbExecutor, DbHandle } from '@/db/client';
import { bountyApplications, contributions, grants, projectApplications } from '@/db/schema';
import { queueWhere } from '@/server/features/contributions/contributions.data';
import { adminGrantsWhere } from '@/server/features/grants/grants.data';
import { PENDING_APPLICATIONS } from '@/server/features/launchpad/applications.data';
import { pendingOf } from '@/server/features/users/owner-enabled';
import { type ListName, listCache } from '@/server/lib/list-cache';
import type { AdminQueueCount } from '@/shared/schemas/admin';

type QueueKey = Exclude<AdminQueueCount['key'], 'resources'>;

const QUEUES: Array<{
  key: QueueKey;
  label: string;
  /** The list version its table's writes bump. */
  list: ListName;
  table: PgTable;
  at: AnyPgColumn;
  where: () => SQL | undefined;
}> = [
  {
    key: 'projectApplications',
    list: 'project_applications',
    label: 'Project applications',
    table: projectApplications,
    at: projectApplications.submittedAt,
    where: () => PENDING_APPLICATIONS,
  },
  {
    key: 'bountyRequests',
    list: 'bounty_requests',
    label: 'Bounty requests',
    table: bountyApplications,
    at: bountyApplications.createdAt,
    where: () => pendingOf(bountyApplications.status, bountyApplications.userId),
  },
  {
    key: 'contributions',
    list: 'contributions',
    label: 'Contributions',
    table: contributions,
    at: contributions.createdAt,
    where: () => queueWhere({}),
  },
  {
    key: 'grants',
    list: 'grants',
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

type Queue = (typeof QUEUES)[number];

/** One queue's pending count and oldest item; with `overdueBefore`, how many were submitted before it. */
async function measure(db: DbExecutor, q: Queue, overdueBefore?: Date) {
  const [r] = await db
    .select({
      n: count(),
      oldest: min(q.at),
      overdue: overdueBefore
        ? sql<number>`count(*) filter (where ${q.at} < ${overdueBefore})`.mapWith(Number)
        : sql<number>`0`.mapWith(Number),
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
}

export async function queueHealth(db: DbExecutor, overdueBefore: Date): Promise<QueueHealth[]> {
  return Promise.all(QUEUES.map((q) => measure(db, q, overdueBefore)));
}

type QueueSize = Omit<QueueHealth, 'overdue'>;

/** One queue's pending count and oldest item, counted again only after its table or an owner changed. */
function sizeOf(handle: DbHandle, q: Queue, known?: number): Promise<QueueSize> {
  return listCache(handle).get(
    q.list,
    'queue-size',
    async () => {
      const { overdue: _, ...size } = await measure(handle.db, q);
      return { value: size };
    },
    known,
  );
}

/** Every queue's size (the admin home). */
export async function queueSizes(handle: DbHandle): Promise<QueueSize[]> {
  return Promise.all(QUEUES.map((q) => sizeOf(handle, q)));
}

/** One queue's size (its own screen's count); `known`: its list's version, read once for the whole request. */
export async function queueSize(handle: DbHandle, key: QueueKey, known?: number): Promise<QueueSize> {
  return sizeOf(handle, QUEUES.find((q) => q.key === key)!, known);
}
