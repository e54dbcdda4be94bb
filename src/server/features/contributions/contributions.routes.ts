/** Contribution hub route contracts (spec §2, §4, §5): requests and responses as zod schemas. */
import { z } from '@hono/zod-openapi';
import { decisionRoute } from '@/server/features/review/routes';
import { idParam, jsonOrMultipartBody, UPLOAD_ERRORS } from '@/server/lib/openapi';
import { nextCursorSchema, queuePageParams } from '@/server/lib/paging';
import { routes } from '@/server/lib/route';
import { LIMITS } from '@/shared/limits';
import {
  CONTRIBUTION_TYPES,
  contributionHistorySchema,
  contributionSchema,
  contributionSummarySchema,
  rejectSchema,
  requestChangesSchema,
  resubmitSchema,
  rewardSchema,
} from '@/shared/schemas/contributions';

export const submitRoute = routes.contributions('post', '/contributions', {
  summary:
    'Submit a contribution (JSON, or multipart with a "file"): at most 5 per day in the time zone of your profile, each link once',
  access: 'verified',
  request: {
    body: jsonOrMultipartBody(
      z
        .object({ title: z.string(), type: z.enum(CONTRIBUTION_TYPES), link: z.string().optional() })
        .passthrough(),
      z.object({ file: z.any().optional() }).passthrough(),
    ),
  },
  ok: z.object({ contribution: contributionSchema }),
  created: true,
  described: 'Submitted',
  errors: [409, ...UPLOAD_ERRORS],
});

export const summaryRoute = routes.contributions('get', '/contributions/me', {
  summary:
    'Your hub: today’s count as the daily limit counts it (your profile’s time zone), VC/RC/TC/SR, and the 5 most recent (pending ones with their queue place)',
  access: 'verified',
  ok: contributionSummarySchema,
  errors: [400],
});

export const historyRoute = routes.contributions('get', '/contributions/history', {
  summary: 'Your reviewed contributions, newest first, 5 per page (cursor = nextCursor of the previous page)',
  access: 'verified',
  query: z.object({ cursor: z.string().max(200).optional() }),
  ok: contributionHistorySchema,
});

/** The review queue's filters (the queue screen and its CSV export). */
export const queueQuery = z.object({
  type: z.enum(CONTRIBUTION_TYPES).optional(),
  q: z.string().max(LIMITS.searchChars).optional(),
});

export const queueRoute = routes.admin('get', '/admin/contributions', {
  summary:
    'Pending contributions, oldest first (filter by type, search title or contributor); a reviewer sees those they may decide',
  access: 'reviewer',
  query: queueQuery.extend(queuePageParams),
  ok: z.object({
    items: z.array(contributionSchema),
    nextCursor: nextCursorSchema,
    total: z.number().int(),
    /** Pending items per type under the same search (the type filter's counts). */
    byType: z.record(z.string(), z.number().int()),
  }),
});

const oneContribution = z.object({ contribution: contributionSchema });

export const rewardRoute = decisionRoute({
  path: '/admin/contributions/{id}/reward',
  summary: 'Reward with points (positive whole number), once; a reviewer up to their limit',
  access: 'reviewer',
  body: rewardSchema,
  required: true,
  response: oneContribution,
});

export const rejectRoute = decisionRoute({
  path: '/admin/contributions/{id}/reject',
  summary: 'Reject with a reason, once',
  access: 'reviewer',
  body: rejectSchema,
  required: true,
  response: oneContribution,
});

export const requestChangesRoute = decisionRoute({
  path: '/admin/contributions/{id}/request-changes',
  summary: 'Send back to its owner with a note (once); they may edit and resubmit it once',
  access: 'reviewer',
  body: requestChangesSchema,
  required: true,
  response: oneContribution,
});

export const resubmitRoute = routes.contributions('post', '/contributions/{id}/resubmit', {
  summary:
    'Your contribution sent back for changes: edit its title and link and put it back in the queue, once (not counted toward the daily limit)',
  access: 'verified',
  params: idParam,
  body: resubmitSchema,
  ok: oneContribution,
  errors: [404, 409],
});

const batchIds = z.array(z.string().max(64)).min(1).max(50);
const batchSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('reward'), ids: batchIds, points: rewardSchema.shape.points }),
  z.object({ action: z.literal('reject'), ids: batchIds, reason: rejectSchema.shape.reason }),
]);

export const batchRoute = routes.admin('post', '/admin/contributions/batch', {
  summary:
    'Reward or reject several contributions; each is its own decision (already reviewed ones are reported, not redone)',
  access: 'reviewer',
  body: batchSchema,
  ok: z.object({
    results: z.array(z.object({ id: z.string(), ok: z.boolean(), error: z.string().optional() })),
  }),
});
