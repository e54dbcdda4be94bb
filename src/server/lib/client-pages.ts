/**
 * The pages the client app starts from. The build (scripts/vite/prerender.ts)
 * writes, next to index.html, a page per frequent route with its first paint
 * already drawn, in two variants: `signedOut` (exactly what the app will show a
 * visitor without a session) and `unknown` (user-dependent parts left as
 * placeholders). A request with a session cookie gets `unknown`, one without (or whose
 * session has ended, client-serving.ts) gets `signedOut`; any other route, and a viewer the
 * route's guard sends away, gets the generic shell. Every page is held in
 * memory with its brotli and gzip encodings, as the build precompressed them. A page
 * drawn for whom it shows also comes as `named`, in which the server puts a name and the
 * line under it (client-serving.ts): /dashboard greets the signed-in user by name and
 * role, and /admin/users/:id shows the admin the member's name and e-mail. Its route may
 * have one parameter, which the server also draws in (the page's data preload names it).
 * Compressed per request.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { accepted, type Encoded as ClientPage, encodeOnce, preferred } from './encoding';
import { escapeHtml } from './html';

type Encoded = { identity: Buffer; br: Buffer; gzip: Buffer };

type ShellIndex = {
  routes: Record<string, string>;
  generic: string;
  variants: string[];
  /** Routes whose page is drawn for whom it shows → the page with marks for the name and line. */
  named?: Record<string, string>;
  /** Routes with a parameter the server draws itself ('/u/:name') → their own generic page. */
  drawn?: Record<string, string>;
  marks?: { name: string; line: string; param?: string };
};

/** Who a named page shows: a name, and the line under it (a role, an e-mail). */
export type Drawn = { name: string; line: string };

/** A path's match of a named route, with the value of its parameter (`:id`) if it has one. */
export type NamedMatch = { route: string; param?: string };

/** A parameter the server draws into a page: one path segment of our id characters, nothing else. */
const PARAM = '([A-Za-z0-9_-]{1,64})';
const SAFE_PARAM = new RegExp(`^${PARAM}$`);

/** A route ('/admin/users/:id') as a matcher of paths. */
export function routeMatcher(route: string): RegExp {
  const parts = route
    .split('/')
    .map((p) => (p.startsWith(':') ? PARAM : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}$`);
}

function encode(html: string): Encoded {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: zlib.brotliCompressSync(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip: zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * A page file and its encodings: the `.br` and `.gz` the build wrote beside it
 * (scripts/vite/precompress.ts, the same settings as encode()), so a start compresses
 * nothing; compressed here when they are missing.
 */
function encodeFile(file: string): Encoded {
  const identity = readFileSync(file);
  if (existsSync(`${file}.br`) && existsSync(`${file}.gz`)) {
    return { identity, br: readFileSync(`${file}.br`), gzip: readFileSync(`${file}.gz`) };
  }
  return encode(identity.toString('utf8'));
}

/** A route's own data preload the build wrote into its page (scripts/vite/prerender.ts); the session's stays. */
const DATA_PRELOAD = /<link rel="preload" href="\/api\/(?!session")[^"]*" as="fetch" crossorigin>/g;

export function loadClientPages(clientDir: string) {
  const index = encodeFile(path.join(clientDir, 'index.html'));
  const shellDir = path.join(clientDir, 'shells');
  const indexFile = path.join(shellDir, 'index.json');
  const shells: ShellIndex | null = existsSync(indexFile)
    ? (JSON.parse(readFileSync(indexFile, 'utf8')) as ShellIndex)
    : null;
  const pages = new Map<string, Encoded>();
  if (shells) {
    for (const name of [
      ...Object.values(shells.routes),
      ...Object.values(shells.drawn ?? {}),
      shells.generic,
    ]) {
      for (const variant of shells.variants) {
        const file = path.join(shellDir, `${name}.${variant}.html`);
        if (existsSync(file)) pages.set(`${name}.${variant}`, encodeFile(file));
      }
    }
  }

  const named = new Map<string, { html: string; match: RegExp }>();
  for (const [route, name] of Object.entries(shells?.named ?? {})) {
    const file = path.join(shellDir, `${name}.html`);
    if (existsSync(file)) named.set(route, { html: readFileSync(file, 'utf8'), match: routeMatcher(route) });
  }
  /** Pages without their data preload (page's `withData: false`) by page name and variant (a few at most: two routes, two variants). */
  const unpreloaded = new Map<string, Encoded>();
  const routeOf = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

  return {
    /** The named route `pathname` is, and its parameter (see named()), else null. */
    greets(pathname: string): NamedMatch | null {
      const at = routeOf(pathname);
      for (const [route, { match }] of named) {
        const m = match.exec(at);
        if (m) return m[1] === undefined ? { route } : { route, param: m[1] };
      }
      return null;
    },

    /** The named page of `match` with `who` drawn in (escaped here) and its parameter. */
    named(match: NamedMatch, who: Drawn, acceptEncoding: string | undefined): ClientPage | null {
      const page = named.get(match.route);
      const marks = shells?.marks;
      if (!page || !marks) return null;
      // A function, not a string: a name like "$&" or "$'" must not be read as a pattern.
      const name = escapeHtml(who.name);
      const line = escapeHtml(who.line);
      let filled = page.html.replaceAll(marks.name, () => name).replaceAll(marks.line, () => line);
      if (marks.param) {
        // Only a value the route's matcher accepted ([A-Za-z0-9_-]) is ever drawn.
        const param = match.param && SAFE_PARAM.test(match.param) ? match.param : '';
        filled = filled.replaceAll(marks.param, () => param);
      }
      return encodeOnce(Buffer.from(filled, 'utf8'), accepted(acceptEncoding));
    },

    /**
     * The HTML a page drawn per request starts from: `route`'s own page (the generic layout,
     * with that route's chunks to preload) when the build made one, else the generic page.
     */
    template(hasSession: boolean, route?: string): string {
      const name = (route && shells?.drawn?.[route]) || shells?.generic;
      const variant = hasSession ? 'unknown' : 'signedOut';
      const encoded = (name && pages.get(`${name}.${variant}`)) || index;
      return encoded.identity.toString('utf8');
    },

    /** A page made per request, in one encoding the browser accepts. */
    once(html: string, acceptEncoding: string | undefined): ClientPage {
      return encodeOnce(Buffer.from(html, 'utf8'), accepted(acceptEncoding));
    },

    /**
     * The page for a client route, in the best encoding `acceptEncoding` allows; null: the generic
     * page (none of a route's words, chunks or data preloads), for a viewer the route's guard sends away.
     * `withData: false`: without the route's own data preload (the session's stays), for a link whose
     * query filters the list, whose first page is then another than the build preloads; made once
     * per page and variant, then kept as the build's pages are.
     */
    page(
      pathname: string | null,
      hasSession: boolean,
      acceptEncoding: string | undefined,
      { withData = true } = {},
    ): ClientPage {
      const name = (pathname !== null && shells?.routes[routeOf(pathname)]) || shells?.generic;
      const key = `${name}.${hasSession ? 'unknown' : 'signedOut'}`;
      let encoded = (name && pages.get(key)) || index;
      if (!withData) {
        const stripped =
          unpreloaded.get(key) ?? encode(encoded.identity.toString('utf8').replace(DATA_PRELOAD, ''));
        unpreloaded.set(key, stripped);
        encoded = stripped;
      }
      const encoding = preferred(accepted(acceptEncoding));
      return encoding ? { body: encoded[encoding], encoding } : { body: encoded.identity, encoding: null };
    },
  };
}
