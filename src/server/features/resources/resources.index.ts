/** Resources (spec §2 Resources page, §3 Resource): links the admin curates for members. */
import type { AppOpenAPI } from '@/server/context';
import * as h from './resources.handlers';
import * as r from './resources.routes';

export function resourceRoutes(app: AppOpenAPI) {
  app.openapi(r.listRoute, h.list);
  app.openapi(r.createResourceRoute, h.create);
  app.openapi(r.updateResourceRoute, h.update);
  app.openapi(r.deleteResourceRoute, h.remove);
}
