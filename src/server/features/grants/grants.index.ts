/**
 * Grants (spec §2 Grants page, §3 Grant, §4) and resources (§2 Resources page).
 * Who sees what (ADR 0007): approved grants are public to signed-in members;
 * pending and declined proposals only to their applicant and the admin.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, desc, eq, or, type SQL } from 'drizzle-orm';
import { adminDecisions, grants, projects, resources, user } from '../../../db/schema';
import { MSG } from '../../../shared/messages';
import {
  formatAmount,
  GRANT_STATUSES,
  grantApplySchema,
  grantEditSchema,
  grantSchema,
  resourceInputSchema,
  resourceSchema,
} from '../../../shared/schemas/grants';
import type { AppBindings, UserRow } from '../../context';
import { currentUser, requireAccess } from '../../lib/access';
import { ApiError, errorResponses } from '../../lib/errors';
import { decisionMail } from '../../mail/templates';

const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});
const body = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});
const idParam = z.object({ id: z.string().max(64) });

const grantRow = {
  grant: grants,
  projectTitle: projects.title,
  applicantName: user.name,
};
type GrantRow = {
  grant: typeof grants.$inferSelect;
  projectTitle: string | null;
  applicantName: string | null;
};

function view(r: GrantRow, me: UserRow) {
  const g = r.grant;
  const amount = Number(g.amount);
  return {
    id: g.id,
    projectId: g.projectId,
    projectTitle: r.projectTitle,
    applicantId: g.applicantId,
    applicantName: r.applicantName,
    amountRequested: formatAmount(amount, g.currency),
    amount,
    currency: g.currency,
    proposal: g.proposal,
    status: g.status as (typeof GRANT_STATUSES)[number],
    adminMessage: g.adminMessage,
    submittedAt: g.submittedAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
    decidedAt: g.decidedAt?.toISOString() ?? null,
    mine: g.applicantId === me.id,
  };
}

const listRoute = createRoute({
  method: 'get',
  path: '/grants',
  tags: ['grants'],
  summary: 'Grants: scope=explore (approved ones, plus your own; the admin sees all) or scope=mine',
  middleware: [requireAccess('verified')] as const,
  request: { query: z.object({ scope: z.enum(['explore', 'mine']).default('explore') }) },
  responses: { 200: json(z.object({ grants: z.array(grantSchema) })), ...errorResponses(400, 401, 403) },
});

const detailSchema = grantSchema.extend({
  history: z.array(z.object({ at: z.string(), event: z.string(), note: z.string().nullable() })),
});
const getRoute = createRoute({
  method: 'get',
  path: '/grants/{id}',
  tags: ['grants'],
  summary: 'One grant with its history (approved ones, your own, or any for the admin)',
  middleware: [requireAccess('verified')] as const,
  request: { params: idParam },
  responses: { 200: json(z.object({ grant: detailSchema })), ...errorResponses(401, 403, 404) },
});

const applyRoute = createRoute({
  method: 'post',
  path: '/grants',
  tags: ['grants'],
  summary: 'Apply for a grant for one of your projects (one pending grant per project)',
  middleware: [requireAccess('verified')] as const,
  request: { body: body(grantApplySchema) },
  responses: {
    201: json(z.object({ grant: grantSchema }), 'Submitted'),
    ...errorResponses(400, 401, 403, 409),
  },
});

const editRoute = createRoute({
  method: 'patch',
  path: '/grants/{id}',
  tags: ['grants'],
  summary: 'Edit your proposal while it is pending',
  middleware: [requireAccess('verified')] as const,
  request: { params: idParam, body: body(grantEditSchema) },
  responses: { 200: json(z.object({ grant: grantSchema })), ...errorResponses(400, 401, 403, 404, 409) },
});

const adminListRoute = createRoute({
  method: 'get',
  path: '/admin/grants',
  tags: ['admin'],
  summary: 'Grants by status for review (default pending, oldest first)',
  middleware: [requireAccess('admin')] as const,
  request: { query: z.object({ status: z.enum(GRANT_STATUSES).default('pending') }) },
  responses: { 200: json(z.object({ grants: z.array(grantSchema) })), ...errorResponses(401, 403) },
});

const decisionBody = z.object({ message: z.string().trim().max(1000).optional() }).strict();
const decideRoute = (action: 'approve' | 'decline') =>
  createRoute({
    method: 'post',
    path: `/admin/grants/{id}/${action}`,
    tags: ['admin'],
    summary: `${action === 'approve' ? 'Approve' : 'Decline'} a pending grant (optional message); the applicant is mailed`,
    middleware: [requireAccess('admin')] as const,
    request: {
      params: idParam,
      body: { content: { 'application/json': { schema: decisionBody } }, required: false },
    },
    responses: { 200: json(z.object({ grant: grantSchema })), ...errorResponses(400, 401, 403, 404, 409) },
  });

async function loadGrant(db: import('../../../db/client').DbExecutor, where: SQL) {
  const [r] = await db
    .select(grantRow)
    .from(grants)
    .leftJoin(projects, eq(projects.id, grants.projectId))
    .leftJoin(user, eq(user.id, grants.applicantId))
    .where(where);
  return r;
}

export function grantRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(listRoute, async (c) => {
    const me = currentUser(c);
    const { scope } = c.req.valid('query');
    const isAdmin = c.get('isAdmin');
    const where =
      scope === 'mine'
        ? eq(grants.applicantId, me.id)
        : isAdmin
          ? undefined
          : or(eq(grants.status, 'approved'), eq(grants.applicantId, me.id));
    const rows = await c
      .get('deps')
      .handle.db.select(grantRow)
      .from(grants)
      .leftJoin(projects, eq(projects.id, grants.projectId))
      .leftJoin(user, eq(user.id, grants.applicantId))
      .where(where)
      .orderBy(desc(grants.submittedAt))
      .limit(200);
    return c.json({ grants: rows.map((r) => view(r, me)) }, 200);
  });

  app.openapi(getRoute, async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid('param');
    const db = c.get('deps').handle.db;
    const r = await loadGrant(db, eq(grants.id, id));
    // Someone else's pending or declined proposal is answered as if it did not exist.
    if (!r || (r.grant.status !== 'approved' && r.grant.applicantId !== me.id && !c.get('isAdmin'))) {
      throw new ApiError(404, 'NOT_FOUND', MSG.common.notFound);
    }
    const decisions = await db
      .select()
      .from(adminDecisions)
      .where(and(eq(adminDecisions.subjectType, 'grant'), eq(adminDecisions.subjectId, id)))
      .orderBy(asc(adminDecisions.createdAt));
    const g = r.grant;
    const history = [
      { at: g.submittedAt.toISOString(), event: 'Submitted', note: null },
      // Decisions do not touch updatedAt, so a later updatedAt means the applicant edited it.
      ...(g.updatedAt.getTime() > g.submittedAt.getTime()
        ? [{ at: g.updatedAt.toISOString(), event: 'Edited', note: null }]
        : []),
      ...decisions.map((d) => ({
        at: d.createdAt.toISOString(),
        event: d.action === 'approved' ? 'Approved' : 'Declined',
        note: d.reason,
      })),
    ];
    return c.json({ grant: { ...view(r, me), history } }, 200);
  });

  app.openapi(applyRoute, async (c) => {
    const me = currentUser(c);
    const input = c.req.valid('json');
    const { handle, now } = c.get('deps');
    const created = await handle.db.transaction(async (tx) => {
      const [project] = await tx
        .select()
        .from(projects)
        .where(eq(projects.id, input.projectId))
        .for('update');
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
    const r = await loadGrant(handle.db, eq(grants.id, created.id));
    return c.json({ grant: view(r!, me) }, 201);
  });

  app.openapi(editRoute, async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid('param');
    const patch = c.req.valid('json');
    const { handle, now } = c.get('deps');
    await handle.db.transaction(async (tx) => {
      const [g] = await tx.select().from(grants).where(eq(grants.id, id)).for('update');
      if (!g || (g.applicantId !== me.id && g.status !== 'approved' && !c.get('isAdmin'))) {
        throw new ApiError(404, 'NOT_FOUND', MSG.common.notFound);
      }
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
    const r = await loadGrant(handle.db, eq(grants.id, id));
    return c.json({ grant: view(r!, me) }, 200);
  });

  app.openapi(adminListRoute, async (c) => {
    const me = currentUser(c);
    const { status } = c.req.valid('query');
    const rows = await c
      .get('deps')
      .handle.db.select(grantRow)
      .from(grants)
      .leftJoin(projects, eq(projects.id, grants.projectId))
      .leftJoin(user, eq(user.id, grants.applicantId))
      .where(eq(grants.status, status))
      .orderBy(asc(grants.submittedAt))
      .limit(500);
    return c.json({ grants: rows.map((r) => view(r, me)) }, 200);
  });

  for (const action of ['approve', 'decline'] as const) {
    app.openapi(decideRoute(action), async (c) => {
      const admin = currentUser(c);
      const { id } = c.req.valid('param');
      const raw = await c.req.json().catch(() => ({}));
      const parsed = decisionBody.safeParse(raw ?? {});
      if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', MSG.common.invalidInput);
      const message = parsed.data.message || null;
      const { handle, mailer, now, env } = c.get('deps');
      await handle.db.transaction(async (tx) => {
        const [g] = await tx.select().from(grants).where(eq(grants.id, id)).for('update');
        if (!g) throw new ApiError(404, 'NOT_FOUND', MSG.common.notFound);
        if (g.status !== 'pending') throw new ApiError(409, 'ALREADY_DECIDED', MSG.grant.alreadyDecided);
        const status = action === 'approve' ? 'approved' : 'declined';
        await tx
          .update(grants)
          .set({ status, adminMessage: message, decidedAt: now() })
          .where(eq(grants.id, id));
        await tx.insert(adminDecisions).values({
          adminId: admin.id,
          subjectType: 'grant',
          subjectId: id,
          action: status,
          reason: message,
        });
        const [who] = await tx
          .select({ email: user.email, name: user.name })
          .from(user)
          .where(eq(user.id, g.applicantId));
        if (who) {
          await mailer.enqueue(
            who.email,
            decisionMail({
              name: who.name,
              what: `grant application (${formatAmount(Number(g.amount), g.currency)})`,
              approved: action === 'approve',
              reason: message,
              url: `${env.APP_URL}/grants`,
              label: 'Open your grants',
            }),
            tx,
          );
        }
      });
      void mailer.deliverDue();
      const r = await loadGrant(handle.db, eq(grants.id, id));
      return c.json({ grant: view(r!, admin) }, 200);
    });
  }
}

// ---- resources ----

const resourceView = (r: typeof resources.$inferSelect) => ({
  id: r.id,
  title: r.title,
  category: r.category,
  link: r.link,
  uploadedAt: r.uploadedAt.toISOString(),
});

const resourcesRoute = createRoute({
  method: 'get',
  path: '/resources',
  tags: ['resources'],
  summary: 'All resources, newest first (search and category chips filter in the browser)',
  middleware: [requireAccess('verified')] as const,
  responses: { 200: json(z.object({ resources: z.array(resourceSchema) })), ...errorResponses(401, 403) },
});
const createResourceRoute = createRoute({
  method: 'post',
  path: '/admin/resources',
  tags: ['admin'],
  summary: 'Add a resource (http/https links only)',
  middleware: [requireAccess('admin')] as const,
  request: { body: body(resourceInputSchema) },
  responses: {
    201: json(z.object({ resource: resourceSchema }), 'Created'),
    ...errorResponses(400, 401, 403),
  },
});
const updateResourceRoute = createRoute({
  method: 'patch',
  path: '/admin/resources/{id}',
  tags: ['admin'],
  summary: 'Edit a resource',
  middleware: [requireAccess('admin')] as const,
  request: { params: idParam, body: body(resourceInputSchema.partial()) },
  responses: { 200: json(z.object({ resource: resourceSchema })), ...errorResponses(400, 401, 403, 404) },
});
const deleteResourceRoute = createRoute({
  method: 'delete',
  path: '/admin/resources/{id}',
  tags: ['admin'],
  summary: 'Delete a resource',
  middleware: [requireAccess('admin')] as const,
  request: { params: idParam },
  responses: { 200: json(z.object({ ok: z.literal(true) })), ...errorResponses(401, 403, 404) },
});

export function resourceRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(resourcesRoute, async (c) => {
    const rows = await c
      .get('deps')
      .handle.db.select()
      .from(resources)
      .orderBy(desc(resources.uploadedAt))
      .limit(1000);
    c.header('cache-control', 'no-cache'); // admins' edits must show at once
    return c.json({ resources: rows.map(resourceView) }, 200);
  });
  app.openapi(createResourceRoute, async (c) => {
    const input = c.req.valid('json');
    const [row] = await c.get('deps').handle.db.insert(resources).values(input).returning();
    return c.json({ resource: resourceView(row!) }, 201);
  });
  app.openapi(updateResourceRoute, async (c) => {
    const { id } = c.req.valid('param');
    const patch = c.req.valid('json');
    const [row] = await c
      .get('deps')
      .handle.db.update(resources)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(resources.id, id))
      .returning();
    if (!row) throw new ApiError(404, 'NOT_FOUND', MSG.common.notFound);
    return c.json({ resource: resourceView(row) }, 200);
  });
  app.openapi(deleteResourceRoute, async (c) => {
    const { id } = c.req.valid('param');
    const rows = await c
      .get('deps')
      .handle.db.delete(resources)
      .where(eq(resources.id, id))
      .returning({ id: resources.id });
    if (rows.length === 0) throw new ApiError(404, 'NOT_FOUND', MSG.common.notFound);
    return c.json({ ok: true as const }, 200);
  });
}
