/**
 * The bounty board (spec §2 Bounties page): published bounties, applying (one
 * application per user per bounty, a database constraint), and who applied
 * (visible to the bounty's requester and the admin).
 */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { bounties, bountyApplicants, user } from '@/db/schema';
import type { AppBindings } from '@/server/context';
import { currentUser } from '@/server/lib/access';
import { ApiError, notFound } from '@/server/lib/errors';
import { keptJson } from '@/server/lib/kept-json';
import { listCache } from '@/server/lib/list-cache';
import { idParam, okSchema } from '@/server/lib/openapi';
import { pageLimit, pageParams } from '@/server/lib/paging';
import { routes } from '@/server/lib/route';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { isPastDeadline } from '@/shared/rules/bounty';
import { inIsoYears } from '@/shared/rules/time-zone';
import { BOUNTY_FILTERS, bountyApplySchema, bountyListSchema } from '@/shared/schemas/bounties';
import { boardPage, cachedBoardPage, isSharedFirstPage } from './board.data';

/** A deadline-range bound, in the years every part of the stack writes alike (inIsoYears). */
const deadlineBound = z.iso
  .datetime({ offset: true })
  .refine((v) => inIsoYears(new Date(v)), MSG.common.invalidInput);

const listRoute = routes.bounties('get', '/bounties', {
  summary:
    'Bounties, one keyset page at a time: active ones first by soonest deadline, expired ones last; filter all | active | expired | applied; q searches title and reward; deadline range',
  access: 'verified',
  query: z.object({
    filter: z.enum(BOUNTY_FILTERS).default('all'),
    q: z.string().max(LIMITS.searchChars).optional(),
    from: deadlineBound.optional(),
    to: deadlineBound.optional(),
    ...pageParams,
  }),
  ok: bountyListSchema,
});

const applyRoute = routes.bounties('post', '/bounties/{id}/apply', {
  summary:
    'Apply for a bounty (what you will do, optional link); once per bounty, not after the deadline, never to your own',
  access: 'verified',
  params: idParam,
  body: bountyApplySchema,
  ok: okSchema,
  created: true,
  described: 'Applied',
  errors: [403, 404, 409],
});

const applicantsRoute = routes.bounties('get', '/bounties/{id}/applicants', {
  summary: 'Who applied (the bounty’s requester and the admin only)',
  access: 'verified',
  params: idParam,
  ok: z.object({
    applicants: z.array(
      z.object({
        userId: z.string(),
        displayName: z.string(),
        pitch: z.string(),
        link: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  }),
  errors: [404],
});

export function bountyBoardRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(listRoute, async (c) => {
    const { limit, ...rest } = c.req.valid('query');
    const { handle, now } = c.get('deps');
    const query = { ...rest, limit: pageLimit(limit) };
    const me = currentUser(c);
    if (isSharedFirstPage({ ...query, limitGiven: limit !== undefined })) {
      const cache = listCache(handle, () => now().getTime());
      return keptJson(c, await cachedBoardPage(handle.db, cache, me, now, query));
    }
    return c.json(await boardPage(handle.db, me, now(), query), 200);
  });

  app.openapi(applyRoute, async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const { handle, now, bus } = c.get('deps');
    const [b] = await handle.db.select().from(bounties).where(eq(bounties.id, id));
    if (!b) throw notFound();
    // A requester judging their own entry could name themselves (and pay themselves a prize).
    if (b.requesterId === me.id) throw new ApiError(403, 'OWN_BOUNTY', MSG.winners.ownBounty);
    if (isPastDeadline(b.deadline, now())) throw new ApiError(409, 'EXPIRED', MSG.bounty.applyExpired);
    // The unique (bounty, user) index settles simultaneous clicks: one row, the rest answer 409.
    const inserted = await handle.db
      .insert(bountyApplicants)
      .values({ bountyId: id, userId: me.id, pitch: input.pitch, link: input.link, createdAt: now() })
      .onConflictDoNothing({ target: [bountyApplicants.bountyId, bountyApplicants.userId] })
      .returning({ id: bountyApplicants.id });
    if (inserted.length === 0) throw new ApiError(409, 'ALREADY_APPLIED', MSG.bounty.alreadyApplied);
    await bus.publish({ topic: 'bounties', data: { id, action: 'applied' } }).catch(() => {});
    return c.json({ ok: true as const }, 201);
  });

  app.openapi(applicantsRoute, async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid('param');
    const db = c.get('deps').handle.db;
    const [b] = await db.select().from(bounties).where(eq(bounties.id, id));
    if (!b) throw notFound();
    if (b.requesterId !== me.id && !c.get('isAdmin'))
      throw new ApiError(403, 'FORBIDDEN', MSG.auth.forbidden);
    const rows = await db
      .select({
        userId: bountyApplicants.userId,
        displayName: user.name,
        pitch: bountyApplicants.pitch,
        link: bountyApplicants.link,
        createdAt: bountyApplicants.createdAt,
      })
      .from(bountyApplicants)
      .innerJoin(user, eq(user.id, bountyApplicants.userId))
      // The requester does not see a disabled applicant (issue 18); the admin sees everyone.
      .where(and(eq(bountyApplicants.bountyId, id), c.get('isAdmin') ? undefined : isNull(user.disabledAt)))
      .orderBy(desc(bountyApplicants.createdAt));
    return c.json({ applicants: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) }, 200);
  });
}
