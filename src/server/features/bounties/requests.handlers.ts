/**
 * Bounty request handlers: startups and projects ask for a bounty; the admin
 * approves, rejects or resets. Every change is announced on the realtime bus so
 * open admin pages update without reloading.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { bountyApplications, user } from '@/db/schema';
import { type OwnApplications, ownApplications } from '@/server/features/review/own-applications';
import { decideWithNote } from '@/server/features/review/routes';
import { refuseIfDisabled } from '@/server/features/users/moderation';
import { currentUser } from '@/server/lib/access';
import { ApiError } from '@/server/lib/errors';
import { filesOf, readFields, textField } from '@/server/lib/form';
import { listCache } from '@/server/lib/list-cache';
import type { AppRouteHandler } from '@/server/lib/openapi';
import { afterTimeKey, decodeCursor, exactInstant, pageOf, timeKeySchema } from '@/server/lib/paging';
import { lockUser } from '@/server/lib/user-lock';
import { newObjectKey } from '@/server/storage/storage';
import { storeImages } from '@/server/storage/store-images';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { deadlineFromLocalDate } from '@/shared/rules/bounty';
import { bountyReapplyAt } from '@/shared/rules/cooldown';
import { zoneAt } from '@/shared/rules/user-zone';
import { firstMessage } from '@/shared/schemas/account';
import { bountyImagesError, bountyRequestSchema } from '@/shared/schemas/bounties';
import { decisionMessageBody } from '@/shared/schemas/review';
import { UPLOADS } from '@/shared/uploads';
import {
  adminRequestCounts,
  adminRequestsWhere,
  announce,
  criteriaOf,
  requestDecision,
  requestsWithView,
  viewMany,
  viewOf,
} from './requests.data';
import type { Action, adminListRoute, decideRoute, mineRoute, submitRoute } from './requests.routes';
import { overdueBountyOf } from './winners';

export const submit: AppRouteHandler<typeof submitRoute> = async (c) => {
  const me = currentUser(c);
  const deps = c.get('deps');
  const { handle, storage, now } = deps;
  const form = await readFields(c, { json: true, repeatable: ['images', 'criteria'] });
  const parsed = bountyRequestSchema(now).safeParse({
    title: textField(form, 'title') ?? '',
    description: textField(form, 'description') ?? '',
    reward: textField(form, 'reward') ?? '',
    deadline: textField(form, 'deadline') ?? '',
    contactInfo: textField(form, 'contactInfo') ?? '',
    resourceLink: textField(form, 'resourceLink'),
    criteria: criteriaOf(form.criteria),
    // The deadline is a local date in the requester's stored zone, not one the form names.
    timeZone: zoneAt(me, now()),
  });
  if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', firstMessage(parsed.error));
  const input = parsed.data;
  const files = filesOf(form, 'images');
  const imagesError = bountyImagesError(files);
  if (imagesError)
    throw new ApiError(files.length > UPLOADS.bountyImage.maxFiles ? 400 : 413, 'IMAGES', imagesError);

  const historyOf = (db: DbExecutor) =>
    db
      .select({ status: bountyApplications.status, createdAt: bountyApplications.createdAt })
      .from(bountyApplications)
      .where(eq(bountyApplications.userId, me.id));
  // A cheap early answer before any upload; the transaction below is the real check.
  if (bountyReapplyAt(await historyOf(handle.db), now()))
    throw new ApiError(409, 'COOLDOWN', MSG.bounty.cooldown);
  await refuseIfWinnersOverdue(handle.db, me.id, now());

  const at = now();
  const stored = await storeImages(storage, {
    member: me.id,
    files: Object.fromEntries(files.map((f, i) => [`image${i}`, f])),
    key: (_field, name) => newObjectKey(`bountyApplications/${me.id}`, at, name),
    rule: UPLOADS.bountyImage,
    maxDimension: Object.fromEntries(files.map((_f, i) => [`image${i}`, 1600])),
    failedMessage: MSG.bounty.failed,
  });
  const images = files.map((_f, i) => stored.urls[`image${i}`]).filter((u): u is string => !!u);
  try {
    const row = await handle.db.transaction(async (tx) => {
      await lockUser(tx, me.id, { id: user.id });
      await refuseIfDisabled(tx, me.id);
      if (bountyReapplyAt(await historyOf(tx), now()))
        throw new ApiError(409, 'COOLDOWN', MSG.bounty.cooldown);
      await refuseIfWinnersOverdue(tx, me.id, now());
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
};

/**
 * Superteam Earn's rule (issue 19): a requester whose bounty is more than 7 days past its
 * deadline without winners cannot request another; the 409 names that bounty.
 */
async function refuseIfWinnersOverdue(db: DbExecutor, userId: string, now: Date): Promise<void> {
  const overdue = await overdueBountyOf(db, userId, now);
  if (overdue) throw new ApiError(409, 'WINNERS_OVERDUE', MSG.winners.blocked(overdue.title));
}

/** A requester's own bounty requests (GET …/mine), each counting toward the 24 h cooldown. */
const OWN_REQUESTS: OwnApplications<typeof bountyApplications> = {
  table: bountyApplications,
  owner: bountyApplications.userId,
  sentAt: bountyApplications.createdAt,
  reapplyAt: bountyReapplyAt,
};

export const mine: AppRouteHandler<typeof mineRoute> = async (c) => {
  const me = currentUser(c);
  const { handle, now } = c.get('deps');
  const { rows, canApplyAt } = await ownApplications(handle.db, OWN_REQUESTS, me.id, now());
  return c.json(
    {
      applications: await viewMany(handle.db, rows),
      canApplyAt,
      overdueWinners: await overdueBountyOf(handle.db, me.id, now()),
    },
    200,
  );
};

export const adminList: AppRouteHandler<typeof adminListRoute> = async (c) => {
  const { handle } = c.get('deps');
  const db = handle.db;
  const { status, cursor, limit } = c.req.valid('query');
  const after = decodeCursor(cursor, timeKeySchema);
  // The page and what each request is shown with, in one statement.
  const read = async () => {
    const rows = await requestsWithView(db, { key: exactInstant(bountyApplications.createdAt) })
      .where(
        and(
          adminRequestsWhere(status),
          afterTimeKey('desc', bountyApplications.createdAt, bountyApplications.id, after),
        ),
      )
      .orderBy(desc(bountyApplications.createdAt), desc(bountyApplications.id))
      .limit((limit ?? LIMITS.queuePage) + 1);
    const page = pageOf(rows, limit ?? LIMITS.queuePage, (r) => [r.key, r.request.id]);
    return { applications: page.items.map(viewOf), nextCursor: page.nextCursor };
  };
  // The version is read once for both entries (on PostgreSQL two reads at once would be two statements).
  const cache = listCache(handle);
  const version = await cache.version('bounty_requests');
  const [page, counts] = await Promise.all([
    // The screen's first page of each chip is kept while no request, requester (name, disabled) or
    // applicant to a published bounty changes (list-cache.ts; migrations 0031 and 0039).
    !after && limit === undefined
      ? cache.get(
          'bounty_requests',
          `admin:${status ?? 'all'}`,
          async () => ({ value: await read() }),
          version,
        )
      : read(),
    adminRequestCounts(handle, version),
  ]);
  c.header('cache-control', 'no-store');
  return c.json({ ...page, counts }, 200);
};

export const decideRequest =
  (action: Action): AppRouteHandler<ReturnType<typeof decideRoute>> =>
  async (c) => {
    const { id } = c.req.valid('param');
    const row = await decideWithNote(c, requestDecision, action, {
      schema: decisionMessageBody,
      key: 'message',
    });
    const deps = c.get('deps');
    await announce(deps, id, action);
    const [out] = await viewMany(deps.handle.db, [row]);
    return c.json({ application: out! }, 200);
  };
