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
 * drawn for whom it shows has a third, `named`: `unknown` with SHELL_MARKS where a
 * name and the line under it go (the user's name and role on /dashboard; the member's
 * name and e-mail on /admin/users/:id, with its id), which the server replaces when it
 * knows who is asking. A route with a parameter is served only named.
 *
 * Never bundled into the app: only the build imports it, in Node.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { type AppPath, ROUTE_ACCESS } from '@/shared/rules/access';
import { PageFrame, type PageHead } from '../components/page-frame';
import { PAGE_HEADS } from '../components/page-heads';
import { SkeletonBars } from '../components/ui/skeleton';
import { ForgotPasswordPage } from '../features/account/forgot-password-page';
import { LoginPage } from '../features/account/login-page';
import { SignupPage } from '../features/account/signup-page';
import { DashboardPageSkeleton } from '../features/dashboard/dashboard-page';
import { DocsPage } from '../features/docs/docs-page';
import { HomePage } from '../features/home/home-page';
import { ApplicantHub } from '../features/launchpad/application-hub-page';
import { ProfileSkeleton } from '../features/profile/profile-page';
import { AdminUserShell } from '../features/users/admin-user-page';
import { type Session, SessionContext } from '../lib/session';
import { AppLayout, PageSkeleton } from './layout';

export type ShellVariant = 'signedOut' | 'unknown' | 'named';

/** Stand-ins for the signed-in user's name and role label in a `named` page (plain text, never escaped). */
export const SHELL_MARKS = {
  name: '%%sysfi:user-name%%',
  line: '%%sysfi:user-line%%',
  param: '%%sysfi:param%%',
} as const;

/** A named page draws `name` and the `line` under it: a role, an e-mail. */
type ShellPage = ComponentType<{ name?: string; line?: string }>;

/**
 * `named`: also built with marks the server fills for whom the page shows. `drawn`: a
 * route with a parameter whose page the server draws itself per request (a public profile,
 * src/server/features/profile/public-page.ts) into the generic layout; the build gives it
 * only its own chunks to preload.
 */
type Shell = { path: AppPath; src: string; page: ShellPage | Framed; named?: true; drawn?: true };
type Framed = { head: PageHead; gap?: 'gap-6' | 'gap-10'; body?: ComponentType };

/**
 * A page whose first paint is its title block (PAGE_HEADS) over its body as far as it is
 * known without data (`body`), else a neutral list skeleton; `src` is its module below F.
 */
function framed(path: keyof typeof PAGE_HEADS, src: string, more: Omit<Framed, 'head'> = {}): Shell {
  return { path, src: `${F}/${src}`, page: { head: PAGE_HEADS[path], ...more } };
}

function ListSkeleton() {
  return (
    <SkeletonBars
      className="grid gap-4"
      bars={['h-10 w-full max-w-72', 'h-40 rounded-2xl', 'h-40 rounded-2xl', 'h-40 rounded-2xl']}
    />
  );
}

function FramedShell({ head, gap, body: Body = ListSkeleton }: Framed) {
  return (
    <PageFrame head={head} gap={gap}>
      <Body />
    </PageFrame>
  );
}

function DashboardShell({ name, line }: { name?: string; line?: string }) {
  return <DashboardPageSkeleton name={name} role={line} />;
}

function StartupHub() {
  return <ApplicantHub startup />;
}

const F = 'src/client/features';

/**
 * Routes with a page of their own (issue 16: every route's first paint is its own);
 * `src` is the page's module, whose chunk the served page preloads. A page that
 * needs its data to say anything draws its title block (PAGE_HEADS, which the
 * page draws too) over a skeleton, so the app's render puts the same words in the same
 * place. Any other path gets the generic shell (layout and a neutral skeleton).
 */
export const STATIC_SHELLS: ReadonlyArray<Shell> = [
  { path: '/', src: `${F}/home/home-page.tsx`, page: HomePage },
  { path: '/docs', src: `${F}/docs/docs-page.tsx`, page: DocsPage },
  { path: '/login', src: `${F}/account/pages.ts`, page: LoginPage },
  { path: '/signup', src: `${F}/account/pages.ts`, page: SignupPage },
  { path: '/forgot-password', src: `${F}/account/pages.ts`, page: ForgotPasswordPage },
  { path: '/dashboard', src: `${F}/dashboard/dashboard-page.tsx`, page: DashboardShell, named: true },
  framed('/projects', 'launchpad/projects-page.tsx'),
  framed('/bounties', 'bounties/bounties-page.tsx', { gap: 'gap-6' }),
  framed('/grants', 'grants/grants-page.tsx'),
  framed('/resources', 'resources/resources-page.tsx'),
  framed('/profile', 'profile/profile-page.tsx', { body: ProfileSkeleton }),
  framed('/inbox', 'notifications/inbox-page.tsx'),
  framed('/contribution-hub', 'contributions/contribution-hub-page.tsx'),
  framed('/application', 'launchpad/application-hub-page.tsx', { body: StartupHub }),
  framed('/application/project-application', 'launchpad/project-application-page.tsx'),
  framed('/application/bounty-application', 'bounties/bounty-request-page.tsx'),
  framed('/admin', 'admin/admin-home-page.tsx', { gap: 'gap-10' }),
  framed('/admin/project-approvals', 'launchpad/admin/project-approvals-page.tsx'),
  framed('/admin/bounty-approvals', 'bounties/admin/bounty-approvals-page.tsx'),
  framed('/admin/contribution-hub', 'contributions/review/contribution-review-page.tsx'),
  framed('/admin/grants', 'grants/admin/admin-grants-page.tsx'),
  framed('/admin/resources', 'resources/admin/admin-resources-page.tsx'),
  framed('/admin/mail', 'mail/admin-mail-page.tsx'),
  framed('/admin/audit', 'audit/admin-audit-page.tsx'),
  framed('/admin/insights', 'insights/insights-page.tsx'),
  framed('/admin/users', 'users/admin-users-page.tsx'),
  framed('/admin/seasons', 'seasons/admin-seasons-page.tsx'),
  // A route with a parameter is only ever served named (to the admin, with the member drawn in).
  { path: '/admin/users/:id', src: `${F}/users/admin-user-page.tsx`, page: AdminUserShell, named: true },
  { path: '/u/:name', src: `${F}/profile/public-profile-page.tsx`, page: PageSkeleton, drawn: true },
];

/** Whether a visitor without a session sees the page itself (else the app sends them to log in). */
export function openToVisitors(path: AppPath): boolean {
  const access = ROUTE_ACCESS[path];
  return access === 'public' || access === 'guestOnly';
}

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
  const shown = entry?.page ?? PageSkeleton;
  const location = entry?.path ?? '/__shell';
  const marks = variant === 'named' ? SHELL_MARKS : {};
  return renderToString(
    <MemoryRouter initialEntries={[location]}>
      <QueryClientProvider client={new QueryClient()}>
        <SessionContext value={session(variant)}>
          <Routes>
            <Route element={<AppLayout />}>
              <Route
                path={location}
                element={'head' in shown ? <FramedShell {...shown} /> : createElement(shown, marks)}
              />
            </Route>
          </Routes>
        </SessionContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
