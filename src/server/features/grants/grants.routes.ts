/** Grant route contracts (spec §2 Grants page, §3 Grant, §4): requests and responses as zod schemas. */
import { z } from '@hono/zod-openapi';
import { decisionRoute } from '@/server/features/review/routes';
import { idParam } from '@/server/lib/openapi';
import { nextCursorSchema, pageParams } from '@/server/lib/paging';
import { routes } from '@/server/lib/route';
import { GRANT_STATUSES } from '@/shared/lists';
import { grantApplySchema, grantDetailSchema, grantEditSchema, grantSchema } from '@/shared/schemas/grants';
import { decisionMessageBody } from '@/shared/schemas/review';

const oneGrant = z.object({ grant: grantSchema });
const grantPageSchema = z.object({ grants: z.array(grantSchema), nextCursor: nextCursorSchema });

export const listRoute = routes.grants('get', '/grants', {
  summary:
    'Grants, newest first, one keyset page at a time: scope=explore (approved ones, plus your own; the admin sees all) or scope=mine',
  access: 'verified',
  query: z.object({ scope: z.enum(['explore', 'mine']).default('explore'), ...pageParams }),
  ok: grantPageSchema,
});

export const getRoute = routes.grants('get', '/grants/{id}', {
  summary: 'One grant with its history (approved ones, your own, or any for the admin)',
  access: 'verified',
  params: idParam,
  ok: z.object({ grant: grantDetailSchema }),
  errors: [404],
});

export const applyRoute = routes.grants('post', '/grants', {
  summary: 'Apply for a grant for one of your projects (one pending grant per project)',
  access: 'verified',
  body: grantApplySchema,
  ok: oneGrant,
  created: true,
  described: 'Submitted',
  errors: [409],
});

export const editRoute = routes.grants('patch', '/grants/{id}', {
  summary: 'Edit your proposal while it is pending',
  access: 'verified',
  params: idParam,
  body: grantEditSchema,
  ok: oneGrant,
  errors: [404, 409],
});

/** The admin grants screen's filter (the screen and its CSV export). */
export const adminGrantsQuery = z.object({ status: z.enum(GRANT_STATUSES).default('pending') });

export const adminListRoute = routes.admin('get', '/admin/grants', {
  summary: 'Grants by status for review (default pending, oldest first), one keyset page at a time',
  access: 'admin',
  query: adminGrantsQuery.extend(pageParams),
  ok: grantPageSchema.extend({
    /** How many grants each status chip holds (the chips show them). */
    counts: z.object({
      pending: z.number().int(),
      approved: z.number().int(),
      declined: z.number().int(),
    }),
  }),
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
