/**
 * Grants (spec §2 Grants page, §3 Grant, §4): contracts in grants.routes.ts,
 * handlers in grants.handlers.ts, reads, visibility and the decision in grants.data.ts.
 */
import type { AppOpenAPI } from '@/server/context';
import * as h from './grants.handlers';
import * as r from './grants.routes';

export function grantRoutes(app: AppOpenAPI) {
  app.openapi(r.listRoute, h.list);
  app.openapi(r.getRoute, h.get);
  app.openapi(r.applyRoute, h.apply);
  app.openapi(r.editRoute, h.edit);
  app.openapi(r.adminListRoute, h.adminList);
  for (const action of r.GRANT_ACTIONS) app.openapi(r.decideRoute(action), h.decideGrant(action));
}
