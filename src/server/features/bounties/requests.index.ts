/**
 * Bounty requests (spec §2 Bounty application form, Admin bounty approvals; §4; §5):
 * contracts in requests.routes.ts, handlers in requests.handlers.ts, reads and the
 * decision in requests.data.ts.
 */
import type { AppOpenAPI } from '@/server/context';
import * as h from './requests.handlers';
import * as r from './requests.routes';

export function bountyRequestRoutes(app: AppOpenAPI) {
  app.openapi(r.submitRoute, h.submit);
  app.openapi(r.mineRoute, h.mine);
  app.openapi(r.adminListRoute, h.adminList);
  for (const action of Object.keys(r.ACTIONS) as r.Action[]) {
    app.openapi(r.decideRoute(action), h.decideRequest(action));
  }
}
