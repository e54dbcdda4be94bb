/**
 * Project applications (spec §2 Applications hub, §4, §5): startups apply, the
 * admin approves or rejects. Each write is one transaction that locks what it
 * decides on, so double clicks and parallel tabs can't submit or decide twice.
 */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, eq } from 'drizzle-orm';
import { projectApplications, user } from '@/db/schema';
import type { AppBindings } from '@/server/context';
import { queueSize } from '@/server/features/admin/queue-health';
import { type DecisionFlow, onlyWhilePending } from '@/server/features/review/decide';
import { type OwnApplications, ownApplications } from '@/server/features/review/own-applications';
import { decideWithNote, decisionRoute } from '@/server/features/review/routes';
import { refuseIfDisabled } from '@/server/features/users/moderation';
import { currentUser } from '@/server/lib/access';
import { ApiError } from '@/server/lib/errors';
import { listCache } from '@/server/lib/list-cache';
import {
  afterTimeKey,
  decodeCursor,
  exactInstant,
  nextCursorSchema,
  pageOf,
  queuePageParams,
  timeKeySchema,
} from '@/server/lib/paging';
import { routes } from '@/server/lib/route';
import { lockUser } from '@/server/lib/user-lock';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { projectReapplyAt } from '@/shared/rules/cooldown';
import { projectApplicationSchema, projectApplicationViewSchema } from '@/shared/schemas/projects';
import { decisionReasonBody } from '@/shared/schemas/review';
import { PENDING_APPLICATIONS } from './applications.data';

type Row = typeof projectApplications.$inferSelect;
const view = (a: Row) => ({
  ...a,
  status: a.status as 'pending' | 'approved' | 'rejected',
  submittedAt: a.submittedAt.toISOString(),
  decidedAt: a.decidedAt?.toISOString() ?? null,
});

const mineSchema = z.object({
  latest: projectApplicationViewSchema.nullable(),
  /** When a new application may be sent: null = now; 'pending' = after the admin decides. */
  canApplyAt: z.union([z.string(), z.literal('pending')]).nullable(),
});

const mineRoute = routes.launchpad('get', '/project-applications/mine', {
  summary: 'Your latest project application and when you may apply again',
  access: 'startup',
  ok: mineSchema,
});

const submitRoute = routes.launchpad('post', '/project-applications', {
  summary: `Apply for project approval (startups only; not while one is pending or within ${LIMITS.reapplyCooldownHours} h of a rejection)`,
  access: 'startup',
  forbidden: MSG.projectApplication.startupOnly,
  body: projectApplicationSchema,
  ok: z.object({ application: projectApplicationViewSchema }),
  created: true,
  described: 'Submitted',
  errors: [409],
});

/** A startup's own project applications (GET …/mine), and the cooldown between them. */
const OWN_APPLICATIONS: OwnApplications<typeof projectApplications> = {
  table: projectApplications,
  owner: projectApplications.ownerId,
  sentAt: projectApplications.submittedAt,
  reapplyAt: projectReapplyAt,
};

const pendingRoute = routes.admin('get', '/admin/project-applications', {
  summary: 'Pending project applications, oldest first, and how many are pending in all',
  access: 'admin',
  query: z.object(queuePageParams),
  ok: z.object({
    applications: z.array(projectApplicationViewSchema),
    nextCursor: nextCursorSchema,
    pending: z.number().int(),
  }),
});

type Action = 'approve' | 'reject';
const decideRoute = (action: Action) =>
  decisionRoute({
    path: `/admin/project-applications/{id}/${action}`,
    summary:
      action === 'approve'
        ? 'Approve: the owner becomes an approved startup; the applicant is mailed'
        : `Reject (optional reason): starts the ${LIMITS.reapplyCooldownHours} h cooldown; the applicant is mailed`,
    body: decisionReasonBody,
    response: z.object({ application: projectApplicationViewSchema }),
  });

/** The admin approves (the owner becomes an approved startup) or rejects a pending application. */
const applicationDecision: DecisionFlow<Row, { action: Action; note: string | null }, Row> = {
  subject: 'project_application',
  lock: async (tx, id) =>
    (await tx.select().from(projectApplications).where(eq(projectApplications.id, id)).for('update'))[0],
  ownerOf: (a) => a.ownerId,
  check: onlyWhilePending('ALREADY_DECIDED', MSG.projectApplication.alreadyDecided),
  async apply(tx, a, { action, note }, at) {
    const status = action === 'approve' ? 'approved' : 'rejected';
    const [row] = await tx
      .update(projectApplications)
      .set({ status, reason: note, decidedAt: at })
      .where(eq(projectApplications.id, a.id))
      .returning();
    if (action === 'approve') await tx.update(user).set({ status: 'approved' }).where(eq(user.id, a.ownerId));
    return {
      result: row!,
      record: { action: status, note },
      notice: {
        what: `project application for ${a.name}`,
        approved: action === 'approve',
        note,
        extra:
          action === 'approve'
            ? 'You can now create projects on Sysfi Labs.'
            : MSG.projectApplication.reapplyAfterDecision,
        path: action === 'approve' ? '/projects' : '/application/project-application',
        label: action === 'approve' ? 'Create your project' : 'Open your application',
      },
    };
  },
};

export function projectApplicationRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(mineRoute, async (c) => {
    const u = currentUser(c);
    const { handle, now } = c.get('deps');
    const { rows, canApplyAt } = await ownApplications(handle.db, OWN_APPLICATIONS, u.id, now());
    return c.json({ latest: rows[0] ? view(rows[0]) : null, canApplyAt }, 200);
  });

  app.openapi(submitRoute, async (c) => {
    const me = currentUser(c);
    const input = c.req.valid('json');
    const { handle, now } = c.get('deps');
    const created = await handle.db.transaction(async (tx) => {
      // Lock the applicant: two quick submits queue here and the second sees the first.
      await lockUser(tx, me.id, { id: user.id });
      await refuseIfDisabled(tx, me.id);
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
    const { cursor, limit } = c.req.valid('query');
    const { handle } = c.get('deps');
    const after = decodeCursor(cursor, timeKeySchema);
    const read = async () => {
      const rows = await handle.db
        .select({ application: projectApplications, key: exactInstant(projectApplications.submittedAt) })
        .from(projectApplications)
        .where(
          and(
            PENDING_APPLICATIONS,
            afterTimeKey('asc', projectApplications.submittedAt, projectApplications.id, after),
          ),
        )
        .orderBy(asc(projectApplications.submittedAt), asc(projectApplications.id))
        .limit((limit ?? LIMITS.queuePage) + 1);
      const page = pageOf(rows, limit ?? LIMITS.queuePage, (r) => [r.key, r.application.id]);
      return { applications: page.items.map((r) => view(r.application)), nextCursor: page.nextCursor };
    };
    // The first page is kept while no application or applicant (disabled, enabled) changes
    // (list-cache.ts); the version is read once for it and the queue's size.
    const cache = listCache(handle);
    const version = await cache.version('project_applications');
    const [page, size] = await Promise.all([
      !after && limit === undefined
        ? cache.get('project_applications', 'admin', async () => ({ value: await read() }), version)
        : read(),
      queueSize(handle, 'projectApplications', version),
    ]);
    return c.json({ ...page, pending: size.pending }, 200);
  });

  for (const action of ['approve', 'reject'] as const) {
    app.openapi(decideRoute(action), async (c) => {
      const body = { schema: decisionReasonBody, key: 'reason' as const };
      const decided = await decideWithNote(c, applicationDecision, action, body);
      return c.json({ application: view(decided) }, 200);
    });
  }
}
