/**
 * Every route of the app as the front-end benchmarks visit it (one home for the list):
 * the public pages as a visitor (a public profile /u/{name} among them), the signed-in
 * pages as a builder (the application forms as the role that can use them) and the admin
 * pages as the admin. `signUpVisitors` makes the four accounts on a running app.
 */
import { ADMIN_EMAIL } from '../../e2e/support/server';
import { signUpRemote } from '../../tests/support/remote';
import type { Client } from '../../tests/support/server';
import type { Smtp } from '../../tests/support/smtp';

export type Visitor = { client: Client; uid: string; displayName: string };
export type Visitors = { member: Visitor; startup: Visitor; project: Visitor; admin: Visitor };
/** A route and who opens it (null: a visitor with no session). */
export type RouteVisit = { path: string; as: Visitor | null };

export async function signUpVisitors(url: string, smtp: Smtp): Promise<Visitors> {
  const member = await signUpRemote(url, smtp);
  const startup = await signUpRemote(url, smtp, { role: 'startup' });
  const project = await signUpRemote(url, smtp, { role: 'project' });
  const admin = await signUpRemote(url, smtp, { email: ADMIN_EMAIL });
  return { member, startup, project, admin };
}

export function routeVisits({ member, startup, project, admin }: Visitors): RouteVisit[] {
  const visit = (as: Visitor | null) => (path: string) => ({ path, as });
  return [
    ...['/', '/docs', '/login', '/signup', '/forgot-password'].map(visit(null)),
    visit(null)(`/u/${encodeURIComponent(member.displayName)}`),
    ...[
      '/dashboard',
      '/projects',
      '/bounties',
      '/grants',
      '/resources',
      '/profile',
      '/inbox',
      '/contribution-hub',
    ].map(visit(member)),
    // A builder cannot apply: /application sends them to the dashboard, so a startup measures it.
    visit(startup)('/application'),
    visit(startup)('/application/project-application'),
    visit(project)('/application/bounty-application'),
    ...[
      '/admin',
      '/admin/project-approvals',
      '/admin/bounty-approvals',
      '/admin/contribution-hub',
      '/admin/grants',
      '/admin/resources',
      '/admin/mail',
      '/admin/audit',
      '/admin/insights',
      '/admin/users',
      `/admin/users/${member.uid}`,
      '/admin/seasons',
    ].map(visit(admin)),
  ];
}

/**
 * The routes a comma-separated list names (LIGHTHOUSE_PAGES and the like): '/u' names the
 * public profile, whatever the member is called, and '/admin/users/:id' the admin's page of
 * that member. No list: every route.
 */
export function onlyNamed(visits: RouteVisit[], list: string | undefined): RouteVisit[] {
  const only = list?.split(',').filter(Boolean);
  if (!only) return visits;
  const named = (p: string) =>
    only.includes(p) ||
    (p.startsWith('/u/') && only.includes('/u')) ||
    (/^\/admin\/users\/[^/]+$/.test(p) && only.includes('/admin/users/:id'));
  return visits.filter((v) => named(v.path));
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
