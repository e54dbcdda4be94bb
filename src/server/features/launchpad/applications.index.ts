/**
 * Project applications (spec §2 Applications hub, §4, §5): startups apply, the
 * admin approves or rejects. Each write is one transaction that locks what it
 * decides on, so double clicks and parallel tabs can't submit or decide twice.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { asc, desc, eq } from 'drizzle-orm';
import { adminDecisions, projectApplications, user } from '../../../db/schema';
import { MSG } from '../../../shared/messages';
import { projectReapplyAt } from '../../../shared/rules/cooldown';
import { projectApplicationSchema, projectApplicationViewSchema } from '../../../shared/schemas/projects';
import type { AppBindings } from '../../context';
import { currentUser, requireAccess } from '../../lib/access';
import { ApiError, errorResponses } from '../../lib/errors';
import { decisionMail } from '../../mail/templates';

const view = (a: typeof projectApplications.$inferSelect) => ({
  ...a,
  status: a.status as 'pending' | 'approved' | 'rejected',
  submittedAt: a.submittedAt.toISOString(),
  decidedAt: a.decidedAt?.toISOString() ?? null,
});

const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});

const mineSchema = z.object({
  latest: projectApplicationViewSchema.nullable(),
  /** When a new application may be sent: null = now; 'pending' = after the admin decides. */
  canApplyAt: z.union([z.string(), z.literal('pending')]).nullable(),
});

const mineRoute = createRoute({
  method: 'get',
  path: '/project-applications/mine',
  tags: ['launchpad'],
  summary: 'Your latest project application and when you may apply again',
  middleware: [requireAccess('startup')] as const,
  responses: { 200: json(mineSchema), ...errorResponses(401, 403) },
});

const submitRoute = createRoute({
  method: 'post',
  path: '/project-applications',
  tags: ['launchpad'],
  summary:
    'Apply for project approval (startups only; not while one is pending or within 24 h of a rejection)',
  middleware: [requireAccess('startup', MSG.projectApplication.startupOnly)] as const,
  request: {
    body: { content: { 'application/json': { schema: projectApplicationSchema } }, required: true },
  },
  responses: {
    201: json(z.object({ application: projectApplicationViewSchema }), 'Submitted'),
    ...errorResponses(400, 401, 403, 409),
  },
});

const pendingRoute = createRoute({
  method: 'get',
  path: '/admin/project-applications',
  tags: ['admin'],
  summary: 'Pending project applications, oldest first',
  middleware: [requireAccess('admin')] as const,
  responses: {
    200: json(z.object({ applications: z.array(projectApplicationViewSchema) })),
    ...errorResponses(401, 403),
  },
});

const decisionBody = z.object({ reason: z.string().trim().max(1000).optional() }).strict();
const decideRoute = (action: 'approve' | 'reject') =>
  createRoute({
    method: 'post',
    path: `/admin/project-applications/{id}/${action}`,
    tags: ['admin'],
    summary:
      action === 'approve'
        ? 'Approve: the owner becomes an approved startup; the applicant is mailed'
        : 'Reject (optional reason): starts the 24 h cooldown; the applicant is mailed',
    middleware: [requireAccess('admin')] as const,
    request: {
      params: z.object({ id: z.string().max(64) }),
      body: { content: { 'application/json': { schema: decisionBody } }, required: false },
    },
    responses: {
      200: json(z.object({ application: projectApplicationViewSchema })),
      ...errorResponses(401, 403, 404, 409),
    },
  });

export function projectApplicationRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(mineRoute, async (c) => {
    const u = currentUser(c);
    const { handle, now } = c.get('deps');
    const rows = await handle.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.ownerId, u.id))
      .orderBy(desc(projectApplications.submittedAt));
    const at = projectReapplyAt(rows, now());
    return c.json(
      {
        latest: rows[0] ? view(rows[0]) : null,
        canApplyAt: at === 'pending' ? 'pending' : (at?.toISOString() ?? null),
      },
      200,
    );
  });

  app.openapi(submitRoute, async (c) => {
    const me = currentUser(c);
    const input = c.req.valid('json');
    const { handle, now } = c.get('deps');
    const created = await handle.db.transaction(async (tx) => {
      // Lock the applicant: two quick submits queue here and the second sees the first.
      await tx.select({ id: user.id }).from(user).where(eq(user.id, me.id)).for('update');
      const history = await tx
        .select()
        .from(projectApplications)
        .where(eq(projectApplications.ownerId, me.id));
      if (projectReapplyAt(history, now()) !== null) {
        throw new ApiError(409, 'COOLDOWN', MSG.projectApplication.cooldown);
      }
      const [row] = await tx
        .insert(projectApplications)
        .values({
          ...input,
          teamMembers: [...input.teamMembers],
          ownerId: me.id,
          email: me.email,
          submittedAt: now(),
        })
        .returning();
      return row!;
    });
    return c.json({ application: view(created) }, 201);
  });

  app.openapi(pendingRoute, async (c) => {
    const rows = await c
      .get('deps')
      .handle.db.select()
      .from(projectApplications)
      .where(eq(projectApplications.status, 'pending'))
      .orderBy(asc(projectApplications.submittedAt));
    return c.json({ applications: rows.map(view) }, 200);
  });

  for (const action of ['approve', 'reject'] as const) {
    app.openapi(decideRoute(action), async (c) => {
      const admin = currentUser(c);
      const { id } = c.req.valid('param');
      const reason = (await c.req.json().catch(() => ({})))?.reason;
      const parsed = decisionBody.safeParse(reason === undefined ? {} : { reason });
      if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', MSG.common.invalidInput);
      const { handle, mailer, now, env } = c.get('deps');
      const decided = await handle.db.transaction(async (tx) => {
        const [a] = await tx
          .select()
          .from(projectApplications)
          .where(eq(projectApplications.id, id))
          .for('update');
        if (!a) throw new ApiError(404, 'NOT_FOUND', MSG.common.notFound);
        if (a.status !== 'pending')
          throw new ApiError(409, 'ALREADY_DECIDED', MSG.projectApplication.alreadyDecided);
        const status = action === 'approve' ? 'approved' : 'rejected';
        const [row] = await tx
          .update(projectApplications)
          .set({ status, reason: parsed.data.reason || null, decidedAt: now() })
          .where(eq(projectApplications.id, id))
          .returning();
        if (action === 'approve')
          await tx.update(user).set({ status: 'approved' }).where(eq(user.id, a.ownerId));
        await tx.insert(adminDecisions).values({
          adminId: admin.id,
          subjectType: 'project_application',
          subjectId: id,
          action: status,
          reason: parsed.data.reason || null,
        });
        const [owner] = await tx.select({ name: user.name }).from(user).where(eq(user.id, a.ownerId));
        await mailer.enqueue(
          a.email,
          decisionMail({
            name: owner?.name ?? a.name,
            what: `project application for ${a.name}`,
            approved: action === 'approve',
            reason: parsed.data.reason,
            extra:
              action === 'approve'
                ? 'You can now create projects on Sysfi Labs.'
                : 'You can apply again 24 hours after this decision.',
            url: `${env.APP_URL}${action === 'approve' ? '/projects' : '/application/project-application'}`,
            label: action === 'approve' ? 'Create your project' : 'Open your application',
          }),
          tx,
        );
        return row!;
      });
      void mailer.deliverDue();
      return c.json({ application: view(decided) }, 200);
    });
  }
}
