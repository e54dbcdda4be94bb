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

/** Active at `asOf`: no deadline, or one still ahead. */
const activeAt = (asOf: SQL) => or(isNull(bounties.deadline), sql`${bounties.deadline} > ${asOf}`);

/** Rows of one half after `key` (when the walk is inside that half). */
function afterIn(part: Part, key: Key | null): SQL | undefined {
  if (!key || key[0] !== part) return undefined;
  const [, , deadline, id] = key;
  if (part === 'e')
    return keysetAfter('desc', [bounties.deadline, bounties.id], [instantParam(deadline!), id]);
  // Active half: deadline ascending, the open-ended (null) ones last.
  if (deadline === null) return and(isNull(bounties.deadline), sql`${bounties.id} > ${id}`);
  return or(
    keysetAfter('asc', [bounties.deadline, bounties.id], [instantParam(deadline), id]),
    isNull(bounties.deadline),
  );
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
  const rows: Array<Awaited<ReturnType<typeof readPart>>[number] & { part: Part }> = [];
  async function readPart(part: Part, n: number) {
    return db
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
      .leftJoin(user, eq(user.id, bounties.requesterId))
      .where(and(common, part === 'a' ? activeAt(asOf) : lte(bounties.deadline, asOf), afterIn(part, key)))
      .orderBy(
        ...(part === 'a'
          ? [sql`${bounties.deadline} asc nulls last`, asc(bounties.id)]
          : [desc(bounties.deadline), desc(bounties.id)]),
      )
      .limit(n);
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

/** Whether a board query's first page is the same for every viewer but their 'applied' marks. */
export function isSharedFirstPage(q: BoardQuery & { limitGiven: boolean }): boolean {
  return (
    !q.cursor &&
    !q.limitGiven &&
    !q.q?.trim() &&
    !q.from &&
    !q.to &&
    (q.filter === 'all' || q.filter === 'active')
  );
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
  const shared = await cache.get(
    'bounties',
    query.filter,
    async () => {
      const value = await boardPage(db, me, now(), query, false);
      const soonest = value.bounties[0]?.deadline;
      const until = soonest && Date.parse(soonest) > now().getTime() ? Date.parse(soonest) : undefined;
      return { value: { ...value, token: crypto.randomUUID() }, until };
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
  return {
    bounties: shared.bounties.map((b) => (mine.has(b.id) ? { ...b, applied: true } : b)),
    nextCursor: shared.nextCursor,
  };
}
