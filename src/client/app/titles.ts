/**
 * The document title of every route (issue 20): "Bounties · Sysfi Labs". A path without an
 * entry here (a route added later) is named from its last segment; an unknown path is the 404.
 */
import { ROUTE_ACCESS } from '@/shared/rules/access';

export const SITE_NAME = 'Sysfi Labs';

const NAMES: Record<string, string> = {
  '/': 'Home',
  '/docs': 'Docs',
  '/login': 'Log in',
  '/signup': 'Sign up',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Reset password',
  '/verified': 'E-mail verified',
  '/dashboard': 'Dashboard',
  '/projects': 'Projects',
  '/bounties': 'Bounties',
  '/grants': 'Grants',
  '/resources': 'Resources',
  '/profile': 'Profile',
  '/contribution-hub': 'Contribution Hub',
  '/application': 'Application',
  '/application/bounty-application': 'Bounty request',
  '/application/project-application': 'Project application',
  '/u/:name': 'Profile',
  '/admin': 'Admin',
  '/admin/project-approvals': 'Project approvals · Admin',
  '/admin/bounty-approvals': 'Bounty approvals · Admin',
  '/admin/contribution-hub': 'Contribution review · Admin',
  '/admin/grants': 'Grant review · Admin',
  '/admin/resources': 'Resources · Admin',
  '/admin/mail': 'Mail · Admin',
  '/admin/audit': 'Audit log · Admin',
  '/admin/users': 'Users · Admin',
  '/admin/users/:id': 'User · Admin',
  '/admin/insights': 'Insights · Admin',
  '/admin/seasons': 'Seasons · Admin',
};

export const NOT_FOUND_NAME = 'Page not found';

function fromSegment(path: string): string {
  const last = path.split('/').filter(Boolean).at(-1) ?? '';
  const words = last.replace(/-/g, ' ');
  const name = words.charAt(0).toUpperCase() + words.slice(1);
  return path.startsWith('/admin/') ? `${name} · Admin` : name;
}

/** The page's name for the title and the screen-reader announcement. */
export function pageName(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const route = routeOf(path);
  if (!route) return NOT_FOUND_NAME;
  return NAMES[route] ?? fromSegment(route);
}

/** The route pattern a path matches ("/admin/users/:id" for "/admin/users/abc"), if any. */
function routeOf(path: string): string | null {
  if (path in ROUTE_ACCESS) return path;
  const parts = path.split('/');
  for (const route of Object.keys(ROUTE_ACCESS)) {
    const pattern = route.split('/');
    if (pattern.length === parts.length && pattern.every((p, i) => p.startsWith(':') || p === parts[i]))
      return route;
  }
  return null;
}

export function documentTitle(pathname: string): string {
  return `${pageName(pathname)} · ${SITE_NAME}`;
}
