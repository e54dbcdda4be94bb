/**
 * Bounty requests' reads, the realtime announcement, and the admin's decision:
 * approving publishes the bounty on the board; leaving "approved" (reject, reset)
 * unpublishes it, unless people have applied to it.
 */
import { and, count, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor, DbHandle } from '@/db/client';
import { bounties, bountyApplicants, bountyApplications, user } from '@/db/schema';
import type { AppDeps } from '@/server/context';
import type { DecisionFlow } from '@/server/features/review/decide';
import { joinedOwnerEnabled, statusCounts } from '@/server/features/users/owner-enabled';
import { ApiError } from '@/server/lib/errors';
import { MSG } from '@/shared/messages';
import {
  BOUNTY_REQUEST_STATUSES,
  type BountyRequest,
  type BountyRequestStatus,
} from '@/shared/schemas/bounties';
import { ACTIONS, type Action } from './requests.routes';

export const BOUNTY_TOPIC = 'bounty-applications';

export type Row = typeof bountyApplications.$inferSelect;

/**
 * The bounty approvals screen (and its export): every request but a disabled requester's pending ones
 * (issue 18). Both read the requester's row joined (`requestsWithView`, the export), so the rule is
 * read off it.
 */
export const ADMIN_REQUESTS = or(ne(bountyApplications.status, 'pending'), joinedOwnerEnabled);

/** The screen's rows under one chip (and its export's): every request, or those in one status. */
export function adminRequestsWhere(status: BountyRequestStatus | 'all' | undefined): SQL | undefined {
  return and(ADMIN_REQUESTS, status && status !== 'all' ? eq(bountyApplications.status, status) : undefined);
}

/** How many requests each chip of the screen holds (users/owner-enabled.ts statusCounts), and all of them. */
export async function adminRequestCounts(
  handle: DbHandle,
  known?: number,
): Promise<Record<BountyRequestStatus | 'all', number>> {
  const n = await statusCounts(
    handle,
    {
      list: 'bounty_requests',
      table: bountyApplications,
      status: bountyApplications.status,
      owner: bountyApplications.userId,
      statuses: BOUNTY_REQUEST_STATUSES,
    },
    known,
  );
  return { ...n, all: n.pending + n.approved + n.rejected };
}

/**
 * What a request is shown with: the requester's name, and the bounty it published with its
 * applicants. One row per request (a request has one requester and publishes at most one
 * bounty), so a page can be read with it in one statement (`requestsWithView`).
 */
const REQUEST_VIEW = {
  request: bountyApplications,
  requesterName: user.name,
  bountyId: bounties.id,
  applicants:
    sql<number>`(select count(*) from ${bountyApplicants} where ${bountyApplicants.bountyId} = ${bounties.id})`.mapWith(
      Number,
    ),
};

/** Requests with what they are shown with (REQUEST_VIEW), plus `extra` columns (a page's key). */
export function requestsWithView<X extends Record<string, SQL.Aliased | SQL>>(db: DbExecutor, extra: X) {
  return db
    .select({ ...REQUEST_VIEW, ...extra })
    .from(bountyApplications)
    .leftJoin(user, eq(user.id, bountyApplications.userId))
    .leftJoin(bounties, eq(bounties.requestId, bountyApplications.id));
}

type Viewed = { request: Row; requesterName: string | null; bountyId: string | null; applicants: number };

/** A request as the API shows it. */
export function viewOf({ request: r, requesterName, bountyId, applicants }: Viewed): BountyRequest {
  return {
    id: r.id,
    userId: r.userId,
    requesterName,
    title: r.title,
    description: r.description,
    reward: r.reward,
    deadline: r.deadline.toISOString(),
    contactInfo: r.contactInfo,
    resourceLink: r.resourceLink,
    images: r.images,
    criteria: r.criteria,
    status: r.status as BountyRequest['status'],
    adminMessage: r.adminMessage,
    createdAt: r.createdAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    bountyId,
    applicants: Number(applicants ?? 0),
  };
}

/** Requests already read, as the API shows them, in the same order. */
export async function viewMany(db: DbExecutor, rows: Row[]): Promise<BountyRequest[]> {
  if (rows.length === 0) return [];
  const viewed = await requestsWithView(db, {}).where(
    inArray(
      bountyApplications.id,
      rows.map((r) => r.id),
    ),
  );
  const byId = new Map(viewed.map((v) => [v.request.id, v]));
  return rows.map((r) => {
    const v = byId.get(r.id);
    return viewOf({
      request: r,
      requesterName: v?.requesterName ?? null,
      bountyId: v?.bountyId ?? null,
      applicants: v?.applicants ?? 0,
    });
  });
}

/** Criteria arrive as repeated form fields, a JSON array, or a JSON body array. */
export function criteriaOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  if (typeof v === 'string') {
    if (v.trim().startsWith('[')) {
      try {
        return criteriaOf(JSON.parse(v));
      } catch {
        return [v];
      }
    }
    return v ? [v] : [];
  }
  return [];
}

/** Tells open admin pages (GET /api/admin/events) that a request changed. */
export async function announce(deps: AppDeps, id: string, action: string) {
  await deps.bus.publish({ topic: BOUNTY_TOPIC, data: { id, action } }).catch((err) => {
    deps.log.warn({ err }, 'realtime publish failed'); // the change itself is committed
  });
}

/** The admin approves, rejects or resets a request, from any other status (review/decide.ts does the rest). */
export const requestDecision: DecisionFlow<Row, { action: Action; note: string | null }, Row> = {
  subject: 'bounty_application',
  lock: async (tx, id) =>
    (await tx.select().from(bountyApplications).where(eq(bountyApplications.id, id)).for('update'))[0],
  ownerOf: (a) => a.userId,
  check: (a, { action }) => {
    if (a.status === ACTIONS[action]) throw new ApiError(409, 'ALREADY_IN_STATE', MSG.bounty.alreadyInState);
  },
  async apply(tx, a, { action, note: given }, at) {
    const target = ACTIONS[action];
    const note = action === 'reset' ? null : given;
    // Leaving "approved" unpublishes the bounty, unless people have applied to it.
    if (a.status === 'approved') {
      const [b] = await tx
        .select({ id: bounties.id })
        .from(bounties)
        .where(eq(bounties.requestId, a.id))
        .for('update');
      if (b) {
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(bountyApplicants)
          .where(eq(bountyApplicants.bountyId, b.id));
        if (n > 0) throw new ApiError(409, 'HAS_APPLICANTS', MSG.bounty.resetBlocked);
        await tx.delete(bounties).where(eq(bounties.id, b.id));
      }
    }
    if (target === 'approved') {
      await tx.insert(bounties).values({
        requestId: a.id,
        requesterId: a.userId,
        title: a.title,
        description: a.description,
        reward: a.reward,
        deadline: a.deadline,
        images: a.images,
        criteria: a.criteria,
        createdAt: at,
      });
    }
    const [updated] = await tx
      .update(bountyApplications)
      .set({ status: target, adminMessage: note, reviewedAt: action === 'reset' ? null : at })
      .where(eq(bountyApplications.id, a.id))
      .returning();
    return {
      result: updated!,
      record: { action: target, note },
      // A reset is no news to the requester: nothing was decided for them.
      notice:
        action === 'reset'
          ? null
          : {
              what: `bounty request "${a.title}"`,
              approved: action === 'approve',
              note,
              extra: action === 'approve' ? 'It is now live on the bounty board.' : undefined,
              path: action === 'approve' ? '/bounties' : '/application/bounty-application',
              label: action === 'approve' ? 'See the bounty board' : 'Open your requests',
            },
    };
  },
};
