/**
 * Contribution hub (spec §2, §4, §5): submit (one transaction that locks the user
 * row, so the daily limit holds under any concurrency), the own summary, history
 * pages, and the admin review queue.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { contributions, user } from '../../../db/schema';
import { successRate } from '../../../shared/format';
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import { linkKey } from '../../../shared/rules/links';
import { startOfLocalDay } from '../../../shared/rules/time-zone';
import { firstMessage } from '../../../shared/schemas/account';
import {
  CONTRIBUTION_TYPES,
  contributionSchema,
  contributionSubmitSchema,
  rejectSchema,
  rewardSchema,
  timeZoneSchema,
} from '../../../shared/schemas/contributions';
import type { AppBindings } from '../../context';
import { currentUser, requireAccess } from '../../lib/access';
import { ApiError, errorResponses } from '../../lib/errors';
import { processImage } from '../../storage/images';
import { safeFileName } from '../../storage/storage';
import { reviewContribution } from './review';

const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});

type Row = typeof contributions.$inferSelect;
export const view = (c: Row) => ({
  id: c.id,
  uid: c.userId,
  title: c.title,
  type: c.type,
  contributor: c.contributor,
  link: c.link,
  fileUrl: c.fileUrl,
  status: c.status as 'pending' | 'approved' | 'rejected',
  reason: c.reason,
  rewardPoints: c.rewardPoints,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
  reviewedAt: c.reviewedAt?.toISOString() ?? null,
});

const pendingInfo = z.object({ queuePosition: z.number().int(), typicalReviewHours: z.number().nullable() });
const summarySchema = z.object({
  today: z.number().int(),
  limit: z.number().int(),
  stats: z.object({
    approved: z.number().int(),
    rejected: z.number().int(),
    total: z.number().int(),
    successRate: z.number(),
  }),
  recent: z.array(contributionSchema.extend({ queue: pendingInfo.nullable() })),
});

const submitRoute = createRoute({
  method: 'post',
  path: '/contributions',
  tags: ['contributions'],
  summary:
    'Submit a contribution (JSON, or multipart with a "file"): at most 5 per local day (timeZone = IANA name), each link once',
  middleware: [requireAccess('verified')] as const,
  request: {
    body: {
      content: {
        'application/json': {
          schema: z
            .object({
              title: z.string(),
              type: z.enum(CONTRIBUTION_TYPES),
              link: z.string().optional(),
              timeZone: z.string(),
            })
            .passthrough(),
        },
        'multipart/form-data': { schema: z.object({ file: z.any().optional() }).passthrough() },
      },
      required: false,
    },
  },
  responses: {
    201: json(z.object({ contribution: contributionSchema }), 'Submitted'),
    ...errorResponses(400, 401, 403, 409, 413, 429, 503),
  },
});

const summaryRoute = createRoute({
  method: 'get',
  path: '/contributions/me',
  tags: ['contributions'],
  summary:
    'Your hub: today’s count in your time zone, VC/RC/TC/SR, and the 5 most recent (pending ones with their queue place)',
  middleware: [requireAccess('verified')] as const,
  request: { query: z.object({ tz: timeZoneSchema }) },
  responses: { 200: json(summarySchema), ...errorResponses(400, 401, 403) },
});

const historyRoute = createRoute({
  method: 'get',
  path: '/contributions/history',
  tags: ['contributions'],
  summary: 'Your reviewed contributions, newest first, 5 per page (cursor = nextCursor of the previous page)',
  middleware: [requireAccess('verified')] as const,
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: json(z.object({ items: z.array(contributionSchema), nextCursor: z.string().nullable() })),
    ...errorResponses(400, 401, 403),
  },
});

const queueRoute = createRoute({
  method: 'get',
  path: '/admin/contributions',
  tags: ['admin'],
  summary: 'Pending contributions, oldest first (filter by type, search title or contributor)',
  middleware: [requireAccess('admin')] as const,
  request: {
    query: z.object({ type: z.enum(CONTRIBUTION_TYPES).optional(), q: z.string().max(100).optional() }),
  },
  responses: {
    200: json(z.object({ items: z.array(contributionSchema), total: z.number().int() })),
    ...errorResponses(401, 403),
  },
});

const reviewRoute = (action: 'reward' | 'reject') =>
  createRoute({
    method: 'post',
    path: `/admin/contributions/{id}/${action}`,
    tags: ['admin'],
    summary:
      action === 'reward' ? 'Reward with points (positive whole number), once' : 'Reject with a reason, once',
    middleware: [requireAccess('admin')] as const,
    request: {
      params: z.object({ id: z.string().max(64) }),
      body: {
        content: { 'application/json': { schema: action === 'reward' ? rewardSchema : rejectSchema } },
        required: true,
      },
    },
    responses: {
      200: json(z.object({ contribution: contributionSchema })),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  });

const batchSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('reward'),
    ids: z.array(z.string().max(64)).min(1).max(50),
    points: rewardSchema.shape.points,
  }),
  z.object({
    action: z.literal('reject'),
    ids: z.array(z.string().max(64)).min(1).max(50),
    reason: rejectSchema.shape.reason,
  }),
]);
const batchRoute = createRoute({
  method: 'post',
  path: '/admin/contributions/batch',
  tags: ['admin'],
  summary:
    'Reward or reject several contributions; each is its own decision (already reviewed ones are reported, not redone)',
  middleware: [requireAccess('admin')] as const,
  request: { body: { content: { 'application/json': { schema: batchSchema } }, required: true } },
  responses: {
    200: json(
      z.object({
        results: z.array(z.object({ id: z.string(), ok: z.boolean(), error: z.string().optional() })),
      }),
    ),
    ...errorResponses(400, 401, 403),
  },
});

/** Files a contribution may carry: images (re-encoded) or PDF (kept, served as a download). */
async function prepareFile(file: File) {
  if (file.size > LIMITS.contributionFileBytes)
    throw new ApiError(413, 'FILE_TOO_LARGE', MSG.contribution.fileTooLarge);
  const bytes = Buffer.from(await file.arrayBuffer());
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === 'application/pdf') return { bytes, contentType: 'application/pdf', ext: 'pdf' };
  const img = await processImage(bytes, {
    maxBytes: LIMITS.contributionFileBytes,
    maxDimension: 2400,
    invalidMessage: MSG.contribution.fileType,
    tooLargeMessage: MSG.contribution.fileTooLarge,
  });
  return { bytes: img.buffer, contentType: img.contentType, ext: img.ext };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export function contributionRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(submitRoute, async (c) => {
    const me = currentUser(c);
    const { handle, storage, now } = c.get('deps');
    const db = handle.db;
    let raw: Record<string, unknown>;
    let file: File | undefined;
    const ct = c.req.header('content-type') ?? '';
    try {
      if (ct.startsWith('multipart/form-data')) {
        raw = await c.req.parseBody();
        if (raw.file instanceof File && raw.file.size > 0) file = raw.file;
      } else raw = await c.req.json();
    } catch {
      throw new ApiError(400, 'BAD_REQUEST', MSG.common.invalidInput);
    }
    const parsed = contributionSubmitSchema.safeParse({ ...raw, file: undefined, hasFile: !!file });
    if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', firstMessage(parsed.error));
    const input = parsed.data;
    const key = input.link ? linkKey(input.link) : null;
    const dayStart = startOfLocalDay(now(), input.timeZone);

    const countToday = (exec: typeof db) =>
      exec
        .select({ n: count() })
        .from(contributions)
        .where(and(eq(contributions.userId, me.id), gte(contributions.createdAt, dayStart)))
        .then((r) => r[0]?.n ?? 0);
    // Cheap early answers before any upload; the transaction below is the real check.
    if ((await countToday(db)) >= LIMITS.contributionsPerDay) {
      throw new ApiError(429, 'DAILY_LIMIT', MSG.contribution.dailyLimit);
    }

    let fileUrl: string | null = null;
    if (file) {
      const prepared = await prepareFile(file);
      try {
        const name = safeFileName(file.name).replace(/\.[^.]*$/, '') || 'file';
        fileUrl = await storage.put(
          `contributions/${me.id}/${now().getTime()}_${name}.${prepared.ext}`,
          prepared.bytes,
          prepared.contentType,
        );
      } catch (err) {
        throw new ApiError(503, 'UPLOAD_FAILED', MSG.contribution.uploadFailed, err);
      }
    }

    try {
      const row = await db.transaction(async (tx) => {
        // Every submit of this user queues here: the count below sees all earlier ones.
        await tx.select({ id: user.id }).from(user).where(eq(user.id, me.id)).for('update');
        if ((await countToday(tx as unknown as typeof db)) >= LIMITS.contributionsPerDay) {
          throw new ApiError(429, 'DAILY_LIMIT', MSG.contribution.dailyLimit);
        }
        if (key) {
          const [dup] = await tx
            .select({ id: contributions.id })
            .from(contributions)
            .where(eq(contributions.linkKey, key))
            .limit(1);
          if (dup) throw new ApiError(409, 'DUPLICATE_LINK', MSG.contribution.duplicate);
        }
        const [inserted] = await tx
          .insert(contributions)
          .values({
            userId: me.id,
            title: input.title,
            type: input.type,
            contributor: me.name?.trim() || me.email || 'Anonymous',
            link: input.link ?? null,
            linkKey: key,
            fileUrl,
            createdAt: now(),
            updatedAt: now(),
          })
          .returning();
        await tx
          .update(user)
          .set({ totalContributions: sql`${user.totalContributions} + 1` })
          .where(eq(user.id, me.id));
        return inserted!;
      });
      return c.json({ contribution: view(row) }, 201);
    } catch (err) {
      if (fileUrl) await storage.removeByUrl(fileUrl).catch(() => {});
      // Two users racing with one link: the unique index lets one in.
      if (isUniqueViolation(err)) throw new ApiError(409, 'DUPLICATE_LINK', MSG.contribution.duplicate);
      if (err instanceof ApiError) throw err;
      throw new ApiError(500, 'SUBMIT_FAILED', MSG.contribution.submitFailed, err);
    }
  });

  app.openapi(summaryRoute, async (c) => {
    const me = currentUser(c);
    const { tz } = c.req.valid('query');
    const { handle, now } = c.get('deps');
    const db = handle.db;
    const dayStart = startOfLocalDay(now(), tz);
    const [[today], recent, [review]] = await Promise.all([
      db
        .select({ n: count() })
        .from(contributions)
        .where(and(eq(contributions.userId, me.id), gte(contributions.createdAt, dayStart))),
      db
        .select()
        .from(contributions)
        .where(eq(contributions.userId, me.id))
        .orderBy(desc(contributions.createdAt), desc(contributions.id))
        .limit(LIMITS.recentContributions),
      // How long the last 50 reviews took (median, hours): what "pending" usually means.
      db
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
            .where(ne(contributions.status, 'pending'))
            .orderBy(desc(contributions.reviewedAt))
            .limit(50)
            .as('contributions'),
        ),
    ]);
    const pending = recent.filter((r) => r.status === 'pending');
    const positions = new Map<string, number>();
    if (pending.length > 0) {
      const rows = await db
        .select({
          id: contributions.id,
          ahead:
            sql<number>`(select count(*) from ${contributions} c2 where c2.status = 'pending' and (c2.created_at, c2.id) < (${contributions.createdAt}, ${contributions.id}))`.mapWith(
              Number,
            ),
        })
        .from(contributions)
        .where(
          inArray(
            contributions.id,
            pending.map((p) => p.id),
          ),
        );
      for (const r of rows) positions.set(r.id, r.ahead + 1);
    }
    const total = me.totalContributions;
    return c.json(
      {
        today: today?.n ?? 0,
        limit: LIMITS.contributionsPerDay,
        stats: {
          approved: me.approvedContribution,
          rejected: me.rejectedContribution,
          total,
          successRate: successRate(me.approvedContribution, total),
        },
        recent: recent.map((r) => ({
          ...view(r),
          queue:
            r.status === 'pending'
              ? { queuePosition: positions.get(r.id) ?? 1, typicalReviewHours: review?.hours ?? null }
              : null,
        })),
      },
      200,
    );
  });

  app.openapi(historyRoute, async (c) => {
    const me = currentUser(c);
    const { cursor } = c.req.valid('query');
    let after: { at: Date; id: string } | null = null;
    if (cursor) {
      const [at, id] = cursor.split('|');
      const d = new Date(at ?? '');
      // JavaScript dates reach years PostgreSQL cannot store (before 4713 BC, after 294276).
      const year = d.getUTCFullYear();
      if (!id || Number.isNaN(d.getTime()) || year < 1 || year > 9999)
        throw new ApiError(400, 'BAD_CURSOR', MSG.common.invalidInput);
      after = { at: d, id };
    }
    const page = LIMITS.pastContributionsPage;
    const rows = await c
      .get('deps')
      .handle.db.select()
      .from(contributions)
      .where(
        and(
          eq(contributions.userId, me.id),
          ne(contributions.status, 'pending'),
          after
            ? or(
                lt(contributions.createdAt, after.at),
                and(eq(contributions.createdAt, after.at), lt(contributions.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(contributions.createdAt), desc(contributions.id))
      .limit(page + 1);
    const items = rows.slice(0, page);
    const last = items.at(-1);
    return c.json(
      {
        items: items.map(view),
        nextCursor: rows.length > page && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
      },
      200,
    );
  });

  app.openapi(queueRoute, async (c) => {
    const { type, q } = c.req.valid('query');
    const db = c.get('deps').handle.db;
    const term = q?.trim() ? `%${q.trim().replace(/[%_\\]/g, (m) => `\\${m}`)}%` : null;
    const where = and(
      eq(contributions.status, 'pending'),
      type ? eq(contributions.type, type) : undefined,
      term ? or(ilike(contributions.title, term), ilike(contributions.contributor, term)) : undefined,
    );
    const [items, [total]] = await Promise.all([
      db
        .select()
        .from(contributions)
        .where(where)
        .orderBy(asc(contributions.createdAt), asc(contributions.id))
        .limit(200),
      db.select({ n: count() }).from(contributions).where(where),
    ]);
    return c.json({ items: items.map(view), total: total?.n ?? 0 }, 200);
  });

  for (const action of ['reward', 'reject'] as const) {
    app.openapi(reviewRoute(action), async (c) => {
      const admin = currentUser(c);
      const { id } = c.req.valid('param');
      const body = c.req.valid('json') as { points?: number; reason?: string };
      const deps = c.get('deps');
      const row = await reviewContribution(
        { ...deps, db: deps.handle.db },
        id,
        action === 'reward' ? { action, points: body.points! } : { action, reason: body.reason! },
        admin.id,
      );
      if (action === 'reward') deps.leaderboard.invalidate();
      void deps.mailer.deliverDue();
      return c.json({ contribution: view(row) }, 200);
    });
  }

  app.openapi(batchRoute, async (c) => {
    const admin = currentUser(c);
    const body = c.req.valid('json');
    const deps = c.get('deps');
    const results: Array<{ id: string; ok: boolean; error?: string }> = [];
    for (const id of new Set(body.ids)) {
      try {
        await reviewContribution(
          { ...deps, db: deps.handle.db },
          id,
          body.action === 'reward'
            ? { action: 'reward', points: body.points }
            : { action: 'reject', reason: body.reason },
          admin.id,
        );
        results.push({ id, ok: true });
      } catch (err) {
        results.push({ id, ok: false, error: err instanceof ApiError ? err.message : MSG.admin.error });
      }
    }
    deps.leaderboard.invalidate();
    void deps.mailer.deliverDue();
    return c.json({ results }, 200);
  });
}
