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
import { type ComponentType, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { type AppPath, ROUTE_ACCESS } from '@/shared/rules/access';
import { PageFrame, type PageHead } from '../components/page-frame';
import { SkeletonBars } from '../components/ui/skeleton';
import { ForgotPasswordPage } from '../features/account/forgot-password-page';
import { LoginPage } from '../features/account/login-page';
import { SignupPage } from '../features/account/signup-page';
import { adminHomeHead } from '../features/admin/admin-home-page';
import { adminAuditHead } from '../features/audit/admin-audit-page';
import { bountyApprovalsHead } from '../features/bounties/admin/bounty-approvals-page';
import { bountiesHead } from '../features/bounties/bounties-page';
import { bountyRequestHead } from '../features/bounties/bounty-request-page';
import { contributionHubHead } from '../features/contributions/contribution-hub-page';
import { contributionReviewHead } from '../features/contributions/review/contribution-review-page';
import { DashboardPageSkeleton } from '../features/dashboard/dashboard-page';
import { DocsPage } from '../features/docs/docs-page';
import { adminGrantsHead } from '../features/grants/admin/admin-grants-page';
import { grantsHead } from '../features/grants/grants-page';
import { HomePage } from '../features/home/home-page';
import { insightsHead } from '../features/insights/insights-page';
import { projectApprovalsHead } from '../features/launchpad/admin/project-approvals-page';
import { ApplicantHub, applicationHubHead } from '../features/launchpad/application-hub-page';
import { projectApplicationHead } from '../features/launchpad/project-application-page';
import { projectsHead } from '../features/launchpad/projects-page';
import { adminMailHead } from '../features/mail/admin-mail-page';
import { inboxHead } from '../features/notifications/inbox-page';
import { ProfileSkeleton, profileHead } from '../features/profile/profile-page';
import { adminResourcesHead } from '../features/resources/admin/admin-resources-page';
import { resourcesHead } from '../features/resources/resources-page';
import { adminSeasonsHead } from '../features/seasons/admin-seasons-page';
import { adminUsersHead } from '../features/users/admin-users-page';
import { type Session, SessionContext } from '../lib/session';
import { AppLayout, PageSkeleton } from './layout';

export type ShellVariant = 'signedOut' | 'unknown' | 'named';

/** Stand-ins for the signed-in user's name and role label in a `named` page (plain text, never escaped). */
export const SHELL_MARKS = { name: '%%sysfi:user-name%%', role: '%%sysfi:user-role%%' } as const;

type ShellPage = ComponentType<{ name?: string; role?: string }>;

type Shell = { path: AppPath; src: string; page: ShellPage | Framed; named?: true };
type Framed = { head: PageHead; gap?: 'gap-6' | 'gap-10'; body?: ComponentType };

/**
 * A page whose first paint is its title block over its body as far as it is known without
 * data (`body`), else a neutral list skeleton.
 */
function framed(head: PageHead, more: Omit<Framed, 'head'> = {}): Framed {
  return { head, ...more };
}

function ListSkeleton() {
  return (
    <SkeletonBars
      className="grid gap-4"
      bars={['h-10 w-72 max-w-full', 'h-40 rounded-2xl', 'h-40 rounded-2xl', 'h-40 rounded-2xl']}
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

function StartupHub() {
  return <ApplicantHub startup />;
}

const F = 'src/client/features';

/**
 * Routes with a page of their own (issue 16: every route's first paint is its own);
 * `src` is the page's module, whose chunk the served page preloads. A page that
 * needs its data to say anything draws its title block (the page's own, exported
 * beside it) over a skeleton, so the app's render puts the same words in the same
 * place. Any other path gets the generic shell (layout and a neutral skeleton).
 */
export const STATIC_SHELLS: ReadonlyArray<Shell> = [
  { path: '/', src: `${F}/home/home-page.tsx`, page: HomePage },
  { path: '/docs', src: `${F}/docs/docs-page.tsx`, page: DocsPage },
  { path: '/login', src: `${F}/account/pages.ts`, page: LoginPage },
  { path: '/signup', src: `${F}/account/pages.ts`, page: SignupPage },
  { path: '/forgot-password', src: `${F}/account/pages.ts`, page: ForgotPasswordPage },
  { path: '/dashboard', src: `${F}/dashboard/dashboard-page.tsx`, page: DashboardPageSkeleton, named: true },
  { path: '/projects', src: `${F}/launchpad/projects-page.tsx`, page: framed(projectsHead) },
  { path: '/bounties', src: `${F}/bounties/bounties-page.tsx`, page: framed(bountiesHead, { gap: 'gap-6' }) },
  { path: '/grants', src: `${F}/grants/grants-page.tsx`, page: framed(grantsHead) },
  { path: '/resources', src: `${F}/resources/resources-page.tsx`, page: framed(resourcesHead) },
  {
    path: '/profile',
    src: `${F}/profile/profile-page.tsx`,
    page: framed(profileHead, { body: ProfileSkeleton }),
  },
  { path: '/inbox', src: `${F}/notifications/inbox-page.tsx`, page: framed(inboxHead) },
  {
    path: '/contribution-hub',
    src: `${F}/contributions/contribution-hub-page.tsx`,
    page: framed(contributionHubHead),
  },
  {
    path: '/application',
    src: `${F}/launchpad/application-hub-page.tsx`,
    page: framed(applicationHubHead, { body: StartupHub }),
  },
  {
    path: '/application/project-application',
    src: `${F}/launchpad/project-application-page.tsx`,
    page: framed(projectApplicationHead),
  },
  {
    path: '/application/bounty-application',
    src: `${F}/bounties/bounty-request-page.tsx`,
    page: framed(bountyRequestHead),
  },
  { path: '/admin', src: `${F}/admin/admin-home-page.tsx`, page: framed(adminHomeHead, { gap: 'gap-10' }) },
  {
    path: '/admin/project-approvals',
    src: `${F}/launchpad/admin/project-approvals-page.tsx`,
    page: framed(projectApprovalsHead),
  },
  {
    path: '/admin/bounty-approvals',
    src: `${F}/bounties/admin/bounty-approvals-page.tsx`,
    page: framed(bountyApprovalsHead),
  },
  {
    path: '/admin/contribution-hub',
    src: `${F}/contributions/review/contribution-review-page.tsx`,
    page: framed(contributionReviewHead),
  },
  { path: '/admin/grants', src: `${F}/grants/admin/admin-grants-page.tsx`, page: framed(adminGrantsHead) },
  {
    path: '/admin/resources',
    src: `${F}/resources/admin/admin-resources-page.tsx`,
    page: framed(adminResourcesHead),
  },
  { path: '/admin/mail', src: `${F}/mail/admin-mail-page.tsx`, page: framed(adminMailHead) },
  { path: '/admin/audit', src: `${F}/audit/admin-audit-page.tsx`, page: framed(adminAuditHead) },
  { path: '/admin/insights', src: `${F}/insights/insights-page.tsx`, page: framed(insightsHead) },
  { path: '/admin/users', src: `${F}/users/admin-users-page.tsx`, page: framed(adminUsersHead) },
  { path: '/admin/seasons', src: `${F}/seasons/admin-seasons-page.tsx`, page: framed(adminSeasonsHead) },
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
