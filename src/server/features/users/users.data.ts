/**
 * The admin's reads of users (issue 18): the console's list (prefix search, filters,
 * keyset pages by join date or by XP, each served by an index of the user table) and
 * one user's page.
 */

import { and, count, desc, eq, gt, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbExecutor } from '@/db/client';
import {
  bountyApplicants,
  bountyApplications,
  contributions,
  grants,
  pointEvents,
  projectApplications,
  session,
  user,
} from '@/db/schema';
import { isRevertible } from '@/server/features/xp/revert';
import { isAdminUser } from '@/server/lib/access';
import { displayNameKey } from '@/server/lib/display-name';
import { ApiError, notFound } from '@/server/lib/errors';
import { describeUserAgent, deviceLabel } from '@/server/lib/user-agent';
import { MSG } from '@/shared/messages';
import {
  USERS_PAGE_SIZE,
  type UserDetail,
  type UsersPage,
  type usersQuerySchema,
} from '@/shared/schemas/users-admin';

type Query = z.output<typeof usersQuerySchema>;

/** `%` and `_` are literal in a searched prefix. */
const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const badCursor = () => new ApiError(400, 'BAD_CURSOR', MSG.common.invalidInput);

/** A timestamp as PostgreSQL prints it: microseconds kept, so a cursor is exact. */
const tsText = (col: typeof user.createdAt) => sql<string>`${col}::text`;

/**
 * The ways a search matches a user, each alone: an e-mail prefix (never with a space: an
 * address has none, sign-up holds it to z.email()), a folded display-name prefix.
 */
function searchMatches(text: string): SQL[] {
  const key = displayNameKey(text);
  const matches = [
    ...(/\s/.test(text) ? [] : [sql`lower(${user.email}) like ${likePrefix(text.toLowerCase())}`]),
    ...(key ? [sql`${user.username} like ${likePrefix(key)}`] : []),
  ];
  return matches.length ? matches : [sql`false`];
}

/**
 * The console's filters other than the search. `role: 'admin'` is the admin's account
 * (isAdminUser: its e-mail, verified), found by the e-mail index (lower(email), 0013).
 */
function facetsWhere(
  q: Pick<Query, 'role' | 'status' | 'verified' | 'disabled' | 'reviewer'>,
  adminEmail: string,
): SQL[] {
  const where: SQL[] = [];
  if (q.role === 'admin')
    where.push(sql`lower(${user.email}) = ${adminEmail.toLowerCase()}`, eq(user.emailVerified, true));
  else if (q.role) where.push(eq(user.role, q.role));
  if (q.status) where.push(eq(user.status, q.status));
  if (q.reviewer)
    where.push(q.reviewer === 'yes' ? isNotNull(user.reviewerMaxPoints) : isNull(user.reviewerMaxPoints));
  if (q.verified) where.push(eq(user.emailVerified, q.verified === 'yes'));
  if (q.disabled) where.push(q.disabled === 'yes' ? isNotNull(user.disabledAt) : isNull(user.disabledAt));
  return where;
}

/** The users console's filters: the screen (listUsers) and its CSV export (features/exports) read with it. */
export function usersFilterWhere(
  q: Pick<Query, 'q' | 'role' | 'status' | 'verified' | 'disabled' | 'reviewer'>,
  adminEmail: string,
): (SQL | undefined)[] {
  return [...(q.q ? [or(...searchMatches(q.q))] : []), ...facetsWhere(q, adminEmail)];
}

type ConsoleUserRow = Pick<
  typeof user.$inferSelect,
  | 'id'
  | 'name'
  | 'email'
  | 'role'
  | 'emailVerified'
  | 'disabledAt'
  | 'reviewerMaxPoints'
  | 'pointBalance'
  | 'createdAt'
>;

/** A user as the console lists them; the detail adds to it. */
function consoleUser(u: ConsoleUserRow, adminEmail: string) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    isAdmin: isAdminUser(u, adminEmail),
    verified: u.emailVerified,
    disabled: u.disabledAt !== null,
    reviewer: u.reviewerMaxPoints !== null,
    points: u.pointBalance,
    joinedAt: u.createdAt.toISOString(),
  };
}

export async function listUsers(db: DbExecutor, q: Query, adminEmail: string): Promise<UsersPage> {
  const narrow: (SQL | undefined)[] = facetsWhere(q, adminEmail);
  const parts = q.after?.split('|');
  if (q.sort === 'xp') {
    if (parts) {
      const [p, at, id] = parts;
      if (!id || !at || !/^\d{1,10}$/.test(p ?? '')) throw badCursor();
      // Leaderboard order (user_leaderboard_idx): points high→low, then who got there first.
      // `points <= p` is the index's range bound, so a deep page starts where the cursor is;
      // the OR alone is only a filter, and PostgreSQL walked every row above it (2.2 s at
      // 900,000 rows in, bench/users-search.ts).
      narrow.push(
        lte(user.pointBalance, Number(p)),
        or(
          lt(user.pointBalance, Number(p)),
          sql`(${user.scoreReachedAt}, ${user.id}) > (${at}::timestamptz, ${id})`,
        ),
      );
    }
  } else if (parts) {
    const [at, id] = parts;
    if (!id || !at || Number.isNaN(Date.parse(at))) throw badCursor();
    narrow.push(sql`(${user.createdAt}, ${user.id}) < (${at}::timestamptz, ${id})`);
  }
  const order =
    q.sort === 'xp'
      ? [desc(user.pointBalance), user.scoreReachedAt, user.id]
      : [desc(user.createdAt), desc(user.id)];
  // A search: each way it matches is its own walk in the page's order, over an index that
  // carries the name key, e-mail and role (migration 0026), so a walk reads no table rows;
  // the page is the first of the walks' ids together, its rows read by id. One walk with
  // both matches ORed read every passed row from the table (7 ms for "Farah Mer" at 1 M).
  /** The ids one way of matching yields for this page: a walk of the page's order. */
  const walk = (match: SQL) =>
    sql`array(${db
      .select({ id: user.id })
      .from(user)
      .where(and(match, ...narrow))
      .orderBy(...order)
      .limit(USERS_PAGE_SIZE + 1)})`;
  const where = q.q ? [sql`${user.id} = any(${sql.join(searchMatches(q.q).map(walk), sql` || `)})`] : narrow;
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerified,
      disabledAt: user.disabledAt,
      reviewerMaxPoints: user.reviewerMaxPoints,
      pointBalance: user.pointBalance,
      createdAt: user.createdAt,
      joinedText: tsText(user.createdAt),
      reachedText: tsText(user.scoreReachedAt),
    })
    .from(user)
    .where(and(...where))
    .orderBy(...order)
    .limit(USERS_PAGE_SIZE + 1);
  const page = rows.slice(0, USERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    users: page.map((u) => consoleUser(u, adminEmail)),
    nextCursor:
      rows.length > USERS_PAGE_SIZE && last
        ? q.sort === 'xp'
          ? `${last.pointBalance}|${last.reachedText}|${last.id}`
          : `${last.joinedText}|${last.id}`
        : null,
  };
}

const RECENT = 5;

/** A member's name and e-mail, as the served /admin/users/:id draws them before the app runs. */
export async function userHeading(
  db: DbExecutor,
  id: string,
): Promise<{ name: string; email: string } | null> {
  const [row] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, id));
  return row ?? null;
}

export async function userDetail(
  db: DbExecutor,
  id: string,
  adminEmail: string,
  now: Date,
): Promise<UserDetail> {
  const [u] = await db.select().from(user).where(eq(user.id, id));
  if (!u) throw notFound();
  const iso = (d: Date) => d.toISOString();
  /** How many of one kind of item the user has, and the latest few. */
  const items = async (k: {
    table: PgTable;
    id: AnyPgColumn;
    owner: AnyPgColumn;
    at: AnyPgColumn;
    title: AnyPgColumn | SQL<string>;
    status: AnyPgColumn | SQL<string>;
  }) => {
    const [n] = await db.select({ n: count() }).from(k.table).where(eq(k.owner, id));
    const recent = await db
      .select({
        id: sql<string>`${k.id}`,
        title: sql<string>`${k.title}`,
        status: sql<string>`${k.status}`,
        ms: sql<number>`extract(epoch from ${k.at}) * 1000`.mapWith(Number),
      })
      .from(k.table)
      .where(eq(k.owner, id))
      .orderBy(desc(k.at))
      .limit(RECENT);
    return {
      count: n?.n ?? 0,
      recent: recent.map(({ ms, ...r }) => ({ ...r, at: new Date(ms).toISOString() })),
    };
  };
  const c = contributions;
  const pa = projectApplications;
  const g = grants;
  const b = bountyApplications;
  const ba = bountyApplicants;
  const [ledger, contribs, apps, grantList, bountyApps, applied, referrer, referredN, referred, sessions] =
    await Promise.all([
      db
        .select({
          e: pointEvents,
          // Qualified by hand: drizzle prints a select list's columns unqualified (see queuePositions).
          reverted: sql<boolean>`exists (select 1 from point_events r where r.idempotency_key = 'revert:' || point_events.idempotency_key)`,
        })
        .from(pointEvents)
        .where(eq(pointEvents.userId, id))
        .orderBy(desc(pointEvents.id))
        .limit(50),
      items({ table: c, id: c.id, owner: c.userId, at: c.createdAt, title: c.title, status: c.status }),
      items({
        table: pa,
        id: pa.id,
        owner: pa.ownerId,
        at: pa.submittedAt,
        title: pa.name,
        status: pa.status,
      }),
      items({
        table: g,
        id: g.id,
        owner: g.applicantId,
        at: g.submittedAt,
        title: sql<string>`${g.amount}::text || ' ' || ${g.currency}`,
        status: g.status,
      }),
      items({ table: b, id: b.id, owner: b.userId, at: b.createdAt, title: b.title, status: b.status }),
      items({
        table: ba,
        id: ba.bountyId,
        owner: ba.userId,
        at: ba.createdAt,
        title: sql<string>`(select bounties.title from bounties where bounties.id = ${ba.bountyId})`,
        status: sql<string>`'applied'`,
      }),
      u.referredBy
        ? db.select({ id: user.id, name: user.name }).from(user).where(eq(user.id, u.referredBy))
        : Promise.resolve([]),
      db.select({ n: count() }).from(user).where(eq(user.referredBy, id)),
      db
        .select({ id: user.id, name: user.name })
        .from(user)
        .where(eq(user.referredBy, id))
        .orderBy(desc(user.createdAt))
        .limit(20),
      db
        .select()
        .from(session)
        .where(and(eq(session.userId, id), gt(session.expiresAt, now)))
        .orderBy(desc(session.lastSeenAt)),
    ]);
  return {
    user: {
      ...consoleUser(u, adminEmail),
      status: u.status,
      disabledAt: u.disabledAt ? iso(u.disabledAt) : null,
      disabledReason: u.disabledReason,
      bio: u.bio,
      twitterHandle: u.twitterHandle,
      githubHandle: u.githubHandle,
      personalWebsite: u.personalWebsite,
      reviewerMaxPoints: u.reviewerMaxPoints,
    },
    ledger: ledger.map(({ e, reverted }) => ({
      id: String(e.id),
      delta: e.delta,
      balanceAfter: e.balanceAfter,
      reason: e.reason,
      at: iso(e.createdAt),
      revertible: isRevertible(e),
      reverted: Boolean(reverted),
    })),
    contributions: contribs,
    projectApplications: apps,
    grants: grantList,
    bountyApplications: bountyApps,
    bountiesApplied: applied,
    referrer: referrer[0] ?? null,
    referred: { count: referredN[0]?.n ?? 0, recent: referred },
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      ipAddress: s.ipAddress,
      device: deviceLabel(describeUserAgent(s.userAgent)),
      userAgent: s.userAgent,
    })),
  };
}
