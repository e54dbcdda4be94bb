/**
 * Contribution hub handlers: submit (one transaction that locks the user row, so
 * the daily limit holds under any concurrency), the own summary, history pages,
 * and the admin's queue and decisions (review/decide.ts with contributions/review.ts).
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { DbExecutor } from '@/db/client';
import { contributions, user } from '@/db/schema';
import type { AppBindings } from '@/server/context';
import { decide } from '@/server/features/review/decide';
import { deciderOf } from '@/server/features/review/routes';
import { currentUser } from '@/server/lib/access';
import { ApiError } from '@/server/lib/errors';
import { readFields } from '@/server/lib/form';
import { listCache } from '@/server/lib/list-cache';
import type { AppRouteHandler } from '@/server/lib/openapi';
import { afterTimeKey, decodeCursor, exactInstant, pageOf, timeKeySchema } from '@/server/lib/paging';
import { newObjectKey } from '@/server/storage/storage';
import { storeImages } from '@/server/storage/store-images';
import { successRate } from '@/shared/format';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { linkKey } from '@/shared/rules/links';
import { limitWindowStart, type ZoneRecord, zoneAt } from '@/shared/rules/user-zone';
import { firstMessage } from '@/shared/schemas/account';
import { contributionSubmitSchema } from '@/shared/schemas/contributions';
import { UPLOADS } from '@/shared/uploads';
import { lockUserZone } from '../profile/zone';
import { refuseIfDisabled } from '../users/moderation';
import {
  countSince,
  duplicateLink,
  historyPage,
  isUniqueViolation,
  type QueuePlace,
  queuePositions,
  queueWhere,
  refuseIfLinkTaken,
  typicalReviewHours,
  view,
} from './contributions.data';
import type {
  batchRoute,
  historyRoute,
  queueRoute,
  rejectRoute,
  requestChangesRoute,
  rewardRoute,
  submitRoute,
  summaryRoute,
} from './contributions.routes';
import { contributionDecision, type ReviewDecision } from './review';

const dailyLimit = () => new ApiError(429, 'DAILY_LIMIT', MSG.contribution.dailyLimit);

export const submit: AppRouteHandler<typeof submitRoute> = async (c) => {
  const me = currentUser(c);
  const { handle, storage, now } = c.get('deps');
  const db = handle.db;
  const raw = await readFields(c, { json: true });
  const file = raw.file instanceof File && raw.file.size > 0 ? raw.file : undefined;
  const parsed = contributionSubmitSchema.safeParse({ ...raw, file: undefined, hasFile: !!file });
  if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', firstMessage(parsed.error));
  const input = parsed.data;
  const key = input.link ? linkKey(input.link) : null;
  // The day follows the zone stored on the user's record, never one the request names.
  const countToday = (exec: DbExecutor, zone: ZoneRecord) =>
    countSince(exec, me.id, limitWindowStart(zone, now()));

  // A cheap early answer before any upload; the transaction below is the real check.
  if ((await countToday(db, me)) >= LIMITS.contributionsPerDay) throw dailyLimit();

  // Images are re-encoded, a PDF is kept (served as a download). Only its owner and the
  // reviewers see it: its key cannot be guessed.
  const at = now();
  const stored = await storeImages(storage, {
    member: me.id,
    files: { file },
    key: (_field, name) => newObjectKey(`contributions/${me.id}`, at, name),
    rule: UPLOADS.contributionFile,
    maxDimension: { file: 2400 },
    failedMessage: MSG.contribution.uploadFailed,
    failedCode: 'UPLOAD_FAILED',
  });

  try {
    const row = await db.transaction(async (tx) => {
      // Every submit of this user queues here: the count below sees all earlier ones,
      // and the zone is read under the same lock as a profile edit changes it.
      const zone = await lockUserZone(tx, me.id);
      // Disabled while this request was on its way (issue 18): nothing is stored.
      await refuseIfDisabled(tx, me.id);
      if (!zone || (await countToday(tx, zone)) >= LIMITS.contributionsPerDay) throw dailyLimit();
      if (key) await refuseIfLinkTaken(tx, key);
      const [inserted] = await tx
        .insert(contributions)
        .values({
          userId: me.id,
          title: input.title,
          type: input.type,
          contributor: me.name?.trim() || me.email || 'Anonymous',
          link: input.link ?? null,
          linkKey: key,
          fileUrl: stored.urls.file ?? null,
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
    await stored.removeAll().catch(() => {});
    // Two users racing with one link: the unique index lets one in.
    if (isUniqueViolation(err)) throw duplicateLink();
    if (err instanceof ApiError) throw err;
    throw new ApiError(500, 'SUBMIT_FAILED', MSG.contribution.submitFailed, err);
  }
};

export const summary: AppRouteHandler<typeof summaryRoute> = async (c) => {
  const me = currentUser(c);
  const { handle, now } = c.get('deps');
  const db = handle.db;
  // What depends on the whole queue (the typical review time, shared by every hub, and each
  // member's pending items' places, kept per set of items) is kept until any contribution, an
  // account's state or a name changes (the contributions version, migrations 0029 and 0031),
  // read once here, before anything it keys is computed. Across processes on PostgreSQL a
  // change is heard within the write generation's window (ADR 0023).
  const cache = listCache(handle);
  const [today, recent, version] = await Promise.all([
    // The count the daily limit compares (same window, same stored zone).
    countSince(db, me.id, limitWindowStart(me, now())),
    db
      .select()
      .from(contributions)
      .where(eq(contributions.userId, me.id))
      .orderBy(desc(contributions.createdAt), desc(contributions.id))
      .limit(LIMITS.recentContributions),
    cache.version('contributions'),
  ]);
  const pending = recent.filter((r) => r.status === 'pending');
  // Both are shown only beside a pending item.
  const [hours, positions] =
    pending.length === 0
      ? [null, new Map<string, QueuePlace>()]
      : await Promise.all([
          cache.get(
            'contributions',
            'typical-review-hours',
            async () => ({ value: await typicalReviewHours(db) }),
            version,
          ),
          cache.get(
            'contributions',
            `places:${pending.map((r) => r.id).join(',')}`,
            async () => ({ value: await queuePositions(db, pending) }),
            version,
          ),
        ]);
  const total = me.totalContributions;
  return c.json(
    {
      today,
      limit: LIMITS.contributionsPerDay,
      timeZone: zoneAt(me, now()),
      stats: {
        approved: me.approvedContribution,
        rejected: me.rejectedContribution,
        total,
        successRate: successRate(me.approvedContribution, total),
      },
      recent: recent.map((r) => {
        const at = positions.get(r.id) ?? { place: 1, deep: false };
        return {
          ...view(r),
          queue:
            r.status === 'pending'
              ? { queuePosition: at.place, queueDeep: at.deep, typicalReviewHours: hours }
              : null,
        };
      }),
    },
    200,
  );
};

export const history: AppRouteHandler<typeof historyRoute> = async (c) => {
  const { cursor } = c.req.valid('query');
  return c.json(await historyPage(c.get('deps').handle.db, currentUser(c).id, cursor), 200);
};

export const queue: AppRouteHandler<typeof queueRoute> = async (c) => {
  const { handle } = c.get('deps');
  const db = handle.db;
  // A reviewer's queue leaves out what they may not decide (their own, their invitees').
  const reviewer = c.get('isAdmin') ? undefined : currentUser(c).id;
  const { cursor, limit = LIMITS.queuePage, ...query } = c.req.valid('query');
  const after = decodeCursor(cursor, timeKeySchema);
  const where = queueWhere({ ...query, reviewer });
  // The type filter's counts: the same queue and search, every type (issue 20: counts on every filter).
  const [rows, byType] = await Promise.all([
    db
      .select({ contribution: contributions, key: exactInstant(contributions.createdAt) })
      .from(contributions)
      .where(and(where, afterTimeKey('asc', contributions.createdAt, contributions.id, after)))
      .orderBy(asc(contributions.createdAt), asc(contributions.id))
      .limit(limit + 1),
    // They read every pending item (about 70 ms at 100,000), so they are kept in the list cache
    // until a contribution or an account's state changes (migration 0029).
    listCache(handle).get(
      'contributions',
      `queue-counts:${reviewer ?? ''}:${query.q?.trim() ?? ''}`,
      async () => ({
        value: await db
          .select({ type: contributions.type, n: count() })
          .from(contributions)
          .where(queueWhere({ ...query, type: undefined, reviewer, counting: true }))
          .groupBy(contributions.type),
      }),
    ),
  ]);
  const page = pageOf(rows, limit, (r) => [r.key, r.contribution.id]);
  const counts = Object.fromEntries(byType.map((r) => [r.type, r.n]));
  const total = query.type ? (counts[query.type] ?? 0) : byType.reduce((sum, r) => sum + r.n, 0);
  return c.json(
    {
      items: page.items.map((r) => view(r.contribution)),
      nextCursor: page.nextCursor,
      total,
      byType: counts,
    },
    200,
  );
};

export const reward: AppRouteHandler<typeof rewardRoute> = async (c) => {
  const { points } = c.req.valid('json');
  const row = await review(c, c.req.valid('param').id, { action: 'reward', points });
  c.get('deps').leaderboard.invalidate();
  return c.json({ contribution: view(row) }, 200);
};

export const reject: AppRouteHandler<typeof rejectRoute> = async (c) => {
  const { reason } = c.req.valid('json');
  const row = await review(c, c.req.valid('param').id, { action: 'reject', reason });
  return c.json({ contribution: view(row) }, 200);
};

export const requestChanges: AppRouteHandler<typeof requestChangesRoute> = async (c) => {
  const { note } = c.req.valid('json');
  const row = await review(c, c.req.valid('param').id, { action: 'changes', note });
  return c.json({ contribution: view(row) }, 200);
};

export const batch: AppRouteHandler<typeof batchRoute> = async (c) => {
  const body = c.req.valid('json');
  const decision: ReviewDecision =
    body.action === 'reward'
      ? { action: 'reward', points: body.points }
      : { action: 'reject', reason: body.reason };
  const results: Array<{ id: string; ok: boolean; error?: string }> = [];
  // Each is its own decision: one already reviewed is reported, and the others still go through.
  for (const id of new Set(body.ids)) {
    try {
      await review(c, id, decision);
      results.push({ id, ok: true });
    } catch (err) {
      results.push({ id, ok: false, error: err instanceof ApiError ? err.message : MSG.admin.error });
    }
  }
  c.get('deps').leaderboard.invalidate();
  return c.json({ results }, 200);
};

function review(c: Context<AppBindings>, id: string, decision: ReviewDecision) {
  return decide(c.get('deps'), contributionDecision, id, decision, deciderOf(c));
}
