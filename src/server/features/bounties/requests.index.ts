/**
 * Bounty requests (spec §2 Bounty application form, Admin bounty approvals; §4; §5):
 * startups and projects ask for a bounty, the admin approves (which publishes it
 * on the board), rejects, or resets. Every change is announced on the realtime
 * bus so open admin pages update without reloading.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../../db/client';
import { adminDecisions, bounties, bountyApplicants, bountyApplications, user } from '../../../db/schema';
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import { deadlineFromLocalDate } from '../../../shared/rules/bounty';
import { bountyReapplyAt } from '../../../shared/rules/cooldown';
import { firstMessage } from '../../../shared/schemas/account';
import {
  bountyImagesError,
  bountyRequestSchema,
  bountyRequestSchemaOut,
} from '../../../shared/schemas/bounties';
import type { AppBindings, AppDeps } from '../../context';
import { currentUser, requireAccess } from '../../lib/access';
import { ApiError, errorResponses } from '../../lib/errors';
import { decisionMail } from '../../mail/templates';
import { storeImages } from '../../storage/store-images';

export const BOUNTY_TOPIC = 'bounty-applications';

const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});

type Row = typeof bountyApplications.$inferSelect;
async function viewMany(db: DbExecutor, rows: Row[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const extra = await db
    .select({
      requestId: bountyApplications.id,
      requesterName: user.name,
      bountyId: bounties.id,
      applicants: count(bountyApplicants.id),
    })
    .from(bountyApplications)
    .leftJoin(user, eq(user.id, bountyApplications.userId))
    .leftJoin(bounties, eq(bounties.requestId, bountyApplications.id))
    .leftJoin(bountyApplicants, eq(bountyApplicants.bountyId, bounties.id))
    .where(inIds(ids))
    .groupBy(bountyApplications.id, user.name, bounties.id);
  const byId = new Map(extra.map((e) => [e.requestId, e]));
  return rows.map((r) => {
    const e = byId.get(r.id);
    return {
      id: r.id,
      userId: r.userId,
      requesterName: e?.requesterName ?? null,
      title: r.title,
      description: r.description,
      reward: r.reward,
      deadline: r.deadline.toISOString(),
      contactInfo: r.contactInfo,
      resourceLink: r.resourceLink,
      images: r.images,
      criteria: r.criteria,
      status: r.status as 'pending' | 'approved' | 'rejected',
      adminMessage: r.adminMessage,
      createdAt: r.createdAt.toISOString(),
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
      bountyId: e?.bountyId ?? null,
      applicants: Number(e?.applicants ?? 0),
    };
  });
}
const inIds = (ids: string[]) => inArray(bountyApplications.id, ids);

const submitRoute = createRoute({
  method: 'post',
  path: '/bounty-applications',
  tags: ['bounties'],
  summary:
    'Request a bounty (startup or project role): multipart with title, description, reward, deadline (YYYY-MM-DD), contactInfo, resourceLink, criteria (repeat or JSON array), timeZone, up to 5 "images"',
  middleware: [requireAccess('applicantOnly')] as const,
  request: {
    body: {
      content: {
        'multipart/form-data': { schema: z.object({ images: z.any().optional() }).passthrough() },
        'application/json': { schema: z.object({ title: z.string() }).passthrough() },
      },
      required: false,
    },
  },
  responses: {
    201: json(z.object({ application: bountyRequestSchemaOut }), 'Submitted'),
    ...errorResponses(400, 401, 403, 409, 413, 503),
  },
});

const mineRoute = createRoute({
  method: 'get',
  path: '/bounty-applications/mine',
  tags: ['bounties'],
  summary: 'Your bounty requests (newest first) and when the form opens again',
  middleware: [requireAccess('applicantOnly')] as const,
  responses: {
    200: json(z.object({ applications: z.array(bountyRequestSchemaOut), canApplyAt: z.string().nullable() })),
    ...errorResponses(401, 403),
  },
});

const adminListRoute = createRoute({
  method: 'get',
  path: '/admin/bounty-applications',
  tags: ['admin'],
  summary: 'All bounty requests, newest first (live updates: GET /api/admin/events)',
  middleware: [requireAccess('admin')] as const,
  responses: {
    200: json(z.object({ applications: z.array(bountyRequestSchemaOut) })),
    ...errorResponses(401, 403),
  },
});

const ACTIONS = { approve: 'approved', reject: 'rejected', reset: 'pending' } as const;
type Action = keyof typeof ACTIONS;
const decisionBody = z.object({ message: z.string().trim().max(1000).optional() }).strict();
const decideRoute = (action: Action) =>
  createRoute({
    method: 'post',
    path: `/admin/bounty-applications/{id}/${action}`,
    tags: ['admin'],
    summary: {
      approve: 'Approve (optional message): publishes the bounty on the board',
      reject: 'Reject (optional message); an approved bounty is unpublished if nobody applied',
      reset: 'Back to pending, message cleared; an approved bounty is unpublished if nobody applied',
    }[action],
    middleware: [requireAccess('admin')] as const,
    request: {
      params: z.object({ id: z.string().max(64) }),
      body: { content: { 'application/json': { schema: decisionBody } }, required: false },
    },
    responses: {
      200: json(z.object({ application: bountyRequestSchemaOut })),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  });

function textField(form: Record<string, unknown>, k: string): string | undefined {
  const v = form[k];
  return typeof v === 'string' ? v : undefined;
}

/** Criteria arrive as repeated form fields, a JSON array, or a JSON body array. */
function criteriaOf(v: unknown): string[] {
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

async function announce(deps: AppDeps, id: string, action: string) {
  await deps.bus.publish({ topic: BOUNTY_TOPIC, data: { id, action } }).catch((err) => {
    deps.log.warn({ err }, 'realtime publish failed'); // the change itself is committed
  });
}

export function bountyRequestRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(submitRoute, async (c) => {
    const me = currentUser(c);
    const deps = c.get('deps');
    const { handle, storage, now } = deps;
    let form: Record<string, unknown>;
    const ct = c.req.header('content-type') ?? '';
    try {
      form = ct.startsWith('multipart/form-data') ? await c.req.parseBody({ all: true }) : await c.req.json();
    } catch {
      throw new ApiError(400, 'BAD_REQUEST', MSG.common.invalidInput);
    }
    const parsed = bountyRequestSchema(now).safeParse({
      title: textField(form, 'title') ?? '',
      description: textField(form, 'description') ?? '',
      reward: textField(form, 'reward') ?? '',
      deadline: textField(form, 'deadline') ?? '',
      contactInfo: textField(form, 'contactInfo') ?? '',
      resourceLink: textField(form, 'resourceLink'),
      criteria: criteriaOf(form.criteria),
      timeZone: textField(form, 'timeZone') ?? '',
    });
    if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', firstMessage(parsed.error));
    const input = parsed.data;
    const files = (Array.isArray(form.images) ? form.images : form.images ? [form.images] : []).filter(
      (f): f is File => f instanceof File && f.size > 0,
    );
    const imagesError = bountyImagesError(files);
    if (imagesError)
      throw new ApiError(files.length > LIMITS.bountyImagesMax ? 400 : 413, 'IMAGES', imagesError);

    const history = await handle.db
      .select({ status: bountyApplications.status, createdAt: bountyApplications.createdAt })
      .from(bountyApplications)
      .where(eq(bountyApplications.userId, me.id));
    if (bountyReapplyAt(history, now())) throw new ApiError(409, 'COOLDOWN', MSG.bounty.cooldown);

    const stamp = now().getTime();
    const stored = await storeImages(storage, {
      files: Object.fromEntries(files.map((f, i) => [`image${i}`, f])),
      key: (_field, name) => `bountyApplications/${me.id}/${stamp}_${name}`,
      maxBytes: LIMITS.bountyImageBytes - 1,
      maxDimension: Object.fromEntries(files.map((_f, i) => [`image${i}`, 1600])),
      invalidMessage: MSG.bounty.imageInvalid,
      tooLargeMessage: MSG.bounty.imageSize,
      failedMessage: MSG.bounty.failed,
    });
    const images = files.map((_f, i) => stored.urls[`image${i}`]).filter((u): u is string => !!u);
    try {
      const row = await handle.db.transaction(async (tx) => {
        await tx.select({ id: user.id }).from(user).where(eq(user.id, me.id)).for('update');
        const again = await tx
          .select({ status: bountyApplications.status, createdAt: bountyApplications.createdAt })
          .from(bountyApplications)
          .where(eq(bountyApplications.userId, me.id));
        if (bountyReapplyAt(again, now())) throw new ApiError(409, 'COOLDOWN', MSG.bounty.cooldown);
        const [r] = await tx
          .insert(bountyApplications)
          .values({
            userId: me.id,
            title: input.title,
            description: input.description,
            reward: input.reward,
            deadline: deadlineFromLocalDate(input.deadline, input.timeZone)!,
            contactInfo: input.contactInfo,
            resourceLink: input.resourceLink,
            images,
            criteria: input.criteria,
            createdAt: now(),
          })
          .returning();
        return r!;
      });
      await announce(deps, row.id, 'created');
      const [out] = await viewMany(handle.db, [row]);
      return c.json({ application: out! }, 201);
    } catch (err) {
      await stored.removeAll();
      if (err instanceof ApiError) throw err;
      throw new ApiError(500, 'SUBMIT_FAILED', MSG.bounty.failed, err);
    }
  });

  app.openapi(mineRoute, async (c) => {
    const me = currentUser(c);
    const { handle, now } = c.get('deps');
    const rows = await handle.db
      .select()
      .from(bountyApplications)
      .where(eq(bountyApplications.userId, me.id))
      .orderBy(desc(bountyApplications.createdAt));
    const at = bountyReapplyAt(rows, now());
    return c.json(
      { applications: await viewMany(handle.db, rows), canApplyAt: at?.toISOString() ?? null },
      200,
    );
  });

  app.openapi(adminListRoute, async (c) => {
    const db = c.get('deps').handle.db;
    const rows = await db
      .select()
      .from(bountyApplications)
      .orderBy(desc(bountyApplications.createdAt))
      .limit(500);
    c.header('cache-control', 'no-store');
    return c.json({ applications: await viewMany(db, rows) }, 200);
  });

  for (const action of Object.keys(ACTIONS) as Action[]) {
    app.openapi(decideRoute(action), async (c) => {
      const admin = currentUser(c);
      const { id } = c.req.valid('param');
      const parsed = decisionBody.safeParse((await c.req.json().catch(() => ({}))) ?? {});
      if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', MSG.common.invalidInput);
      const message = action === 'reset' ? null : parsed.data.message || null;
      const deps = c.get('deps');
      const { handle, mailer, now, env } = deps;
      const target = ACTIONS[action];
      const row = await handle.db.transaction(async (tx) => {
        const [a] = await tx
          .select()
          .from(bountyApplications)
          .where(eq(bountyApplications.id, id))
          .for('update');
        if (!a) throw new ApiError(404, 'NOT_FOUND', MSG.common.notFound);
        if (a.status === target) throw new ApiError(409, 'ALREADY_IN_STATE', MSG.bounty.alreadyInState);
        // Leaving "approved" unpublishes the bounty, unless people have applied to it.
        if (a.status === 'approved') {
          const [b] = await tx
            .select({ id: bounties.id })
            .from(bounties)
            .where(eq(bounties.requestId, id))
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
            createdAt: now(),
          });
        }
        const [updated] = await tx
          .update(bountyApplications)
          .set({ status: target, adminMessage: message, reviewedAt: action === 'reset' ? null : now() })
          .where(eq(bountyApplications.id, id))
          .returning();
        await tx.insert(adminDecisions).values({
          adminId: admin.id,
          subjectType: 'bounty_application',
          subjectId: id,
          action: target,
          reason: message,
        });
        const [who] = await tx
          .select({ email: user.email, name: user.name })
          .from(user)
          .where(eq(user.id, a.userId));
        if (who && action !== 'reset') {
          await mailer.enqueue(
            who.email,
            decisionMail({
              name: who.name,
              what: `bounty request "${a.title}"`,
              approved: action === 'approve',
              reason: message,
              extra: action === 'approve' ? 'It is now live on the bounty board.' : undefined,
              url: `${env.APP_URL}${action === 'approve' ? '/bounties' : '/application/bounty-application'}`,
              label: action === 'approve' ? 'See the bounty board' : 'Open your requests',
            }),
            tx,
          );
        }
        return updated!;
      });
      void mailer.deliverDue();
      await announce(deps, id, action);
      const [out] = await viewMany(handle.db, [row]);
      return c.json({ application: out! }, 200);
    });
  }
}
