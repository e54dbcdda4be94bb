import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { type AppPath, ROUTE_ACCESS } from '../../shared/rules/access';
import { Guard } from './guard';
import { AppLayout } from './layout';
import { Pages } from './pages';
import { RouteError } from './route-error';

/** Path → page, every route of spec §2. Access comes from the shared ROUTE_ACCESS table. */
const ROUTES: Record<AppPath, ComponentType> = {
  '/': Pages.Home,
  '/docs': Pages.Docs,
  '/login': Pages.Login,
  '/signup': Pages.Signup,
  '/forgot-password': Pages.ForgotPassword,
  '/reset-password': Pages.ResetPassword,
  '/verified': Pages.Verified,
  '/dashboard': Pages.Dashboard,
  '/projects': Pages.Projects,
  '/bounties': Pages.Bounties,
  '/grants': Pages.Grants,
  '/resources': Pages.Resources,
  '/profile': Pages.Profile,
  '/contribution-hub': Pages.ContributionHub,
  '/application': Pages.ApplicationHub,
  '/application/bounty-application': Pages.BountyApplication,
  '/application/project-application': Pages.ProjectApplication,
  '/admin/project-approvals': Pages.AdminProjectApprovals,
  '/admin/bounty-approvals': Pages.AdminBountyApprovals,
  '/admin/contribution-hub': Pages.AdminContributionHub,
};

const pageRoutes: RouteObject[] = (Object.entries(ROUTES) as [AppPath, ComponentType][]).map(([path, Page]) => ({
  path,
  element: (
    <Guard access={ROUTE_ACCESS[path]}>
      <Page />
    </Guard>
  ),
}));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // Errors render inside the shell, so the top bar stays usable.
        errorElement: <RouteError />,
        children: [...pageRoutes, { path: '*', element: <Pages.NotFound /> }],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
