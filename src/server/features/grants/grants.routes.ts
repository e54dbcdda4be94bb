/** Grant route contracts (spec §2 Grants page, §3 Grant, §4): requests and responses as zod schemas. */
import { createRoute, z } from '@hono/zod-openapi';
import { decisionRoute } from '@/server/features/review/routes';
import { requireAccess } from '@/server/lib/access';
import { errorResponses } from '@/server/lib/errors';
import { idParam, jsonBody, jsonContent } from '@/server/lib/openapi';
import { nextCursorSchema, pageParams } from '@/server/lib/paging';
import {
  GRANT_STATUSES,
  grantApplySchema,
  grantDetailSchema,
  grantEditSchema,
  grantSchema,
} from '@/shared/schemas/grants';
import { decisionMessageBody } from '@/shared/schemas/review';

const oneGrant = jsonContent(z.object({ grant: grantSchema }));
const grantPageSchema = z.object({ grants: z.array(grantSchema), nextCursor: nextCursorSchema });

export const listRoute = createRoute({
  method: 'get',
  path: '/grants',
  tags: ['grants'],
  summary:
    'Grants, newest first, one keyset page at a time: scope=explore (approved ones, plus your own; the admin sees all) or scope=mine',
  middleware: [requireAccess('verified')] as const,
  request: { query: z.object({ scope: z.enum(['explore', 'mine']).default('explore'), ...pageParams }) },
  responses: {
    200: jsonContent(grantPageSchema),
    ...errorResponses(400, 401, 403),
  },
});

export const getRoute = createRoute({
  method: 'get',
  path: '/grants/{id}',
  tags: ['grants'],
  summary: 'One grant with its history (approved ones, your own, or any for the admin)',
  middleware: [requireAccess('verified')] as const,
  request: { params: idParam },
  responses: { 200: jsonContent(z.object({ grant: grantDetailSchema })), ...errorResponses(401, 403, 404) },
});

export const applyRoute = createRoute({
  method: 'post',
  path: '/grants',
  tags: ['grants'],
  summary: 'Apply for a grant for one of your projects (one pending grant per project)',
  middleware: [requireAccess('verified')] as const,
  request: { body: jsonBody(grantApplySchema) },
  responses: {
    201: jsonContent(z.object({ grant: grantSchema }), 'Submitted'),
    ...errorResponses(400, 401, 403, 409),
  },
});

export const editRoute = createRoute({
  method: 'patch',
  path: '/grants/{id}',
  tags: ['grants'],
  summary: 'Edit your proposal while it is pending',
  middleware: [requireAccess('verified')] as const,
  request: { params: idParam, body: jsonBody(grantEditSchema) },
  responses: { 200: oneGrant, ...errorResponses(400, 401, 403, 404, 409) },
});

/** The admin grants screen's filter (the screen and its CSV export). */
export const adminGrantsQuery = z.object({ status: z.enum(GRANT_STATUSES).default('pending') });

export const adminListRoute = createRoute({
  method: 'get',
  path: '/admin/grants',
  tags: ['admin'],
  summary: 'Grants by status for review (default pending, oldest first), one keyset page at a time',
  middleware: [requireAccess('admin')] as const,
  request: { query: adminGrantsQuery.extend(pageParams) },
  responses: {
    200: jsonContent(
      grantPageSchema.extend({
        /** How many grants each status chip holds (the chips show them). */
        counts: z.object({
          pending: z.number().int(),
          approved: z.number().int(),
          declined: z.number().int(),
        }),
      }),
    ),
    ...errorResponses(400, 401, 403),
  },
});

export const GRANT_ACTIONS = ['approve', 'decline'] as const;
export type GrantAction = (typeof GRANT_ACTIONS)[number];

export const decideRoute = (action: GrantAction) =>
  decisionRoute({
    path: `/admin/grants/{id}/${action}`,
    summary: `${action === 'approve' ? 'Approve' : 'Decline'} a pending grant (optional message); the applicant is mailed`,
    body: decisionMessageBody,
    response: z.object({ grant: grantSchema }),
  });
