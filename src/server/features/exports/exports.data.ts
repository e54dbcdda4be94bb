/**
 * What each CSV export reads: its columns and its rows in keyset batches, filtered
 * with the where clause of the admin screen it comes from (one home per filter:
 * contributions/contributions.data.ts queueWhere, grants/grants.data.ts
 * adminGrantsWhere, launchpad PENDING_APPLICATIONS, users/users.data.ts usersFilterWhere).
 */
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import {
  bountyApplications,
  contributions,
  grants,
  pointEvents,
  projectApplications,
  projects,
  user,
} from '@/db/schema';
import { adminRequestsWhere } from '@/server/features/bounties/requests.data';
import { queueWhere } from '@/server/features/contributions/contributions.data';
import { adminGrantsWhere } from '@/server/features/grants/grants.data';
import { PENDING_APPLICATIONS } from '@/server/features/launchpad/applications.data';
import { usersFilterWhere } from '@/server/features/users/users.data';
import { type CsvColumn, rowsById, rowsByTime } from '@/server/lib/csv-stream';
import type { GrantStatus } from '@/shared/lists';
import type { BountyRequestStatus } from '@/shared/schemas/bounties';

export type Export<R> = { name: string; columns: readonly CsvColumn<R>[]; rows: AsyncIterable<R> };

/** A column; its value is written by cell() (dates as ISO 8601, lists joined with "; "). */
const col = <R>(header: string, value: CsvColumn<R>['value']): CsvColumn<R> => ({ header, value });

/** Users, filtered as the users console filters them (ordered by id, the primary key, so each batch is an index range at any size). */
export type UserFilter = Parameters<typeof usersFilterWhere>[0];

type UserRow = typeof user.$inferSelect;
export function usersExport(db: DbExecutor, f: UserFilter, adminEmail: string): Export<UserRow> {
  const where = and(...usersFilterWhere(f, adminEmail));
  return {
    name: 'users',
    columns: [
      col('id', (u) => u.id),
      col('name', (u) => u.name),
      col('email', (u) => u.email),
      col('role', (u) => u.role),
      col('status', (u) => u.status),
      col('verified', (u) => u.emailVerified),
      col('xp', (u) => u.pointBalance),
      col('contributions', (u) => u.totalContributions),
      col('approved', (u) => u.approvedContribution),
      col('rejected', (u) => u.rejectedContribution),
      col('referrals', (u) => u.referralCount),
      col('referred_by', (u) => u.referredBy),
      col('joined_at', (u) => u.createdAt),
    ],
    rows: rowsById(
      user.id,
      where,
      () => db.select().from(user).$dynamic(),
      (u) => u.id,
    ),
  };
}

/** The review queue, oldest first, as the queue screen filters it. */
export function contributionsExport(db: DbExecutor, f: { type?: string; q?: string }) {
  const where = queueWhere(f);
  return {
    name: 'contributions',
    columns: [
      col<ContributionRow>('id', (r) => r.c.id),
      col('user_id', (r) => r.c.userId),
      col('contributor', (r) => r.c.contributor),
      col('email', (r) => r.email),
      col('title', (r) => r.c.title),
      col('type', (r) => r.c.type),
      col('link', (r) => r.c.link),
      col('file', (r) => r.c.fileUrl),
      col('status', (r) => r.c.status),
      col('submitted_at', (r) => r.c.createdAt),
    ],
    rows: rowsByTime(
      { at: contributions.createdAt, id: contributions.id, dir: 'asc' },
      where,
      (key) =>
        db
          .select({ c: contributions, email: user.email, key })
          .from(contributions)
          .leftJoin(user, eq(user.id, contributions.userId))
          .$dynamic(),
      (r) => r.c.id,
    ),
  } satisfies Export<ContributionRow>;
}
type ContributionRow = { c: typeof contributions.$inferSelect; email: string | null; key: string };

/** The XP ledger in the order it was written (its identity column), for one user or all, one reason or all. */
export type LedgerFilter = { userId?: string | undefined; reason?: string | undefined };
type LedgerRow = { e: typeof pointEvents.$inferSelect; name: string | null };
export function ledgerExport(db: DbExecutor, f: LedgerFilter): Export<LedgerRow> {
  const where = and(
    f.userId ? eq(pointEvents.userId, f.userId) : undefined,
    f.reason ? eq(pointEvents.reason, f.reason) : undefined,
  );
  return {
    name: 'xp-ledger',
    columns: [
      col('id', (r) => r.e.id),
      col('user_id', (r) => r.e.userId),
      col('user', (r) => r.name),
      col('delta', (r) => r.e.delta),
      col('balance_after', (r) => r.e.balanceAfter),
      col('reason', (r) => r.e.reason),
      col('source_id', (r) => r.e.sourceId),
      col('at', (r) => r.e.createdAt),
    ],
    rows: rowsById(
      pointEvents.id,
      where,
      () =>
        db
          .select({ e: pointEvents, name: user.name })
          .from(pointEvents)
          .leftJoin(user, eq(user.id, pointEvents.userId))
          .$dynamic(),
      (r) => r.e.id,
    ),
  };
}

/** Pending project applications, oldest first (the project approvals screen). */
type ApplicationRow = { a: typeof projectApplications.$inferSelect; key: string };
export function applicationsExport(db: DbExecutor): Export<ApplicationRow> {
  return {
    name: 'project-applications',
    columns: [
      col('id', (r) => r.a.id),
      col('owner_id', (r) => r.a.ownerId),
      col('name', (r) => r.a.name),
      col('email', (r) => r.a.email),
      col('website', (r) => r.a.website),
      col('x_account', (r) => r.a.xAccount),
      col('telegram', (r) => r.a.telegram),
      col('github', (r) => r.a.github),
      col('whitepaper', (r) => r.a.whitepaper),
      col('team', (r) => r.a.teamMembers),
      col('genre', (r) => r.a.genre),
      col('phase', (r) => r.a.phase),
      col('goals', (r) => r.a.goals),
      col('status', (r) => r.a.status),
      col('submitted_at', (r) => r.a.submittedAt),
    ],
    rows: rowsByTime(
      { at: projectApplications.submittedAt, id: projectApplications.id, dir: 'asc' },
      PENDING_APPLICATIONS,
      (key) => db.select({ a: projectApplications, key }).from(projectApplications).$dynamic(),
      (r) => r.a.id,
    ),
  };
}

/** Every bounty request, or those in one status, newest first (the bounty approvals screen and its chips). */
type BountyRow = { b: typeof bountyApplications.$inferSelect; requester: string | null; key: string };
export function bountyApplicationsExport(
  db: DbExecutor,
  f: { status?: BountyRequestStatus | undefined },
): Export<BountyRow> {
  const where = adminRequestsWhere(f.status);
  return {
    name: 'bounty-applications',
    columns: [
      col('id', (r) => r.b.id),
      col('user_id', (r) => r.b.userId),
      col('requester', (r) => r.requester),
      col('title', (r) => r.b.title),
      col('description', (r) => r.b.description),
      col('reward', (r) => r.b.reward),
      col('deadline', (r) => r.b.deadline),
      col('contact', (r) => r.b.contactInfo),
      col('resource_link', (r) => r.b.resourceLink),
      col('criteria', (r) => r.b.criteria),
      col('status', (r) => r.b.status),
      col('admin_message', (r) => r.b.adminMessage),
      col('submitted_at', (r) => r.b.createdAt),
      col('reviewed_at', (r) => r.b.reviewedAt),
    ],
    rows: rowsByTime(
      { at: bountyApplications.createdAt, id: bountyApplications.id, dir: 'desc' },
      where,
      (key) =>
        db
          .select({ b: bountyApplications, requester: user.name, key })
          .from(bountyApplications)
          .leftJoin(user, eq(user.id, bountyApplications.userId))
          .$dynamic(),
      (r) => r.b.id,
    ),
  };
}

/** Grants in one status, oldest first (the admin grants screen). */
type GrantRow = {
  g: typeof grants.$inferSelect;
  project: string | null;
  applicant: string | null;
  key: string;
};
export function grantsExport(db: DbExecutor, f: { status: GrantStatus }): Export<GrantRow> {
  const where = adminGrantsWhere(f);
  return {
    name: 'grants',
    columns: [
      col('id', (r) => r.g.id),
      col('project_id', (r) => r.g.projectId),
      col('project', (r) => r.project),
      col('applicant_id', (r) => r.g.applicantId),
      col('applicant', (r) => r.applicant),
      col('amount', (r) => r.g.amount),
      col('currency', (r) => r.g.currency),
      col('proposal', (r) => r.g.proposal),
      col('status', (r) => r.g.status),
      col('admin_message', (r) => r.g.adminMessage),
      col('submitted_at', (r) => r.g.submittedAt),
      col('decided_at', (r) => r.g.decidedAt),
    ],
    rows: rowsByTime(
      { at: grants.submittedAt, id: grants.id, dir: 'asc' },
      where,
      (key) =>
        db
          .select({ g: grants, project: projects.title, applicant: user.name, key })
          .from(grants)
          .leftJoin(projects, eq(projects.id, grants.projectId))
          .leftJoin(user, eq(user.id, grants.applicantId))
          .$dynamic(),
      (r) => r.g.id,
    ),
  };
}
