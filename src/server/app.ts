/**
 * The HTTP application: API under /api (OpenAPI-described), better-auth under
 * /api/auth, and the built client with an SPA fallback (client-serving.ts). No
 * listening here, so tests drive the same app through real HTTP or app.request().
 */
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { validationMessage } from '@/shared/schemas/validation-messages';
import { untrackedWrite } from '../db/client';
import { session } from '../db/schema';
import { MSG } from '../shared/messages';
import { firstMessage } from '../shared/schemas/account';
import { UPLOADS, uploadBodyLimit } from '../shared/uploads';
import { CLIENT_IP_HEADER } from './auth/auth';
import { withClientIp } from './auth/call-auth';
import { sessionCookie } from './auth/session-cache';
import { createUserRows } from './auth/user-rows';
import { serveClient } from './client-serving';
import type { AppBindings, AppDeps, UserRow } from './context';
import { accountRoutes } from './features/account/account.index';
import { deviceRoutes } from './features/account/devices';
import { openVerificationLink } from './features/account/ownership';
import { secondFactorRoutes } from './features/account/second-factor';
import { adminRoutes } from './features/admin/admin.index';
import { adminMailRoutes } from './features/admin/mail.index';
import { adminQueueRoutes } from './features/admin/queues.index';
import { auditRoutes } from './features/audit/audit.index';
import { bountyBoardRoutes } from './features/bounties/board.index';
import { bountyRequestRoutes } from './features/bounties/requests.index';
import { bountyWinnersRoutes } from './features/bounties/winners.index';
import { contributionRoutes } from './features/contributions/contributions.index';
import { dashboardRoutes } from './features/dashboard/dashboard.index';
import { exportsRoutes } from './features/exports/exports.index';
import { grantRoutes } from './features/grants/grants.index';
import { insightsRoutes } from './features/insights/insights.index';
import { projectApplicationRoutes } from './features/launchpad/applications.index';
import { projectRoutes } from './features/launchpad/projects.index';
import { leaderboardRoutes } from './features/leaderboard/leaderboard.index';
import { notificationRoutes } from './features/notifications/notifications.index';
import { unsubscribeWrite } from './features/notifications/unsubscribe-link';
import { profileRoutes } from './features/profile/profile.index';
import { publicProfileRoutes } from './features/profile/public-profile';
import { realtimeRoutes } from './features/realtime';
import { resourceRoutes } from './features/resources/resources.index';
import { seasonRoutes } from './features/seasons/seasons.index';
import { systemRoutes } from './features/system';
import { usersRoutes } from './features/users/users.index';
import { xpRoutes } from './features/xp/xp.index';
import { isAdminUser } from './lib/access';
import { renderApiDocs } from './lib/api-docs';
import { privateByDefault } from './lib/cache-policy';
import { compressApi } from './lib/compress-api';
import { sameOriginWrites } from './lib/csrf';
import { isDatabaseUnavailable } from './lib/db-errors';
import { ApiError, errorBody } from './lib/errors';
import { freshAfterWrites } from './lib/fresh-reads';
import { keptJson } from './lib/kept-json';
import { installMetrics } from './lib/metrics';
import { carriesNul } from './lib/nul';

export const JSON_BODY_LIMIT = 1024 * 1024;

/** Uploaded files run nothing and load nothing, whatever they are. */
export const UPLOAD_CSP = "default-src 'none'; sandbox";
// Every rule a schema gives no sentence of its own answers with one that names the field
// ("Title must be at most 200 characters."), not zod's own wording.
z.config({ customError: validationMessage });

/** Uploads shown in pages (our re-encoded images); anything else (PDF) is a download. */
const INLINE_UPLOAD = /\.(webp|png|jpe?g|gif|avif)$/i;

/** The better-auth routes reachable from outside: what its mails link to. */
const PUBLIC_AUTH_PATH = /^\/api\/auth\/(verify-email|reset-password\/[^/]+|error)$/;

/** Upload routes and their body limits: their files (shared/uploads.ts) plus the multipart envelope. */
export const UPLOAD_BODY_LIMITS: Record<string, number> = {
  '/api/profile/photo': uploadBodyLimit(UPLOADS.profilePhoto),
  '/api/projects': uploadBodyLimit(UPLOADS.projectImage),
  '/api/contributions': uploadBodyLimit(UPLOADS.contributionFile),
  '/api/bounty-applications': uploadBodyLimit(UPLOADS.bountyImage),
};

export type CreateAppOptions = {
  /** Directory of the built client (dist/client); omitted in API-only tests. */
  clientDir?: string;
};

function buildApi() {
  const api = new OpenAPIHono<AppBindings>({
    // Validation failures answer with the first rule's message, as forms show it.
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(errorBody('VALIDATION_ERROR', firstMessage(result.error)), 400);
      }
    },
  });
  systemRoutes(api);
  accountRoutes(api);
  deviceRoutes(api);
  secondFactorRoutes(api);
  xpRoutes(api);
  profileRoutes(api);
  leaderboardRoutes(api);
  dashboardRoutes(api);
  projectApplicationRoutes(api);
  projectRoutes(api);
  contributionRoutes(api);
  grantRoutes(api);
  bountyRequestRoutes(api);
  bountyBoardRoutes(api);
  bountyWinnersRoutes(api);
  publicProfileRoutes(api);
  seasonRoutes(api);
  realtimeRoutes(api);
  notificationRoutes(api);
  resourceRoutes(api);
  adminRoutes(api);
  adminMailRoutes(api);
  exportsRoutes(api);
  insightsRoutes(api);
  auditRoutes(api);
  usersRoutes(api);
  adminQueueRoutes(api);
  return api;
}

const OPENAPI_CONFIG = {
  openapi: '3.1.0',
  info: {
    title: 'Sysfi Labs API',
    version: '1.0.0',
    description: 'Every rule of the product is enforced here. Errors are { error: { code, message } }.',
  },
};

/**
 * The document served at /api/openapi.json, built without a running app: the
 * client's API types are generated from it (`npm run api:types`, ADR 0011).
 */
export function openApiDocument() {
  return buildApi().getOpenAPI31Document(OPENAPI_CONFIG);
}

/** Uploaded images may live on an http S3 endpoint in development: allow that one origin. */
function storageOrigin(deps: AppDeps): string[] {
  const u = deps.env.S3_PUBLIC_URL ?? deps.env.S3_ENDPOINT;
  return deps.storage.kind === 's3' && u ? [new URL(u).origin] : [];
}

export function createApp(deps: AppDeps, opts: CreateAppOptions = {}) {
  const app = new OpenAPIHono<AppBindings>();
  const api = buildApi();

  app.use('*', requestId());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    const log = deps.log.child({ reqId: c.get('requestId') });
    c.set('log', log);
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    if (c.req.path.startsWith('/api/'))
      log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
  });
  installMetrics(app, deps);
  // JSON answers compressed for the browser (it runs last, on the answer every layer below made).
  app.use('/api/*', compressApi());
  app.use('/api/*', privateByDefault()); // an answer that names no caching policy (lib/cache-policy.ts)
  // Uploaded files get their own strict headers. Registered before secureHeaders so it
  // wraps it and has the last word (secureHeaders would put the page CSP back).
  app.use('/uploads/*', async (c, next) => {
    await next();
    c.res.headers.set('content-security-policy', UPLOAD_CSP);
    c.res.headers.set('x-content-type-options', 'nosniff');
    if (!INLINE_UPLOAD.test(c.req.path)) c.res.headers.set('content-disposition', 'attachment');
  });
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // X's tweet widget (contribution hub) and, when configured, analytics.
        scriptSrc: ["'self'", 'https://platform.twitter.com', 'https://www.googletagmanager.com'],
        frameSrc: ['https://platform.twitter.com', 'https://syndication.twitter.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...storageOrigin(deps)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://www.google-analytics.com', 'https://*.google-analytics.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      xFrameOptions: 'DENY',
      xContentTypeOptions: 'nosniff',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
      // HSTS only means something over https.
      strictTransportSecurity: deps.env.APP_URL.startsWith('https://')
        ? 'max-age=15552000; includeSubDomains'
        : false,
    }),
  );

  // Every write under /api (ours and better-auth's, any body or none) must come from our
  // own pages: Origin = APP_URL, or Sec-Fetch-Site: same-origin when a proxy dropped it.
  // The one exception: RFC 8058 one-click unsubscribe, proven by its signed token instead.
  app.use('/api/*', sameOriginWrites(deps.env.APP_URL, unsubscribeWrite(deps.env, deps.now)));
  // PostgreSQL: a member's next requests after a write read past the caches (lib/fresh-reads.ts).
  const secure = deps.env.APP_URL.startsWith('https://');
  app.use('/api/*', freshAfterWrites({ enabled: deps.handle.changes !== undefined, secure }));

  // The client IP for rate limits: from the socket, or from X-Forwarded-For behind a trusted proxy.
  app.use('/api/*', async (c, next) => {
    let ip: string | undefined;
    // The last address is the one our proxy added (the client it saw); any before it came from
    // the client, which can write whatever it likes there.
    if (deps.env.TRUST_PROXY) ip = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() || undefined;
    if (!ip) {
      try {
        ip = getConnInfo(c).remote.address;
      } catch {
        ip = undefined; // app.request() in tests has no socket
      }
    }
    c.set('clientIp', ip ?? null);
    // The header that names the IP to better-auth is ours alone: one a client sent is dropped.
    // (Copying the request costs a good part of a cached read, so it is done only then, and
    // where better-auth is handed the request itself: auth/call-auth.ts withClientIp.)
    if (c.req.raw.headers.has(CLIENT_IP_HEADER)) {
      const headers = new Headers(c.req.raw.headers);
      headers.delete(CLIENT_IP_HEADER);
      c.req.raw = new Request(c.req.raw, { headers });
    }
    await next();
  });

  const tooLarge = (c: Context) => {
    // The rest of the body is never read: close the connection so it is not reused.
    c.header('connection', 'close');
    return c.json(errorBody('PAYLOAD_TOO_LARGE', MSG.common.tooLarge), 413);
  };
  const jsonLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
  const uploadLimits = new Map(
    Object.entries(UPLOAD_BODY_LIMITS).map(([p, size]) => [
      p,
      bodyLimit({ maxSize: size, onError: tooLarge }),
    ]),
  );
  // A GET or HEAD has no body we read (no handler reads one), so it skips the check: reading
  // `c.req.raw.body` to check it turns Node's request into a full web Request, about a twentieth
  // of what a cached read costs.
  // An upload route's limit holds for multipart only; JSON to it gets the JSON limit (docs/security.md).
  const multipart = (c: Context) => /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD'
      ? next()
      : ((multipart(c) ? uploadLimits.get(c.req.path) : undefined) ?? jsonLimit)(c, next),
  );

  // better-auth's own endpoints, only the pages a mail link opens: the verification
  // link, the reset link (which redirects to the client's form) and its error page.
  // Everything else it offers stays internal: /api/account/* calls it through
  // callAuth after its own validation (sign-up checks role and referrer). Left open,
  // /update-user let any user set their own role, display name and photo URL
  // (docs/security.md).
  app.on(['GET', 'POST'], ['/api/auth/*'], async (c) => {
    if (c.req.method !== 'GET' || !PUBLIC_AUTH_PATH.test(c.req.path))
      return c.json(errorBody('NOT_FOUND', MSG.common.notFound), 404);
    // The verification link completes only where the account is signed in (ADR 0016).
    if (c.req.path === '/api/auth/verify-email')
      return await openVerificationLink(c, deps, () => sessionUser(c));
    return await deps.auth.handler(withClientIp(c));
  });

  // A NUL anywhere in the URL or a body field: refused before any query sees it.
  app.use('/api/*', async (c, next) => {
    if (await carriesNul(c.req)) return c.json(errorBody('VALIDATION_ERROR', MSG.common.invalidInput), 400);
    await next();
  });

  // Session: who is asking, loaded once per API request (and for a client page that greets the user).
  const userRow = createUserRows(deps.handle);
  const sessionOf = async (c: Context): Promise<{ row: UserRow; sessionId: string | null } | null> => {
    const cookie = sessionCookie(c.req.header('cookie'));
    if (!cookie) return null;
    let entry = deps.sessions.entry(cookie);
    if (!entry) {
      const startedAt = Date.now();
      const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
      if (!session) return null;
      const s = session.session as typeof session.session & { lastSeenAt?: Date | string | null };
      // Not cached if the user's sessions were revoked while this lookup ran.
      entry = deps.sessions.set(cookie, session.user.id, new Date(s.expiresAt), Date.now(), startedAt, s.id, {
        lastSeenAt: s.lastSeenAt ? new Date(s.lastSeenAt).getTime() : 0,
      });
    }
    if (entry.sessionId && deps.sessions.shouldTouch(entry)) touchSession(entry.sessionId);
    const row = await userRow(entry.userId);
    return row ? { row, sessionId: entry.sessionId } : null;
  };
  /** "Last seen" of the devices list: at most one cheap write a minute per session and process. */
  const touchSession = (id: string) => {
    // Untracked: no cached read depends on it, so it leaves kept rows and lists kept.
    const q = deps.handle.db
      .update(session)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(session.id, id))
      .toSQL();
    untrackedWrite(deps.handle, q).catch((err: unknown) =>
      deps.log.warn({ err }, 'sessions: last-seen not recorded'),
    );
  };
  const sessionUser = async (c: Context): Promise<UserRow | null> => (await sessionOf(c))?.row ?? null;
  app.use('/api/*', async (c, next) => {
    c.set('user', null);
    c.set('sessionId', null);
    c.set('isAdmin', false);
    const found = await sessionOf(c);
    // A disabled account (issue 18) has no session, whatever cookie it still holds.
    if (found && !found.row.disabledAt) {
      c.set('user', found.row);
      c.set('sessionId', found.sessionId);
      c.set('isAdmin', isAdminUser(found.row, deps.env.ADMIN_EMAIL));
    }
    await next();
  });

  // The API's description is the same for the life of the process: made once, when first asked
  // for (it was made anew on every request: about 150 KB of JSON, which anyone could ask for in a loop).
  let doc: ReturnType<typeof api.getOpenAPI31Document> | undefined;
  let docsPage: string | undefined;
  const apiDoc = () => {
    doc ??= api.getOpenAPI31Document(OPENAPI_CONFIG);
    return doc;
  };
  api.get('/openapi.json', (c) => keptJson(c, apiDoc()));
  api.get('/docs', (c) => {
    // The page reads the document as JSON, as any client of it does.
    docsPage ??= renderApiDocs(JSON.parse(JSON.stringify(apiDoc())));
    return c.html(docsPage);
  });
  app.route('/api', api);
  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', MSG.common.notFound), 404));

  // Uploaded files on disk (the S3 driver serves its own URLs). Stored images are
  // re-encoded by us, and nosniff + a sandbox CSP keep anything else inert.
  if (deps.storage.kind === 'disk') {
    const uploadsRoot = path.relative(process.cwd(), path.join(deps.env.DATA_DIR, 'uploads')) || '.';
    app.use(
      '/uploads/*',
      serveStatic({
        root: uploadsRoot,
        rewriteRequestPath: (p) => p.replace(/^\/uploads/, ''),
        onFound: (_p, c) => {
          c.header('cache-control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    app.get('/uploads/*', (c) => c.json(errorBody('NOT_FOUND', MSG.common.notFound), 404));
  }

  if (opts.clientDir) serveClient(app, deps, opts.clientDir, sessionUser);

  app.onError((err, c) => {
    // The database unreachable or refusing work: 503 with a clear message, nothing changed
    // (a feature's own 500 wrapping it too; its 503s, such as a failed upload, stay theirs).
    const cause = err instanceof ApiError ? (err.status === 500 ? err.cause : undefined) : err;
    if (cause && isDatabaseUnavailable(cause)) {
      (c.get('log') ?? deps.log).warn({ err: cause }, 'database unavailable');
      c.header('retry-after', '5');
      return c.json(errorBody('DB_UNAVAILABLE', MSG.common.unavailable), 503);
    }
    if (err instanceof ApiError) {
      if (err.status >= 500)
        (c.get('log') ?? deps.log).error({ err: err.cause ?? err, code: err.code }, err.message);
      return c.json(errorBody(err.code, err.message), err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      // Malformed JSON, wrong content type and the like, raised by the validators.
      return c.json(errorBody('BAD_REQUEST', MSG.common.invalidInput), err.status);
    }
    (c.get('log') ?? deps.log).error({ err }, 'unhandled error');
    return c.json(errorBody('INTERNAL', MSG.common.server), 500);
  });
  app.notFound((c) => c.json(errorBody('NOT_FOUND', MSG.common.notFound), 404));

  return app;
}

export type App = ReturnType<typeof createApp>;
export type AppType = ReturnType<typeof buildApi>;
