/**
 * CSV exports for the admin (issue 18): GET /api/admin/exports/<what>, filtered with
 * the query of the screen it comes from, streamed in keyset batches (lib/csv-stream.ts).
 * A download reads and changes nothing, so it is a GET.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppBindings } from '@/server/context';
import { recordAudit } from '@/server/features/audit/audit';
import { queueQuery } from '@/server/features/contributions/contributions.routes';
import { adminGrantsQuery } from '@/server/features/grants/grants.routes';
import { currentUser, requireAccess } from '@/server/lib/access';
import { csvFileName, csvResponse } from '@/server/lib/csv-stream';
import { errorResponses } from '@/server/lib/errors';
import { BOUNTY_REQUEST_STATUSES } from '@/shared/schemas/bounties';
import { usersQuerySchema } from '@/shared/schemas/users-admin';
import {
  applicationsExport,
  bountyApplicationsExport,
  contributionsExport,
  type Export,
  grantsExport,
  ledgerExport,
  usersExport,
} from './exports.data';

const exportRoute = <Q extends z.ZodObject>(what: string, summary: string, query: Q) =>
  createRoute({
    method: 'get',
    path: `/admin/exports/${what}`,
    tags: ['admin'],
    summary: `CSV download: ${summary} (streamed; formula-safe cells)`,
    middleware: [requireAccess('admin')] as const,
    request: { query },
    responses: {
      200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
      ...errorResponses(400, 401, 403),
    },
  });

const usersQuery = usersQuerySchema.pick({
  q: true,
  role: true,
  status: true,
  verified: true,
  disabled: true,
  reviewer: true,
});
const ledgerQuery = z.object({
  userId: z.string().max(64).optional(),
  reason: z.string().max(64).optional(),
});
const none = z.object({});
const bountyQuery = z.object({ status: z.enum(BOUNTY_REQUEST_STATUSES).optional() });

export const exportRoutes = {
  users: exportRoute(
    'users',
    'users, filtered as the users console filters them (q, role, status, verified, disabled, reviewer)',
    usersQuery,
  ),
  contributions: exportRoute('contributions', 'the contribution review queue (type, q)', queueQuery),
  ledger: exportRoute('xp-ledger', 'the XP ledger (one user, one reason)', ledgerQuery),
  applications: exportRoute('project-applications', 'pending project applications', none),
  bountyApplications: exportRoute('bounty-applications', 'bounty requests (all, or one status)', bountyQuery),
  grants: exportRoute('grants', 'grants in one status', adminGrantsQuery),
};

export function exportsRoutes(app: OpenAPIHono<AppBindings>) {
  // Each download is recorded in the audit log (who exported what, with which filters) before
  // the first byte goes out: a log of a read, like a session's last_seen_at, not a change of state.
  const send = async <R>(c: Context<AppBindings>, e: Export<R>) => {
    await recordAudit(c.get('deps').handle.db, {
      actorId: currentUser(c).id,
      action: 'export.download',
      targetType: 'export',
      targetId: e.name,
      after: { filters: c.req.query() },
    });
    return csvResponse(c, csvFileName(e.name, c.get('deps').now()), e.columns, e.rows) as never;
  };
  const db = (c: Context<AppBindings>) => c.get('deps').handle.db;

  app.openapi(exportRoutes.users, (c) =>
    send(c, usersExport(db(c), c.req.valid('query'), c.get('deps').env.ADMIN_EMAIL)),
  );
  app.openapi(exportRoutes.contributions, (c) => send(c, contributionsExport(db(c), c.req.valid('query'))));
  app.openapi(exportRoutes.ledger, (c) => send(c, ledgerExport(db(c), c.req.valid('query'))));
  app.openapi(exportRoutes.applications, (c) => send(c, applicationsExport(db(c))));
  app.openapi(exportRoutes.bountyApplications, (c) =>
    send(c, bountyApplicationsExport(db(c), c.req.valid('query'))),
  );
  app.openapi(exportRoutes.grants, (c) => send(c, grantsExport(db(c), c.req.valid('query'))));
}
