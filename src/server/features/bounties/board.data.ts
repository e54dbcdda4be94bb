/**
 * The bounty board's order and pages: the one home for the order of bounties
 * (issue 20: active ones first, soonest deadline first, open-ended ones after
 * them; expired ones last, the most recently expired first).
 *
 * Whether a bounty is active depends on the time, so the first page fixes it
 * (`asOf`) and every later page of the same walk uses that instant: a bounty whose
 * deadline passes while someone pages stays where it was, and is shown once.
 * Each half is one index range scan on bounties(deadline, id).
 */
import { z } from '@hono/zod-openapi';
import { and, asc, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { bounties, bountyApplicants, user } from '@/db/schema';
import { profileShown } from '@/server/features/profile/shown';
import { ownerEnabled } from '@/server/features/users/owner-enabled';
import type { ListCache } from '@/server/lib/list-cache';
import {
  badCursor,
  type CursorValue,
  cursorId,
  cursorInstant,
  decodeCursor,
  exactInstant,
  instantParam,
  keysetAfter,
  pageOf,
} from '@/server/lib/paging';
import { containsPattern } from '@/server/lib/search';
import type { BOUNTY_FILTERS, Bounty } from '@/shared/schemas/bounties';
import { winnersOf } from './winners';

type Part = 'a' | 'e';
const cursorSchema = z.tuple([z.enum(['a', 'e']), cursorInstant, cursorInstant.nullable(), cursorId]);
type Key = z.infer<typeof cursorSchema>;

export type BoardQuery = {
  filter: (typeof BOUNTY_FILTERS)[number];
  q?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit: number;
};

type Range = { where: SQL | undefined; order: SQL[] };

/**
 * The index ranges a half is read in, in order, each after `key` when the walk is inside
 * it. The active half is two ranges: the dated bounties still ahead of `asOf` (deadline
 * ascending), then the open-ended ones (by id). One walk under `deadline > asOf or
 * deadline is null` is no index range: it started at the oldest expired bounty and read
 * past every one of them (10,000 rows at 20,000 bounties) before the first active one.
 */
function rangesOf(part: Part, asOf: SQL, key: Key | null): Range[] {
  const inPart = key && key[0] === part ? key : null;
  if (part === 'e')
    return [
      {
        where: and(
          lte(bounties.deadline, asOf),
          inPart
            ? keysetAfter('desc', [bounties.deadline, bounties.id], [instantParam(inPart[2]!), inPart[3]])
            : undefined,
        ),
        order: [desc(bounties.deadline), desc(bounties.id)],
      },
    ];
  const openEnded: Range = {
    where: and(
      isNull(bounties.deadline),
      inPart?.[2] === null ? sql`${bounties.id} > ${inPart[3]}` : undefined,
    ),
    order: [asc(bounties.id)],
  };
  if (inPart?.[2] === null) return [openEnded];
  const dated: Range = {
    where: and(
      sql`${bounties.deadline} > ${asOf}`,
      inPart
        ? keysetAfter('asc', [bounties.deadline, bounties.id], [instantParam(inPart[2]!), inPart[3]])
        : undefined,
    ),
    order: [asc(bounties.deadline), asc(bounties.id)],
  };
  return [dated, openEnded];
}

/**
 * One page of the board. `withApplied: false` leaves every `applied` false: the
 * page is then the same for everyone, and cachedBoardPage marks the viewer's own.
 */
export async function boardPage(
  db: DbExecutor,
  me: { id: string },
  now: Date,
  query: BoardQuery,
  withApplied = true,
) {
  const key = decodeCursor(query.cursor, cursorSchema);
  const asOfIso = key?.[1] ?? now.toISOString();
  const asOf = instantParam(asOfIso);
  const applied = sql<boolean>`exists (select 1 from ${bountyApplicants} ba where ba.bounty_id = ${bounties.id} and ba.user_id = ${me.id})`;
  const term = containsPattern(query.q);
  const common = and(
    // A disabled requester's bounties leave the board until they are enabled (issue 18).
    ownerEnabled(bounties.requesterId),
    query.filter === 'applied' ? applied : undefined,
    term ? or(sql`${bounties.title} ilike ${term}`, sql`${bounties.reward} ilike ${term}`) : undefined,
    query.from ? sql`${bounties.deadline} >= ${new Date(query.from)}` : undefined,
    query.to ? sql`${bounties.deadline} <= ${new Date(query.to)}` : undefined,
  );
  const parts: Part[] = query.filter === 'active' ? ['a'] : query.filter === 'expired' ? ['e'] : ['a', 'e'];
  const from = key ? parts.indexOf(key[0]) : 0;
  // A cursor of another filter's walk names a half this filter does not read.
  if (from < 0) throw badCursor();
  async function readRange(range: Range, n: number) {
    const rows = db
      .select({
        bounty: bounties,
        requesterName: user.name,
        requesterProfile: profileShown(),
        deadlineKey: exactInstant(bounties.deadline),
        applicants:
          sql<number>`(select count(*) from ${bountyApplicants} ba where ba.bounty_id = ${bounties.id})`.mapWith(
            Number,
          ),
        applied: (withApplied ? applied : sql<boolean>`false`).mapWith(Boolean),
      })
      .from(bounties)
      .leftJoin(user, eq(user.id, bounties.requesterId));
    if (!term)
      return rows
        .where(and(common, range.where))
        .orderBy(...range.order)
        .limit(n);
    // A search keeps few of the rows it walks: it walks the order's index alone (title, reward
    // and requester ride in it, migration 0035) and reads from the table only the page it found.
    const found = db
      .select({ id: bounties.id })
      .from(bounties)
      .where(and(common, range.where))
      .orderBy(...range.order)
      .limit(n);
    return rows.where(inArray(bounties.id, found)).orderBy(...range.order);
  }
  const rows: Array<Awaited<ReturnType<typeof readRange>>[number] & { part: Part }> = [];
  async function readPart(part: Part, n: number) {
    const out: Awaited<ReturnType<typeof readRange>> = [];
    for (const range of rangesOf(part, asOf, key)) {
      if (out.length >= n) break;
      out.push(...(await readRange(range, n - out.length)));
    }
    return out;
  }
  for (let i = from; i < parts.length && rows.length <= query.limit; i++) {
    const part = parts[i]!;
    for (const r of await readPart(part, query.limit + 1 - rows.length)) rows.push({ ...r, part });
  }
  const page = pageOf(rows, query.limit, (r): CursorValue[] => [r.part, asOfIso, r.deadlineKey, r.bounty.id]);
  // The podiums of the announced ones (issue 19): one more statement, only when there are some.
  const announced = page.items.filter((r) => r.bounty.winnersAnnouncedAt).map((r) => r.bounty.id);
  const podiums = await winnersOf(db, announced);
  return {
    bounties: page.items.map(
      (r): Bounty => ({
        id: r.bounty.id,
        title: r.bounty.title,
        description: r.bounty.description,
        reward: r.bounty.reward,
        deadline: r.bounty.deadline?.toISOString() ?? null,
        images: r.bounty.images,
        criteria: r.bounty.criteria,
        requesterId: r.bounty.requesterId,
        requesterName: r.requesterName,
        requesterProfile: r.requesterProfile === true,
        createdAt: r.bounty.createdAt.toISOString(),
        applicants: r.applicants,
        applied: r.applied,
        winnersAnnouncedAt: r.bounty.winnersAnnouncedAt?.toISOString() ?? null,
        winners: podiums.get(r.bounty.id) ?? [],
      }),
    ),
    nextCursor: page.nextCursor,
  };
}

/**
 * Whether a board query's first page is the same for every viewer but their 'applied' marks: the
 * default page of 'all' or 'active', with or without a search (each term its own entry).
 */
export function isSharedFirstPage(q: BoardQuery & { limitGiven: boolean }): boolean {
  return !q.cursor && !q.limitGiven && !q.from && !q.to && (q.filter === 'all' || q.filter === 'active');
}

type Page = Awaited<ReturnType<typeof boardPage>>;

/**
 * The first page of 'all' or 'active' from the list cache (list-cache.ts): kept while
 * no bounty or application changes and until the soonest deadline on it passes
 * (it would move to the expired end). The viewer's 'applied' marks on it are kept
 * per viewer on the same terms.
 */
export async function cachedBoardPage(
  db: DbExecutor,
  cache: ListCache,
  me: { id: string },
  now: () => Date,
  query: BoardQuery,
): Promise<Page> {
  const version = await cache.version('bounties');
  const term = query.q?.trim();
  const shared = await cache.get(
    'bounties',
    term ? `${query.filter}:q:${term}` : query.filter,
    async () => {
      const value = await boardPage(db, me, now(), query, false);
      const soonest = value.bounties[0]?.deadline;
      const until = soonest && Date.parse(soonest) > now().getTime() ? Date.parse(soonest) : undefined;
      // `page` is what a viewer who applied to none of them is sent (the same object each time: lib/kept-json.ts).
      return { value: { ...value, token: crypto.randomUUID(), page: value }, until };
    },
    version,
  );
  const ids = shared.bounties.map((b) => b.id);
  const mine = await cache.get(
    'bounties',
    `applied:${shared.token}:${me.id}`,
    async () => {
      if (ids.length === 0) return { value: new Set<string>() };
      const rows = await db
        .select({ id: bountyApplicants.bountyId })
        .from(bountyApplicants)
        .where(and(eq(bountyApplicants.userId, me.id), inArray(bountyApplicants.bountyId, ids)));
      return { value: new Set(rows.map((r) => r.id)) };
    },
    version,
  );
  if (mine.size === 0) return shared.page;
  return {
    bounties: shared.bounties.map((b) => (mine.has(b.id) ? { ...b, applied: true } : b)),
    nextCursor: shared.nextCursor,
  };
}
