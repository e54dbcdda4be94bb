/**
 * The client app's files and pages (after the API and uploads in app.ts): hashed assets
 * cached for a year, pre-compressed variants, and for any client route the page with its
 * first paint drawn in (lib/client-pages.ts), greeting a signed-in user by name where the
 * route will show that page, and preloading a page's data only for a viewer its guard lets in.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { ownRoleLabel } from '../shared/lists';
import { type AppPath, decide, ROUTE_ACCESS, type Viewer } from '../shared/rules/access';
import { AUDIT_FILTER_KEYS } from '../shared/rules/audit-filters';
import { USERS_FILTER_KEYS } from '../shared/rules/users-filters';
import { sessionCookie } from './auth/session-cache';
import type { AppBindings, AppDeps, UserRow } from './context';
import { drawProfilePage } from './features/profile/public-page';
import { publicProfile } from './features/profile/public-profile';
import { userHeading } from './features/users/users.data';
import { isAdminUser, viewerOf } from './lib/access';
import { type Drawn, loadClientPages, type NamedMatch, routeMatcher } from './lib/client-pages';

/** Every client route (spec §2) as a matcher of paths, to find the access a path needs. */
const APP_ROUTES = (Object.keys(ROUTE_ACCESS) as AppPath[]).map((r) => [r, routeMatcher(r)] as const);

/**
 * Routes whose filters are the page's query string (the admin's users and audit log): a link
 * naming one of them shows another first page than the one the build preloads.
 */
const LINK_FILTERS: Partial<Record<AppPath, readonly string[]>> = {
  '/admin/audit': AUDIT_FILTER_KEYS,
  '/admin/users': USERS_FILTER_KEYS,
};

/**
 * Routes whose first data only some of the viewers the guard lets in may read: the hub preloads a
 * startup's own application, which the admin's hub and a project member's never ask for (and the
 * API refuses them: a 403 in their console on every visit).
 */
const DATA_FOR: Partial<Record<AppPath, (viewer: NonNullable<Viewer>) => boolean>> = {
  '/application': (v) => v.role === 'startup' && !v.isAdmin,
};

/** The client route `pathname` is ('/admin/users/:id' for /admin/users/abc), else null. */
function appRoute(pathname: string): AppPath | null {
  const at = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return APP_ROUTES.find(([, m]) => m.test(at))?.[0] ?? null;
}

export function serveClient(
  app: Hono<AppBindings>,
  deps: AppDeps,
  clientDir: string,
  sessionUser: (c: Context) => Promise<UserRow | null>,
): void {
  if (!existsSync(path.join(clientDir, 'index.html'))) return;
  const root = path.relative(process.cwd(), clientDir) || '.';
  const pages = loadClientPages(clientDir);
  // The app's page for a client route: its first paint drawn in, chosen by path and by
  // the session (lib/client-pages.ts). Never cached without asking: a new deploy must reach
  // the browser at once.
  /** Who a named page shows: the signed-in user on /dashboard, the member an admin opens. */
  const drawnFor = async (match: NamedMatch, row: UserRow): Promise<Drawn | null> => {
    if (match.route === '/admin/users/:id') {
      const u = match.param ? await userHeading(deps.handle.db, match.param) : null;
      return u && { name: u.name || u.email, line: u.email };
    }
    return {
      name: row.name || row.email,
      line: ownRoleLabel(row.role, isAdminUser(row, deps.env.ADMIN_EMAIL)),
    };
  };
  const clientPage = async (c: Context) => {
    let hasSession = !!sessionCookie(c.req.header('cookie'));
    const accept = c.req.header('accept-encoding');
    // The route's guard decides before anything is preloaded (outside review: a builder's
    // /admin preloaded its queue and got a 403): with a session cookie, a route that is not
    // public is served for the session it names. A session that has ended (or a disabled
    // account) gets a visitor's page; a viewer the guard sends away (or shows the
    // verification block) gets the generic page, without the route's data preloads; and a
    // page drawn for whom it shows (lib/client-pages.ts) gets the name drawn in only when
    // the route will show that page: so only the admin is ever sent a member's name and
    // e-mail. Without an answer (database busy or down) the route's page keeps its
    // placeholders, as the app will when it asks.
    let page = null;
    let refused = false;
    /** A signed-in viewer the route's guard lets in (only they are sent its data preloads). */
    let allowed = false;
    let notReader = false;
    const route = hasSession ? appRoute(c.req.path) : null;
    if (route && ROUTE_ACCESS[route] !== 'public') {
      const found = await sessionUser(c).then(
        (row) => ({ row: row?.disabledAt ? null : row }),
        () => null,
      );
      const row = found?.row;
      if (found && !row) hasSession = false;
      if (row) {
        // The viewer the API's own guard decides for (a reviewer included).
        const viewer = viewerOf(row, isAdminUser(row, deps.env.ADMIN_EMAIL));
        refused = decide(ROUTE_ACCESS[route], viewer).kind !== 'allow';
        allowed = !refused;
        // Shown the page, but not a reader of its first data: the page without its preloads.
        if (allowed && viewer && DATA_FOR[route]?.(viewer) === false) notReader = true;
        const match = refused ? null : pages.greets(c.req.path);
        const who = match && (await drawnFor(match, row).catch(() => null));
        if (match && who) page = pages.named(match, who, accept);
      }
    }
    const filtered = allowed && route && LINK_FILTERS[route]?.some((k) => c.req.query(k));
    page ??= pages.page(refused ? null : c.req.path, hasSession, accept, {
      withData: !filtered && !notReader,
    });
    c.header('content-type', 'text/html; charset=UTF-8');
    c.header('cache-control', 'no-cache');
    c.header('vary', 'Accept-Encoding, Cookie');
    if (page.encoding) c.header('content-encoding', page.encoding);
    return c.body(new Uint8Array(page.body));
  };
  // Files come with .br/.gz variants written at build time (scripts/vite/precompress.ts):
  // serveStatic sends the best one the browser accepts. compress() only handles what
  // has none (small files); it leaves an encoded response alone.
  app.use('*', compress());
  app.get('/', clientPage);
  // Hashed file names never change content: cache them for a year.
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_p, c) => {
        c.header('cache-control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use(
    '*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (p, c) => {
        c.header('cache-control', /\.html(?:\.br|\.gz)?$/.test(p) ? 'no-cache' : 'public, max-age=3600');
      },
    }),
  );
  // A public profile (issue 19): drawn by the server (first paint, Open Graph tags); a
  // hidden, disabled or unknown one is the app's page with a 404 status (the app says so).
  app.get('/u/:name', async (c) => {
    const hasCookie = !!sessionCookie(c.req.header('cookie'));
    const data = await publicProfile(deps.handle.db, deps.leaderboard, c.req.param('name'), deps.now()).catch(
      () => null,
    );
    const html = pages.template(hasCookie, '/u/:name');
    const page = pages.once(
      data ? drawProfilePage(html, data, deps.env.APP_URL) : html,
      c.req.header('accept-encoding'),
    );
    c.header('content-type', 'text/html; charset=UTF-8');
    c.header('cache-control', 'no-cache');
    c.header('vary', 'Accept-Encoding, Cookie');
    if (page.encoding) c.header('content-encoding', page.encoding);
    return c.body(new Uint8Array(page.body), data ? 200 : 404);
  });
  // Any other GET is a client route: the SPA decides (including its 404 page). A last
  // segment with a dot is a missing file (a stale chunk, a probe for /backup.sql), never
  // a client route: a plain 404 rather than the page with a 200.
  app.get('*', (c) => {
    if (/\.[^/]*$/.test(c.req.path)) return c.notFound();
    return clientPage(c);
  });
}
