/**
 * The one way to declare an API route. A route names its OpenAPI tag through its
 * declarer (`routes.admin(…)`, one per tag at the end of this file) and states only
 * what is its own: method, path, summary, who may call it, what it takes and what it
 * answers.
 *
 * What follows from those is decided here, once, for every route:
 * - `access` puts the guard (`requireAccess`) first in the route's middleware, so it
 *   runs before validation, and documents the 401 and 403 that guard answers;
 * - any input (`params`, `query`, `body`) documents the 400 its validation answers;
 * - `body` is a JSON body; other bodies (multipart) go through `request`;
 * - `ok` is the 200 (201 with `created`), a JSON response of that schema;
 * - `errors` lists only the answers the handler itself gives (404, 409, 429, …).
 */
import { createRoute, type RouteConfig, type z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Access } from '@/shared/rules/access';
import type { AppBindings } from '../context';
import { requireAccess } from './access';
import { errorResponses } from './errors';
import { jsonBody, jsonContent } from './openapi';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Guard = MiddlewareHandler<AppBindings>;
type Request = NonNullable<RouteConfig['request']>;
type JsonBody<B extends z.ZodType> = ReturnType<typeof jsonBody<B>>;
type JsonContent<T extends z.ZodType> = ReturnType<typeof jsonContent<T>>;
type ErrorResponses = ReturnType<typeof errorResponses>;

/**
 * The types a route's spec fixes: its answer, its inputs, the rest of its request,
 * whether it creates, and its guard. RouteSpec and Built read them from one record, so
 * the list is written once (routesOf infers each part).
 */
type Parts = {
  ok: z.ZodType;
  params: z.ZodType | undefined;
  query: z.ZodType | undefined;
  body: z.ZodType | undefined;
  request: Request;
  created: boolean;
  access: Access | Guard | undefined;
};

export interface RouteSpec<T extends Parts> {
  summary: string;
  /** Who may call it: an access level, or a guard of its own that answers 401/403 likewise. */
  access?: T['access'];
  /** The 403's message for this route, where the access level's default does not say enough. */
  forbidden?: string;
  params?: T['params'];
  query?: T['query'];
  /** A JSON request body. */
  body?: T['body'];
  /** Other request parts (a multipart body); merged with the above. */
  request?: T['request'];
  /** The success answer's JSON schema. */
  ok: T['ok'];
  /** Answer 201 instead of 200. */
  created?: T['created'];
  /** The success answer's description. */
  described?: string;
  /** The statuses the handler itself answers, beyond the guard's and validation's. */
  errors?: readonly number[];
}

type Built<M extends Method, P extends string, T extends Parts> = {
  method: M;
  path: P;
  tags: string[];
  summary: string;
  request: T['request'] &
    (T['params'] extends z.ZodType ? { params: T['params'] } : unknown) &
    (T['query'] extends z.ZodType ? { query: T['query'] } : unknown) &
    (T['body'] extends z.ZodType ? { body: JsonBody<T['body']> } : unknown);
  responses: ErrorResponses & { [S in T['created'] extends true ? 201 : 200]: JsonContent<T['ok']> };
} & (T['access'] extends undefined ? unknown : { middleware: [Guard] });

/** The route declarer of the routes that share `tag` (one per tag: `routes` below). */
export function routesOf(tag: string) {
  return function route<
    const M extends Method,
    const P extends string,
    Ok extends z.ZodType,
    Pa extends z.ZodType | undefined = undefined,
    Q extends z.ZodType | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
    Req extends Request = Record<never, never>,
    C extends boolean = false,
    G extends Access | Guard | undefined = undefined,
  >(
    method: M,
    path: P,
    spec: RouteSpec<{ ok: Ok; params: Pa; query: Q; body: B; request: Req; created: C; access: G }>,
  ) {
    const { access, params, query, body } = spec;
    const guard =
      access === undefined
        ? undefined
        : typeof access === 'string'
          ? requireAccess(access, spec.forbidden)
          : access;
    const request = {
      ...spec.request,
      ...(params && { params }),
      ...(query && { query }),
      ...(body && { body: jsonBody(body) }),
    };
    const inputs = Object.keys(request).length > 0;
    const statuses = new Set([
      ...(inputs ? [400] : []),
      ...(guard ? [401, 403] : []),
      ...(spec.errors ?? []),
    ]);
    const config = {
      method,
      path,
      tags: [tag],
      summary: spec.summary,
      ...(guard && { middleware: [guard] }),
      ...(inputs && { request }),
      responses: {
        [spec.created ? 201 : 200]: jsonContent(spec.ok, spec.described),
        ...errorResponses(...[...statuses].sort((a, b) => a - b)),
      },
    };
    // The shape is built from the spec above; its type is spelled out once, in Built.
    return createRoute(
      config as unknown as Built<
        M,
        P,
        { ok: Ok; params: Pa; query: Q; body: B; request: Req; created: C; access: G }
      >,
    );
  };
}

/**
 * The API's tags, the groups of /api/docs, each with its route declarer: a feature
 * declares its routes as `routes.admin('get', …)`. A tag is named here once.
 */
export const routes = {
  account: routesOf('account'),
  admin: routesOf('admin'),
  bounties: routesOf('bounties'),
  contributions: routesOf('contributions'),
  dashboard: routesOf('dashboard'),
  grants: routesOf('grants'),
  launchpad: routesOf('launchpad'),
  leaderboard: routesOf('leaderboard'),
  notifications: routesOf('notifications'),
  profile: routesOf('profile'),
  projects: routesOf('projects'),
  resources: routesOf('resources'),
  system: routesOf('system'),
  xp: routesOf('xp'),
};
