/** Contribution reads: the API's view of a row, today's count, the hub's queue facts, history pages. */
import { and, count, desc, eq, gte, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { contributions } from '@/db/schema';
import { ApiError } from '@/server/lib/errors';
import { afterTimeKey, decodeCursor, exactInstant, pageOf, timeKeySchema } from '@/server/lib/paging';
import { containsPattern } from '@/server/lib/search';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import type { Contribution } from '@/shared/schemas/contributions';
import { ownerEnabled, ownerEnabledIn } from '../users/owner-enabled';

export type Row = typeof contributions.$inferSelect;

export const view = (c: Row): Contribution => ({
  id: c.id,
  uid: c.userId,
  title: c.title,
  type: c.type,
  contributor: c.contributor,
  link: c.link,
  fileUrl: c.fileUrl,
  status: c.status as Contribution['status'],
  reason: c.reason,
  rewardPoints: c.rewardPoints,
  changesNote: c.changesNote,
  resubmittedAt: c.resubmittedAt?.toISOString() ?? null,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
  reviewedAt: c.reviewedAt?.toISOString() ?? null,
});

/**
 * The review queue: pending contributions, of one type, whose title or contributor contains
 * `q` (screen and export). For a reviewer (`reviewer`: their id), without their own items and
 * their invitees', which they may not decide (review.ts reviewerRule).
 */
export function queueWhere(f: {
  type?: string | undefined;
  q?: string | undefined;
  reviewer?: string | undefined;
  /** For a count over the whole queue: the disabled owners as one hashed set (owner-enabled.ts). */
  counting?: boolean;
}): SQL | undefined {
  const term = containsPattern(f.q);
  return and(
    eq(contributions.status, 'pending'),
    // A disabled owner's items leave the queue until the account is enabled (issue 18).
    f.counting ? ownerEnabledIn(contributions.userId) : ownerEnabled(contributions.userId),
    f.reviewer
      ? sql`${contributions.userId} <> ${f.reviewer} and not exists (select 1 from "user" o where o.id = ${contributions.userId} and o.referred_by = ${f.reviewer})`
      : undefined,
    f.type ? eq(contributions.type, f.type) : undefined,
    term ? or(ilike(contributions.title, term), ilike(contributions.contributor, term)) : undefined,
  );
}

/** How many contributions the user has sent since `dayStart` (the daily limit counts these). */
export const countSince = (db: DbExecutor, userId: string, dayStart: Date) =>
  db
    .select({ n: count() })
    .from(contributions)
    .where(and(eq(contributions.userId, userId), gte(contributions.createdAt, dayStart)))
    .then((r) => r[0]?.n ?? 0);

/** Each link is contributed once: the 409 when another contribution has it. */
export const duplicateLink = () => new ApiError(409, 'DUPLICATE_LINK', MSG.contribution.duplicate);

/**
 * Refuses a link (its linkKey) that a contribution other than `except` already has. Two
 * writers racing with one link both pass this; the unique index lets one in, and the
 * other's isUniqueViolation answers duplicateLink too.
 */
export async function refuseIfLinkTaken(db: DbExecutor, key: string, except?: string): Promise<void> {
  const [dup] = await db
    .select({ id: contributions.id })
    .from(contributions)
    .where(
      and(eq(contributions.linkKey, key), except === undefined ? undefined : ne(contributions.id, except)),
    )
    .limit(1);
  if (dup) throw duplicateLink();
}

/** Whether an error (or one it wraps) is a unique-index violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** How long the last 50 reviews took (median, hours): what "pending" usually means. */
export async function typicalReviewHours(db: DbExecutor): Promise<number | null> {
  const [review] = await db
    .select({
      hours: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from (${contributions.reviewedAt} - ${contributions.createdAt})) / 3600)`.mapWith(
        (v) => (v === null ? null : Math.round(Number(v) * 10) / 10),
      ),
    })
    .from(
      db
        .select({ reviewedAt: contributions.reviewedAt, createdAt: contributions.createdAt })
        .from(contributions)
        // Decided ones: a contribution sent back for changes has no review time yet.
        .where(inArray(contributions.status, ['approved', 'rejected']))
        .orderBy(desc(contributions.reviewedAt))
        .limit(50)
        .as('contributions'),
    );
  return review?.hours ?? null;
}

/**
 * Each pending contribution's place in the review queue (1 = next), counted exactly up to
 * `LIMITS.queuePlaceExact` items ahead; `deep` marks a place further back than that, whose
 * `place` is then that limit + 1 (the client says "more than 1,000 ahead").
 */
export type QueuePlace = { place: number; deep: boolean };

export async function queuePositions(db: DbExecutor, pending: Row[]): Promise<Map<string, QueuePlace>> {
  const positions = new Map<string, QueuePlace>();
  if (pending.length === 0) return positions;
  // The items ahead of the member's oldest pending one are counted once (every other place is
  // that count plus the items between), not once per item, and each count stops at the cap: a
  // count costs one index entry per item it passes, so five items at the end of a 100,000-item
  // queue cost at most 1,000 entries each, not 100,000. The disabled owners are one hashed set
  // (owner-enabled.ts), and the pending index carries the owner (migration 0028), so the walk
  // reads no row. Written with qualified names: drizzle prints the columns of a select list's
  // sql unqualified, so a subquery's "created_at" once meant its own row (issue 20).
  const cap = LIMITS.queuePlaceExact;
  const waiting = sql`a.status = 'pending' and ${ownerEnabledIn(sql`a.user_id`)}`;
  const ids = sql.join(
    pending.map((p) => sql`${p.id}`),
    sql`, `,
  );
  const res = await db.execute(sql`
    with mine as (select id, created_at from ${contributions} where id in (${ids})),
    head as (select created_at, id from mine order by created_at, id limit 1),
    before_head as (
      select count(*)::int as n from (
        select 1 from ${contributions} a, head
          where ${waiting} and (a.created_at, a.id) < (head.created_at, head.id)
          limit ${cap}) x)
    select m.id,
      (before_head.n + (select count(*) from (
        select 1 from ${contributions} a, head
          where ${waiting} and (a.created_at, a.id) >= (head.created_at, head.id)
            and (a.created_at, a.id) < (m.created_at, m.id)
          limit ${cap}) y))::int as ahead
    from mine m, before_head`);
  const { rows } = res as unknown as { rows: Array<{ id: string; ahead: number }> };
  for (const r of rows) {
    const ahead = Number(r.ahead);
    positions.set(r.id, ahead >= cap ? { place: cap + 1, deep: true } : { place: ahead + 1, deep: false });
  }
  return positions;
}

/** One keyset page of a user's contributions matching `which`, newest first (server/lib/paging.ts). */
export async function userContributionsPage(
  db: DbExecutor,
  userId: string,
  cursor: string | undefined,
  which: SQL,
  size: number,
) {
  const after = decodeCursor(cursor, timeKeySchema);
  const rows = await db
    .select({ row: contributions, key: exactInstant(contributions.createdAt) })
    .from(contributions)
    .where(
      and(
        eq(contributions.userId, userId),
        which,
        afterTimeKey('desc', contributions.createdAt, contributions.id, after),
      ),
    )
    .orderBy(desc(contributions.createdAt), desc(contributions.id))
    .limit(size + 1);
  const { items, nextCursor } = pageOf(rows, size, (r) => [r.key, r.row.id]);
  return { items: items.map((r) => r.row), nextCursor };
}

/** One keyset page of the user's reviewed contributions, newest first. */
export async function historyPage(db: DbExecutor, userId: string, cursor: string | undefined) {
  const page = await userContributionsPage(
    db,
    userId,
    cursor,
    ne(contributions.status, 'pending'),
    LIMITS.pastContributionsPage,
  );
  return { items: page.items.map(view), nextCursor: page.nextCursor };
}
