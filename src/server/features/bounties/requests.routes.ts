/** Bounty request route contracts (spec §2 Bounty application form, Admin bounty approvals; §4; §5). */
import { createRoute, z } from '@hono/zod-openapi';
import { decisionRoute } from '@/server/features/review/routes';
import { requireAccess } from '@/server/lib/access';
import { errorResponses } from '@/server/lib/errors';
import { jsonContent } from '@/server/lib/openapi';
import { bountyRequestSchemaOut } from '@/shared/schemas/bounties';
import { decisionMessageBody } from '@/shared/schemas/review';

export const submitRoute = createRoute({
  method: 'post',
  path: '/bounty-applications',
  tags: ['bounties'],
  summary:
    'Request a bounty (startup or project role): multipart with title, description, reward, deadline (YYYY-MM-DD, a day in your profile’s time zone), contactInfo, resourceLink, criteria (repeat or JSON array), up to 5 "images"',
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
    201: jsonContent(z.object({ application: bountyRequestSchemaOut }), 'Submitted'),
    ...errorResponses(400, 401, 403, 409, 413, 503),
  },
});

export const mineRoute = createRoute({
  method: 'get',
  path: '/bounty-applications/mine',
  tags: ['bounties'],
  summary:
    'Your bounty requests (newest first), when the form opens again, and a bounty whose overdue winners block a new request',
  middleware: [requireAccess('applicantOnly')] as const,
  responses: {
    200: jsonContent(
      z.object({
        applications: z.array(bountyRequestSchemaOut),
        canApplyAt: z.string().nullable(),
        /** A bounty of yours more than 7 days past its deadline without winners: no new request until they are announced. */
        overdueWinners: z.object({ id: z.string(), title: z.string(), deadline: z.string() }).nullable(),
      }),
    ),
    ...errorResponses(401, 403),
  },
});

export const adminListRoute = createRoute({
  method: 'get',
  path: '/admin/bounty-applications',
  tags: ['admin'],
  summary: 'All bounty requests, newest first (live updates: GET /api/admin/events)',
  middleware: [requireAccess('admin')] as const,
  responses: {
    200: jsonContent(z.object({ applications: z.array(bountyRequestSchemaOut) })),
    ...errorResponses(401, 403),
  },
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
