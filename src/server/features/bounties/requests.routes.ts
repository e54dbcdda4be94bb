/** Bounty request route contracts (spec §2 Bounty application form, Admin bounty approvals; §4; §5). */
import { z } from '@hono/zod-openapi';
import { decisionRoute } from '@/server/features/review/routes';
import { jsonOrMultipartBody, UPLOAD_ERRORS } from '@/server/lib/openapi';
import { nextCursorSchema, queuePageParams } from '@/server/lib/paging';
import { routes } from '@/server/lib/route';
import { BOUNTY_REQUEST_FILTERS, bountyRequestSchemaOut } from '@/shared/schemas/bounties';
import { decisionMessageBody } from '@/shared/schemas/review';

export const submitRoute = routes.bounties('post', '/bounty-applications', {
  summary:
    'Request a bounty (startup or project role): multipart with title, description, reward, deadline (YYYY-MM-DD, a day in your profile’s time zone), contactInfo, resourceLink, criteria (repeat or JSON array), up to 5 "images"',
  access: 'applicantOnly',
  request: {
    body: jsonOrMultipartBody(
      z.object({ title: z.string() }).passthrough(),
      z.object({ images: z.any().optional() }).passthrough(),
    ),
  },
  ok: z.object({ application: bountyRequestSchemaOut }),
  created: true,
  described: 'Submitted',
  errors: [409, ...UPLOAD_ERRORS],
});

export const mineRoute = routes.bounties('get', '/bounty-applications/mine', {
  summary:
    'Your bounty requests (newest first), when the form opens again, and a bounty whose overdue winners block a new request',
  access: 'applicantOnly',
  ok: z.object({
    applications: z.array(bountyRequestSchemaOut),
    canApplyAt: z.string().nullable(),
    /** A bounty of yours more than 7 days past its deadline without winners: no new request until they are announced. */
    overdueWinners: z.object({ id: z.string(), title: z.string(), deadline: z.string() }).nullable(),
  }),
});

export const adminListRoute = routes.admin('get', '/admin/bounty-applications', {
  summary:
    'Bounty requests, newest first: all, or one status; with how many each status holds (live updates: GET /api/admin/events)',
  access: 'admin',
  query: z.object({ status: z.enum(BOUNTY_REQUEST_FILTERS).default('all'), ...queuePageParams }),
  ok: z.object({
    applications: z.array(bountyRequestSchemaOut),
    nextCursor: nextCursorSchema,
    counts: z.object({
      all: z.number().int(),
      pending: z.number().int(),
      approved: z.number().int(),
      rejected: z.number().int(),
    }),
  }),
});

/** Each admin action and the status it leads to. */
export const ACTIONS = { approve: 'approved', reject: 'rejected', reset: 'pending' } as const;
export type Action = keyof typeof ACTIONS;

export const decideRoute = (action: Action) =>
  decisionRoute({
    path: `/admin/bounty-applications/{id}/${action}`,
    summary: {
      approve: 'Approve (optional message): publishes the bounty on the board',
      reject: 'Reject (optional message); an approved bounty is unpublished if nobody applied',
      reset: 'Back to pending, message cleared; an approved bounty is unpublished if nobody applied',
    }[action],
    body: decisionMessageBody,
    response: z.object({ application: bountyRequestSchemaOut }),
  });
