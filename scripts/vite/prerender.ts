/**
 * Vite plugin: the static first paint. After the client build it renders the
 * layout and page of the routes in src/client/app/static-shell.tsx to HTML (in
 * Node, through tsx) and writes one page per route and session variant:
 *
 *   dist/client/index.html                 generic shell (any other route), session unknown
 *   dist/client/shells/<name>.<variant>.html
 *   dist/client/shells/<name>.named.html   the same with the user's name and role as marks
 *   dist/client/shells/index.json          { routes: { "/docs": "docs", … }, generic, named, marks }
 *
 * The server (src/server/lib/client-pages.ts) picks the page by path and by
 * whether a session cookie came. Each page also tells the browser early what the
 * app will need: the latin Inter font, GET /api/session (and GET /api/dashboard for a
 * signed-in /dashboard) as preloads, and in a meta tag the route's chunks, which
 * the entry preloads once the page is on screen.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

type ShellModule = typeof import('../../src/client/app/static-shell');
type Variant = import('../../src/client/app/static-shell').ShellVariant;

const VARIANTS: Variant[] = ['signedOut', 'unknown'];
const BOOT_MODULE = 'src/client/app/boot.tsx';
/** The font face the first paint uses (Inter cut down to the interface's characters, see styles.css). */
const FONT = /inter-core-wght-[\w-]+\.woff2$/;
/**
 * Data a signed-in route asks for first, preloaded with the page (issue 16: a page shows its
 * data, not a skeleton, soon after its first paint). Each URL is exactly what the page's first
 * query requests, or the browser would fetch it twice (e2e/first-paint.e2e.ts). Only the first
 * data: every preload shares the slow first connection with the CSS and the font, so one more
 * (the app's config) put the first paint later.
 */
const ROUTE_DATA: Record<string, string[]> = {
  '/dashboard': ['/api/dashboard'],
  '/projects': ['/api/projects?filter=all'],
  '/bounties': ['/api/bounties?filter=all'],
  '/grants': ['/api/grants?scope=explore'],
  '/resources': ['/api/resources'],
  '/profile': ['/api/me/points'],
  '/inbox': ['/api/notifications'],
  '/contribution-hub': ['/api/contributions/me'],
  '/application': ['/api/project-applications/mine'],
  '/application/project-application': ['/api/project-applications/mine'],
  '/application/bounty-application': ['/api/bounty-applications/mine'],
  '/admin': ['/api/admin/queues'],
  '/admin/project-approvals': ['/api/admin/project-applications'],
  '/admin/bounty-approvals': ['/api/admin/bounty-applications?status=all'],
  '/admin/contribution-hub': ['/api/admin/contributions'],
  '/admin/grants': ['/api/admin/grants?status=pending'],
  '/admin/resources': ['/api/resources'],
  '/admin/mail': ['/api/admin/mail'],
  '/admin/audit': ['/api/admin/audit'],
  '/admin/insights': ['/api/admin/insights?days=30'],
  '/admin/users': ['/api/admin/users?sort=joined'],
  '/admin/seasons': ['/api/seasons'],
  // A route's parameter is drawn in by the server with the name (src/server/lib/client-pages.ts).
  '/admin/users/:id': ['/api/admin/users/:id'],
};

function slug(route: string): string {
  return route === '/' ? 'home' : route.slice(1).replaceAll('/', '-').replaceAll(':', '');
}

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
}

/** The chunk of a module and everything it imports statically, in load order. */
function closure(bundle: OutputBundle, root: string, src: string): string[] {
  const abs = path.resolve(root, src);
  const all = chunks(bundle);
  const start = all.find((c) => c.facadeModuleId === abs) ?? all.find((c) => c.moduleIds.includes(abs));
  if (!start) throw new Error(`prerender: no chunk for ${src}`);
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const c = bundle[fileName];
    if (c?.type === 'chunk') for (const i of c.imports) visit(i);
  };
  visit(start.fileName);
  return [...seen];
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sysfi:prerender',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    writeBundle: {
      sequential: true,
      async handler(_options, bundle) {
        const root = config.root;
        const outDir = path.resolve(root, config.build.outDir);
        const base = config.base;
        const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
        if (!template.includes('<div id="root"></div>'))
          throw new Error('prerender: index.html has no empty #root');

        const { tsImport } = await import('tsx/esm/api');
        const shell = (await tsImport(
          pathToFileURL(path.join(root, 'src/client/app/static-shell.tsx')).href,
          import.meta.url,
        )) as ShellModule;

        const font = Object.keys(bundle).find((f) => FONT.test(f));
        const already = new Set([...template.matchAll(/href="([^"]+)"/g)].map((m) => m[1]));
        const boot = new Set(closure(bundle, root, BOOT_MODULE));

        const page = (route: string | null, variant: Variant): string => {
          // The route's own chunks only: the app's code (boot's chunks) is requested by the entry
          // after the first paint, so it never competes with the CSS and font for the first bytes.
          const scripts = route
            ? closure(bundle, root, pageSrc(shell, route)).filter((f) => !boot.has(f))
            : [];
          const hrefs = scripts.map((f) => base + f).filter((h) => !already.has(h));
          // A route's parameter (':id') in a data URL is the mark the server draws it into.
          const own =
            route && variant !== 'signedOut'
              ? ROUTE_DATA[route]?.map((u) => u.replace(/:\w+/, shell.SHELL_MARKS.param))
              : undefined;
          const data = ['/api/session', ...(own ?? [])];
          const head = [
            ...(font
              ? [`<link rel="preload" href="${base}${font}" as="font" type="font/woff2" crossorigin>`]
              : []),
            ...data.map((u) => `<link rel="preload" href="${u}" as="fetch" crossorigin>`),
            // Not modulepreload links: those would load with the CSS and font, ahead of the
            // first paint. The entry (src/client/main.tsx) preloads them right after it.
            ...(hrefs.length ? [`<meta name="sysfi:route-chunks" content="${hrefs.join(' ')}">`] : []),
          ].join('\n    ');
          return template
            .replace('<html ', '<html data-first-paint ')
            .replace('</head>', `  ${head}\n  </head>`)
            .replace(
              '<div id="root"></div>',
              `<div id="root">${shell.renderStaticShell(route, variant)}</div>`,
            );
        };

        await mkdir(path.join(outDir, 'shells'), { recursive: true });
        const routes: Record<string, string> = {};
        const named: Record<string, string> = {};
        const drawnPages: Record<string, string> = {};
        for (const { path: route, named: greets, drawn: drawnByServer } of shell.STATIC_SHELLS) {
          // A route with a parameter is served named ('/admin/users/:id'), or drawn by the
          // server from its own generic page ('/u/:name': the layout, a skeleton, its chunks).
          if (!route.includes(':')) routes[route] = slug(route);
          if (drawnByServer) drawnPages[route] = slug(route);
          for (const v of route.includes(':') && !drawnByServer ? [] : VARIANTS) {
            // A signed-in route asked for without a session is a redirect to log in: that visitor
            // gets the generic page, with none of the route's words, chunks or data preloads.
            const drawn = v === 'signedOut' && !shell.openToVisitors(route) ? null : route;
            await writeFile(path.join(outDir, 'shells', `${slug(route)}.${v}.html`), page(drawn, v));
          }
          if (greets) {
            named[route] = `${slug(route)}.named`;
            await writeFile(path.join(outDir, 'shells', `${named[route]}.html`), page(route, 'named'));
          }
        }
        for (const v of VARIANTS) {
          await writeFile(path.join(outDir, 'shells', `generic.${v}.html`), page(null, v));
        }
        await writeFile(path.join(outDir, 'index.html'), page(null, 'unknown'));
        await writeFile(
          path.join(outDir, 'shells', 'index.json'),
          `${JSON.stringify({ routes, generic: 'generic', variants: VARIANTS, named, drawn: drawnPages, marks: shell.SHELL_MARKS }, null, 2)}\n`,
        );
        config.logger.info(
          `prerendered the first paint of ${Object.keys(routes).join(', ')} and the generic shell`,
        );
      },
    },
  };
}

function pageSrc(shell: ShellModule, route: string): string {
  const s = shell.STATIC_SHELLS.find((x) => x.path === route);
  if (!s) throw new Error(`prerender: unknown route ${route}`);
  return s.src;
}
