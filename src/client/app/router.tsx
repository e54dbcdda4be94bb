import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { type AppPath, ROUTE_ACCESS } from '@/shared/rules/access';
import { Guard } from './guard';
import { AppLayout } from './layout';
import { Pages, registerPreloads } from './pages';

/**
 * Path → page, every route of spec §2; access comes from the shared ROUTE_ACCESS
 * table. Library (declarative) mode: the data router's loaders and actions are not
 * needed here (TanStack Query fetches), and leaving them out keeps ~18 KB gzip off
 * the first load.
 */
const ROUTES: Record<AppPath, ComponentType> = {
  '/': Pages.Home,
  '/docs': Pages.Docs,
  '/login': Pages.Login,
  '/signup': Pages.Signup,
  '/forgot-password': Pages.ForgotPassword,
  '/reset-password': Pages.ResetPassword,
  '/verified': Pages.Verified,
  '/end-session': Pages.EndSession,
  '/u/:name': Pages.PublicProfile,
  '/dashboard': Pages.Dashboard,
  '/projects': Pages.Projects,
  '/bounties': Pages.Bounties,
  '/grants': Pages.Grants,
  '/resources': Pages.Resources,
  '/profile': Pages.Profile,
  '/inbox': Pages.Inbox,
  '/contribution-hub': Pages.ContributionHub,
  '/application': Pages.ApplicationHub,
  '/application/bounty-application': Pages.BountyApplication,
  '/application/project-application': Pages.ProjectApplication,
  '/admin': Pages.AdminHome,
  '/admin/project-approvals': Pages.AdminProjectApprovals,
  '/admin/bounty-approvals': Pages.AdminBountyApprovals,
  '/admin/contribution-hub': Pages.AdminContributionHub,
  '/admin/grants': Pages.AdminGrants,
  '/admin/resources': Pages.AdminResources,
  '/admin/mail': Pages.AdminMail,
  '/admin/audit': Pages.AdminAudit,
  '/admin/insights': Pages.AdminInsights,
  '/admin/users': Pages.AdminUsers,
  '/admin/users/:id': Pages.AdminUser,
  '/admin/seasons': Pages.AdminSeasons,
};

const ENTRIES = Object.entries(ROUTES) as [AppPath, ComponentType][];
registerPreloads(ROUTES);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {ENTRIES.map(([path, Page]) => (
          <Route
            key={path}
            path={path}
            element={
              <Guard access={ROUTE_ACCESS[path]}>
                <Page />
              </Guard>
            }
          />
        ))}
        <Route path="*" element={<Pages.NotFound />} />
      </Route>
    </Routes>
  );
}
