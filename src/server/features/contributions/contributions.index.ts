/**
 * Contribution hub (spec §2, §4, §5): contracts in contributions.routes.ts, handlers
 * in contributions.handlers.ts, reads in contributions.data.ts, the review decision
 * in review.ts.
 */
import type { AppOpenAPI } from '@/server/context';
import * as h from './contributions.handlers';
import * as r from './contributions.routes';
import { resubmit } from './resubmit';

export function contributionRoutes(app: AppOpenAPI) {
  app.openapi(r.submitRoute, h.submit);
  app.openapi(r.summaryRoute, h.summary);
  app.openapi(r.historyRoute, h.history);
  app.openapi(r.queueRoute, h.queue);
  app.openapi(r.rewardRoute, h.reward);
  app.openapi(r.rejectRoute, h.reject);
  app.openapi(r.batchRoute, h.batch);
  app.openapi(r.requestChangesRoute, h.requestChanges);
  app.openapi(r.resubmitRoute, resubmit);
}
