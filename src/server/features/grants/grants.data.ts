/**
 * Grants' reads and their decision (ADR 0007 says who sees what: approved grants
 * are public to signed-in members; pending and declined proposals only to their
 * applicant and the admin).
 */
import { and, asc, desc, eq, not, or, type SQL } from 'drizzle-orm';
import type { DbExecutor, DbHandle } from '@/db/client';
import { adminDecisions, grants, projects, user } from '@/db/schema';
import type { UserRow } from '@/server/context';
import { profileShown } from '@/server/features/profile/shown';
import type { DecisionFlow } from '@/server/features/review/decide';
import { onlyWhilePending } from '@/server/features/review/decide';
import { ownerEnabled, pendingOf, statusCounts } from '@/server/features/users/owner-enabled';
import { listCache } from '@/server/lib/list-cache';
import { afterTimeKey, decodeCursor, exactInstant, pageOf, timeKeySchema } from '@/server/lib/paging';
import { GRANT_STATUSES, type GrantStatus } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import { formatAmount, type Grant, type GrantDetail } from '@/shared/schemas/grants';
import type { GrantAction } from './grants.routes';

const grantRow = {
  grant: grants,
  projectTitle: projects.title,
  applicantName: user.name,
  applicantProfile: profileShown(),
};
type GrantRow = {
  grant: typeof grants.$inferSelect;
  projectTitle: string | null;
  applicantName: string | null;
  applicantProfile: boolean | null;
};

/** The admin grants screen: grants in one status (the screen and its CSV export). */
export const adminGrantsWhere = (f: { status: GrantStatus }): SQL =>
  f.status === 'pending' ? pendingOf(grants.status, grants.applicantId) : eq(grants.status, f.status);

/** How many grants each of the admin screen's chips holds (users/owner-enabled.ts statusCounts). */
export function adminGrantCounts(handle: DbHandle): Promise<Record<GrantStatus, number>> {
  return statusCounts(handle, {
    list: 'grants',
    table: grants,
    status: grants.status,
    owner: grants.applicantId,
    statuses: GRANT_STATUSES,
  });
}

/**
 * Who sees which grant (ADR 0007), the one place it is decided: approved grants,
 * your own in any status, and every grant for the admin. Lists filter with it;
 * reading or editing anything else answers 404, as if it did not exist.
 */
export function grantsVisibleTo(me: UserRow, isAdmin: boolean): SQL | undefined {
  // A disabled applicant's grants leave the public list until they are enabled (issue 18).
  return isAdmin
    ? undefined
    : or(and(eq(grants.status, 'approved'), ownerEnabled(grants.applicantId)), eq(grants.applicantId, me.id));
}

export function grantView(r: GrantRow, me: UserRow): Grant {
  const g = r.grant;
  const amount = Number(g.amount);
  return {
    id: g.id,
    projectId: g.projectId,
    projectTitle: r.projectTitle,
    applicantId: g.applicantId,
    applicantName: r.applicantName,
    applicantProfile: r.applicantProfile === true,
    amountRequested: formatAmount(amount, g.currency),
    amount,
    currency: g.currency,
    proposal: g.proposal,
    status: g.status as GrantStatus,
    adminMessage: g.adminMessage,
    submittedAt: g.submittedAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
    decidedAt: g.decidedAt?.toISOString() ?? null,
    mine: g.applicantId === me.id,
  };
}

/** Grants with their project's title and applicant's name, as the viewer sees them. */
export async function findGrants(
  db: DbExecutor,
  me: UserRow,
  q: { where: SQL | undefined; order: 'newest' | 'oldest'; limit: number },
): Promise<Grant[]> {
  return (await readGrants(db, q)).map((r) => grantView(r, me));
}

function readGrants(
  db: DbExecutor,
  q: { where: SQL | undefined; order: 'newest' | 'oldest'; limit: number },
) {
  const dir = q.order === 'newest' ? desc : asc;
  return db
    .select({ ...grantRow, key: exactInstant(grants.submittedAt) })
    .from(grants)
    .leftJoin(projects, eq(projects.id, grants.projectId))
    .leftJoin(user, eq(user.id, grants.applicantId))
    .where(q.where)
    .orderBy(dir(grants.submittedAt), dir(grants.id))
    .limit(q.limit);
}

/**
 * One page of the grants a member explores (ADR 0007: the approved ones of enabled
 * applicants, and their own in any state), newest first. It is two index walks merged,
 * because one walk under `approved or mine` reads every grant in between: the public
 * walk (its first page kept in the list cache, the same for everyone) and the member's
 * own other grants. Keys are exact UTC instants of one width, so they sort as text.
 */
export async function explorePage(
  handle: DbHandle,
  me: UserRow,
  q: { cursor: string | undefined; limit: number; firstPageCached: boolean },
): Promise<{ grants: Grant[]; nextCursor: string | null }> {
  const after = decodeCursor(q.cursor, timeKeySchema);
  const walk = (where: SQL) =>
    readGrants(handle.db, {
      where: and(where, afterTimeKey('desc', grants.submittedAt, grants.id, after)),
      order: 'newest',
      limit: q.limit + 1,
    });
  const shown = and(eq(grants.status, 'approved'), ownerEnabled(grants.applicantId))!;
  const [publicRows, ownRows] = await Promise.all([
    !after && q.firstPageCached
      ? listCache(handle).get('grants', 'explore', async () => ({ value: await walk(shown) }))
      : walk(shown),
    walk(and(eq(grants.applicantId, me.id), not(shown))!),
  ]);
  const merged = [...publicRows, ...ownRows].sort((a, b) =>
    a.key === b.key ? (a.grant.id < b.grant.id ? 1 : -1) : a.key < b.key ? 1 : -1,
  );
  const page = pageOf(merged.slice(0, q.limit + 1), q.limit, (r) => [r.key, r.grant.id]);
  return { grants: page.items.map((r) => grantView(r, me)), nextCursor: page.nextCursor };
}

/** One keyset page of grants by submission time (newest or oldest first), as the viewer sees them. */
export async function grantPage(
  db: DbExecutor,
  me: UserRow,
  q: { where: SQL | undefined; order: 'newest' | 'oldest'; cursor: string | undefined; limit: number },
): Promise<{ grants: Grant[]; nextCursor: string | null }> {
  const after = decodeCursor(q.cursor, timeKeySchema);
  const dir = q.order === 'newest' ? 'desc' : 'asc';
  const rows = await readGrants(db, {
    where: and(q.where, afterTimeKey(dir, grants.submittedAt, grants.id, after)),
    order: q.order,
    limit: q.limit + 1,
  });
  const page = pageOf(rows, q.limit, (r) => [r.key, r.grant.id]);
  return { grants: page.items.map((r) => grantView(r, me)), nextCursor: page.nextCursor };
}

export async function findGrant(
  db: DbExecutor,
  me: UserRow,
  where: SQL | undefined,
): Promise<Grant | undefined> {
  const [g] = await findGrants(db, me, { where, order: 'newest', limit: 1 });
  return g;
}

/** A grant's story: submitted, edited (when it was), and each decision with its note. */
export async function grantHistory(db: DbExecutor, g: Grant): Promise<GrantDetail['history']> {
  const decisions = await db
    .select()
    .from(adminDecisions)
    .where(and(eq(adminDecisions.subjectType, 'grant'), eq(adminDecisions.subjectId, g.id)))
    .orderBy(asc(adminDecisions.createdAt));
  return [
    { at: g.submittedAt, event: 'Submitted', note: null },
    // Decisions do not touch updatedAt, so a later updatedAt means the applicant edited it.
    ...(Date.parse(g.updatedAt) > Date.parse(g.submittedAt)
      ? [{ at: g.updatedAt, event: 'Edited', note: null }]
      : []),
    ...decisions.map((d) => ({
      at: d.createdAt.toISOString(),
      event: d.action === 'approved' ? 'Approved' : 'Declined',
      note: d.reason,
    })),
  ];
}

/** The admin approves or declines a pending grant (review/decide.ts does the rest). */
export const grantDecision: DecisionFlow<
  typeof grants.$inferSelect,
  { action: GrantAction; note: string | null },
  void
> = {
  subject: 'grant',
  lock: async (tx, id) => (await tx.select().from(grants).where(eq(grants.id, id)).for('update'))[0],
  ownerOf: (g) => g.applicantId,
  check: onlyWhilePending('ALREADY_DECIDED', MSG.grant.alreadyDecided),
  async apply(tx, g, { action, note }, at) {
    const status = action === 'approve' ? 'approved' : 'declined';
    await tx.update(grants).set({ status, adminMessage: note, decidedAt: at }).where(eq(grants.id, g.id));
    return {
      result: undefined,
      record: { action: status, note },
      notice: {
        what: `grant application (${formatAmount(Number(g.amount), g.currency)})`,
        approved: action === 'approve',
        note,
        path: '/grants',
        label: 'Open your grants',
      },
    };
  },
};
