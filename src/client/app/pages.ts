import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy } from 'react';
import { matchPath } from 'react-router';

/**
 * Every page is its own chunk (React.lazy), so the first route only downloads
 * the shell and itself. `preload` lets links fetch a chunk on hover or focus.
 *
 * Once a chunk has loaded, the lazy component gets it synchronously (React reads
 * a thenable that calls back at once), so a page preloaded before the first
 * render (app/boot.tsx) mounts without its Suspense fallback flashing in between.
 */
/** What a page module may export beside its page: the data its first render shows (boot). */
type FirstData = (qc: QueryClient, params: Record<string, string | undefined>) => Promise<unknown>;

function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  type Loaded = { default: ComponentType };
  let loaded: Loaded | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = { default: m[name] as ComponentType };
      return (m as { firstData?: FirstData }).firstData;
    });
  const Component = lazy((): Promise<Loaded> => {
    const ready = loaded;
    if (!ready) return preload().then(() => loaded as Loaded);
    // Resolves during then(): React sees the module before it would suspend.
    // biome-ignore lint/suspicious/noThenProperty: a thenable that settles synchronously, on purpose
    return { then: (onFulfilled: (m: Loaded) => unknown) => onFulfilled(ready) } as Promise<Loaded>;
  });
  return Object.assign(Component, { preload });
}

const home = () => import('../features/home/home-page');
const docs = () => import('../features/docs/docs-page');
const auth = () => import('../features/account/pages');
const dashboard = () => import('../features/dashboard/dashboard-page');
const profile = () => import('../features/profile/profile-page');
const inbox = () => import('../features/notifications/inbox-page');
const publicProfile = () => import('../features/profile/public-profile-page');
const projects = () => import('../features/launchpad/projects-page');
const applicationHub = () => import('../features/launchpad/application-hub-page');
const projectApplication = () => import('../features/launchpad/project-application-page');
const projectApprovals = () => import('../features/launchpad/admin/project-approvals-page');
const contributionHub = () => import('../features/contributions/contribution-hub-page');
const contributionReview = () => import('../features/contributions/review/contribution-review-page');
const bounties = () => import('../features/bounties/bounties-page');
const bountyRequest = () => import('../features/bounties/bounty-request-page');
const bountyApprovals = () => import('../features/bounties/admin/bounty-approvals-page');
const grants = () => import('../features/grants/grants-page');
const adminGrants = () => import('../features/grants/admin/admin-grants-page');
const resources = () => import('../features/resources/resources-page');
const adminResources = () => import('../features/resources/admin/admin-resources-page');
const adminMail = () => import('../features/mail/admin-mail-page');
const adminAudit = () => import('../features/audit/admin-audit-page');
// The chart library (recharts) is only in this chunk: no other page downloads it.
const adminInsights = () => import('../features/insights/insights-page');
const adminUsers = () => import('../features/users/admin-users-page');
const adminUser = () => import('../features/users/admin-user-page');
const adminHome = () => import('../features/admin/admin-home-page');
const adminSeasons = () => import('../features/seasons/admin-seasons-page');
const notFound = () => import('../features/not-found/not-found-page');

export const Pages = {
  Home: page(home, 'HomePage'),
  Docs: page(docs, 'DocsPage'),
  Login: page(auth, 'LoginPage'),
  Signup: page(auth, 'SignupPage'),
  ForgotPassword: page(auth, 'ForgotPasswordPage'),
  ResetPassword: page(auth, 'ResetPasswordPage'),
  Verified: page(auth, 'VerifiedPage'),
  EndSession: page(auth, 'EndSessionPage'),
  Dashboard: page(dashboard, 'DashboardPage'),
  Profile: page(profile, 'ProfilePage'),
  Inbox: page(inbox, 'InboxPage'),
  PublicProfile: page(publicProfile, 'PublicProfilePage'),
  Projects: page(projects, 'ProjectsPage'),
  Bounties: page(bounties, 'BountiesPage'),
  Grants: page(grants, 'GrantsPage'),
  Resources: page(resources, 'ResourcesPage'),
  ContributionHub: page(contributionHub, 'ContributionHubPage'),
  ApplicationHub: page(applicationHub, 'ApplicationHubPage'),
  BountyApplication: page(bountyRequest, 'BountyRequestPage'),
  ProjectApplication: page(projectApplication, 'ProjectApplicationPage'),
  AdminProjectApprovals: page(projectApprovals, 'ProjectApprovalsPage'),
  AdminBountyApprovals: page(bountyApprovals, 'BountyApprovalsPage'),
  AdminContributionHub: page(contributionReview, 'ContributionReviewPage'),
  AdminGrants: page(adminGrants, 'AdminGrantsPage'),
  AdminResources: page(adminResources, 'AdminResourcesPage'),
  AdminMail: page(adminMail, 'AdminMailPage'),
  AdminAudit: page(adminAudit, 'AdminAuditPage'),
  AdminInsights: page(adminInsights, 'InsightsPage'),
  AdminUsers: page(adminUsers, 'AdminUsersPage'),
  AdminUser: page(adminUser, 'AdminUserPage'),
  AdminSeasons: page(adminSeasons, 'AdminSeasonsPage'),
  AdminHome: page(adminHome, 'AdminHomePage'),
  NotFound: page(notFound, 'NotFoundPage'),
};

/**
 * Chunk loaders by path, for preloading from navigation links and at boot: the router
 * registers its routes' pages (router.tsx), so the table is never written twice.
 */
type Preload = () => Promise<FirstData | undefined>;
const PRELOAD = new Map<string, Preload>();

export function registerPreloads(routes: Record<string, unknown>): void {
  for (const [path, p] of Object.entries(routes)) {
    const preload = (p as { preload?: Preload }).preload;
    if (preload) PRELOAD.set(path, preload);
  }
}

type RouteOf = { route: string; preload: Preload; params: Record<string, string | undefined> };

/** The registered route `path` is ('/admin/users/:id' for /admin/users/abc), with its parameters. */
function routeOf(path: string): RouteOf | null {
  const exact = PRELOAD.get(path);
  if (exact) return { route: path, preload: exact, params: {} };
  for (const [pattern, preload] of PRELOAD) {
    if (!pattern.includes(':')) continue;
    const m = matchPath(pattern, path);
    if (m) return { route: pattern, preload, params: m.params };
  }
  return null;
}

/**
 * Starts loading the chunk of `path`; the promise settles when it is in (never rejects).
 * With `qc` (at boot) it also loads the data the page exports as `firstData`, so its first
 * render shows the data the served page drew, not a skeleton: for at most `dataWait` ms,
 * after which the page renders as it would have and shows its data when it comes. Only once
 * `allowed` says the route's guard will show the page: a viewer it sends away asks for nothing
 * (no 403 before the redirect).
 */
export function preloadPath(
  path: string,
  qc?: QueryClient,
  allowed?: (route: string) => Promise<boolean>,
  dataWait = 1500,
): Promise<void> {
  const route = routeOf(path);
  if (!route) return Promise.resolve();
  return route
    .preload()
    .then(async (firstData) => {
      if (!qc || !firstData || !(await allowed?.(route.route))) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, dataWait);
      });
      return Promise.race([firstData(qc, route.params), late]).finally(() => clearTimeout(timer));
    })
    .then(
      () => {},
      () => {
        // A failed preload is retried by the real navigation, which shows the error.
      },
    );
}
