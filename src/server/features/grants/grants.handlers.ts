/** Grant handlers: thin over grants.data.ts and the decision transaction (review/decide.ts). */
import { and, eq } from 'drizzle-orm';
import { grants, projects } from '@/db/schema';
import { decideWithNote } from '@/server/features/review/routes';
import { currentUser } from '@/server/lib/access';
import { ApiError, notFound } from '@/server/lib/errors';
import type { AppRouteHandler } from '@/server/lib/openapi';
import { pageLimit } from '@/server/lib/paging';
import { MSG } from '@/shared/messages';
import { decisionMessageBody } from '@/shared/schemas/review';
import {
  adminGrantCounts,
  adminGrantsWhere,
  explorePage,
  findGrant,
  grantDecision,
  grantHistory,
  grantPage,
  grantsVisibleTo,
} from './grants.data';
import type {
  adminListRoute,
  applyRoute,
  decideRoute,
  editRoute,
  GrantAction,
  getRoute,
  listRoute,
} from './grants.routes';

export const list: AppRouteHandler<typeof listRoute> = async (c) => {
  const me = currentUser(c);
  const { scope, cursor, limit } = c.req.valid('query');
  const { handle } = c.get('deps');
  if (scope === 'explore' && !c.get('isAdmin')) {
    const page = await explorePage(handle, me, {
      cursor,
      limit: pageLimit(limit),
      firstPageCached: limit === undefined,
    });
    return c.json(page, 200);
  }
  const where = scope === 'mine' ? eq(grants.applicantId, me.id) : grantsVisibleTo(me, true);
  const page = await grantPage(handle.db, me, { where, order: 'newest', cursor, limit: pageLimit(limit) });
  return c.json(page, 200);
};

export const get: AppRouteHandler<typeof getRoute> = async (c) => {
  const me = currentUser(c);
  const { id } = c.req.valid('param');
  const db = c.get('deps').handle.db;
  const g = await findGrant(db, me, and(eq(grants.id, id), grantsVisibleTo(me, c.get('isAdmin'))));
  if (!g) throw notFound();
  return c.json({ grant: { ...g, history: await grantHistory(db, g) } }, 200);
};

export const apply: AppRouteHandler<typeof applyRoute> = async (c) => {
  const me = currentUser(c);
  const input = c.req.valid('json');
  const { handle, now } = c.get('deps');
  const created = await handle.db.transaction(async (tx) => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, input.projectId)).for('update');
    if (!project || project.ownerId !== me.id)
      throw new ApiError(403, 'NOT_YOUR_PROJECT', MSG.grant.notYourProject);
    const [pending] = await tx
      .select({ id: grants.id })
      .from(grants)
      .where(and(eq(grants.projectId, project.id), eq(grants.status, 'pending')));
    if (pending) throw new ApiError(409, 'PENDING_EXISTS', MSG.grant.onePending);
    const [g] = await tx
      .insert(grants)
      .values({
        projectId: project.id,
        applicantId: me.id,
        amount: input.amount.toFixed(2),
        currency: input.currency.toUpperCase(),
        proposal: input.proposal,
        submittedAt: now(),
        updatedAt: now(),
      })
      .returning();
    return g!;
  });
  const g = await findGrant(handle.db, me, eq(grants.id, created.id));
  return c.json({ grant: g! }, 201);
};

export const edit: AppRouteHandler<typeof editRoute> = async (c) => {
  const me = currentUser(c);
  const { id } = c.req.valid('param');
  const patch = c.req.valid('json');
  const { handle, now } = c.get('deps');
  await handle.db.transaction(async (tx) => {
    const [g] = await tx
      .select()
      .from(grants)
      .where(and(eq(grants.id, id), grantsVisibleTo(me, c.get('isAdmin'))))
      .for('update');
    if (!g) throw notFound();
    if (g.applicantId !== me.id) throw new ApiError(403, 'NOT_YOURS', MSG.grant.notYours);
    if (g.status !== 'pending') throw new ApiError(409, 'FROZEN', MSG.grant.frozen);
    await tx
      .update(grants)
      .set({
        ...(patch.amount !== undefined ? { amount: patch.amount.toFixed(2) } : {}),
        ...(patch.currency ? { currency: patch.currency.toUpperCase() } : {}),
        ...(patch.proposal ? { proposal: patch.proposal } : {}),
        updatedAt: now(),
      })
      .where(eq(grants.id, id));
  });
  const g = await findGrant(handle.db, me, eq(grants.id, id));
  return c.json({ grant: g! }, 200);
};

export const adminList: AppRouteHandler<typeof adminListRoute> = async (c) => {
  const { status, cursor, limit } = c.req.valid('query');
  const db = c.get('deps').handle.db;
  const [page, counts] = await Promise.all([
    grantPage(db, currentUser(c), {
      where: adminGrantsWhere({ status }),
      order: 'oldest',
      cursor,
      limit: pageLimit(limit),
    }),
    adminGrantCounts(c.get('deps').handle),
  ]);
  return c.json({ ...page, counts }, 200);
};

export const decideGrant =
  (action: GrantAction): AppRouteHandler<ReturnType<typeof decideRoute>> =>
  async (c) => {
    const { id } = c.req.valid('param');
    await decideWithNote(c, grantDecision, action, { schema: decisionMessageBody, key: 'message' });
    const g = await findGrant(c.get('deps').handle.db, currentUser(c), eq(grants.id, id));
    return c.json({ grant: g! }, 200);
  };
