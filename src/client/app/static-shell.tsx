/**
 * The static first paint: at build time (scripts/vite/prerender.ts) the layout and
 * the page of the most visited routes are rendered to HTML and put inside
 * <div id="root"> of the page the server sends, so the browser draws the page
 * before any JavaScript has run. The app then renders the same page over it
 * (app/boot.tsx), with the session known.
 *
 * Two variants of each: `signedOut` for a browser without a session cookie (what
 * the app will show, exactly), and `unknown` when there is one: whatever depends
 * on the user is left out or drawn as a placeholder (Session.pending). A page
 * that greets the user has a third, `named`: `unknown` with SHELL_MARKS where the
 * name and role go, which the server replaces when it knows who is asking.
 *
 * Never bundled into the app: only the build imports it, in Node.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LoginPage } from '../features/account/login-page';
import { SignupPage } from '../features/account/signup-page';
import { DashboardPageSkeleton } from '../features/dashboard/dashboard-page';
import { DocsPage } from '../features/docs/docs-page';
import { HomePage } from '../features/home/home-page';
import { type Session, SessionContext } from '../lib/session';
import { AppLayout, PageSkeleton } from './layout';

export type ShellVariant = 'signedOut' | 'unknown' | 'named';

/** Stand-ins for the signed-in user's name and role label in a `named` page (plain text, never escaped). */
export const SHELL_MARKS = { name: '%%sysfi:user-name%%', role: '%%sysfi:user-role%%' } as const;

type ShellPage = ComponentType<{ name?: string; role?: string }>;

/**
 * Routes with a page of their own; `src` is the page's module, whose chunk the
 * served page preloads. Any other path gets the generic shell (layout and a
 * neutral page skeleton).
 */
export const STATIC_SHELLS: ReadonlyArray<{ path: string; src: string; page: ShellPage; named?: true }> = [
  { path: '/', src: 'src/client/features/home/home-page.tsx', page: HomePage },
  { path: '/docs', src: 'src/client/features/docs/docs-page.tsx', page: DocsPage },
  { path: '/login', src: 'src/client/features/account/pages.ts', page: LoginPage },
  { path: '/signup', src: 'src/client/features/account/pages.ts', page: SignupPage },
  {
    path: '/dashboard',
    src: 'src/client/features/dashboard/dashboard-page.tsx',
    page: DashboardPageSkeleton,
    named: true,
  },
];

const noop = async () => null;

function session(variant: ShellVariant): Session {
  return {
    user: null,
    viewer: null,
    refresh: noop,
    signOut: async () => {},
    pending: variant === 'named' ? 'signedIn' : variant === 'unknown' ? 'unknown' : undefined,
  };
}

/**
 * The HTML that goes inside #root for `path` (a STATIC_SHELLS path, or null for the
 * generic shell). Its forms are inert: typing into one before the app replaces it
 * would be lost, and a native submit would put the fields (a password) in the URL.
 */
export function renderStaticShell(path: string | null, variant: ShellVariant): string {
  return renderPage(path, variant).replaceAll('<form', '<form inert=""');
}

function renderPage(path: string | null, variant: ShellVariant): string {
  const entry = path === null ? undefined : STATIC_SHELLS.find((s) => s.path === path);
  const Page: ShellPage = entry?.page ?? PageSkeleton;
  const location = entry?.path ?? '/__shell';
  const marks = variant === 'named' ? SHELL_MARKS : {};
  return renderToString(
    <MemoryRouter initialEntries={[location]}>
      <QueryClientProvider client={new QueryClient()}>
        <SessionContext value={session(variant)}>
          <Routes>
            <Route element={<AppLayout />}>
              <Route path={location} element={<Page {...marks} />} />
            </Route>
          </Routes>
        </SessionContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
