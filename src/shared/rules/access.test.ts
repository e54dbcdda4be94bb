import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import {
  type Access,
  canCreateProject,
  decide,
  ROUTE_ACCESS,
  showsApplicationLink,
  type Viewer,
} from './access';
import { redirectReason } from './redirect-reason';

const v = (over: Partial<NonNullable<Viewer>> = {}): Viewer => ({
  emailVerified: true,
  role: 'builder',
  status: 'pending',
  isAdmin: false,
  ...over,
});

describe('route guards (spec §2 route table, §6)', () => {
  it('sends signed-out visitors to /login from every protected route', () => {
    for (const [path, access] of Object.entries(ROUTE_ACCESS)) {
      const d = decide(access as Access, null);
      if (access === 'public' || access === 'guestOnly') expect(d, path).toEqual({ kind: 'allow' });
      else expect(d, path).toEqual({ kind: 'redirect', to: '/login' });
    }
  });
  it('shows the verification block to unverified users on protected routes', () => {
    expect(decide('verified', v({ emailVerified: false }))).toEqual({ kind: 'verify' });
    expect(decide('admin', v({ emailVerified: false, isAdmin: false }))).toEqual({ kind: 'verify' });
  });
  it('sends signed-in users away from /login and /signup', () => {
    expect(decide(ROUTE_ACCESS['/login'], v())).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide(ROUTE_ACCESS['/signup'], v({ emailVerified: false }))).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });
  it('gates the application routes by role', () => {
    const hub = ROUTE_ACCESS['/application'];
    const bounty = ROUTE_ACCESS['/application/bounty-application'];
    const project = ROUTE_ACCESS['/application/project-application'];
    expect(decide(hub, v({ role: 'builder' }))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide(hub, v({ role: 'project' }))).toEqual({ kind: 'allow' });
    expect(decide(hub, v({ role: 'developer', isAdmin: true }))).toEqual({ kind: 'allow' });
    expect(decide(bounty, v({ role: 'startup' }))).toEqual({ kind: 'allow' });
    expect(decide(bounty, v({ role: 'creator' }))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide(project, v({ role: 'startup' }))).toEqual({ kind: 'allow' });
    expect(decide(project, v({ role: 'project' }))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });
  it('sends non-admins on admin routes to /application', () => {
    for (const path of [
      '/admin/project-approvals',
      '/admin/bounty-approvals',
      '/admin/contribution-hub',
    ] as const) {
      expect(decide(ROUTE_ACCESS[path], v({ role: 'startup' }))).toEqual({
        kind: 'redirect',
        to: '/application',
      });
      expect(decide(ROUTE_ACCESS[path], v({ isAdmin: true }))).toEqual({ kind: 'allow' });
    }
  });
  it('lets a reviewer into the contribution review screen and no other admin screen (issue 18)', () => {
    const r = v({ isReviewer: true });
    expect(decide(ROUTE_ACCESS['/admin/contribution-hub'], r)).toEqual({ kind: 'allow' });
    for (const path of ['/admin', '/admin/project-approvals', '/admin/users', '/admin/grants'] as const)
      expect(decide(ROUTE_ACCESS[path], r)).toEqual({ kind: 'redirect', to: '/application' });
  });
  it('shows the Application link to startups, projects and the admin only', () => {
    expect(showsApplicationLink(null)).toBe(false);
    expect(showsApplicationLink(v())).toBe(false);
    expect(showsApplicationLink(v({ role: 'startup' }))).toBe(true);
    expect(showsApplicationLink(v({ role: 'project' }))).toBe(true);
    expect(showsApplicationLink(v({ isAdmin: true }))).toBe(true);
  });
  it('lets only approved startups create projects', () => {
    expect(canCreateProject(v({ role: 'startup', status: 'approved' }))).toBe(true);
    expect(canCreateProject(v({ role: 'startup', status: 'pending' }))).toBe(false);
    expect(canCreateProject(v({ role: 'project', status: 'approved' }))).toBe(false);
    expect(canCreateProject(v({ role: 'startup', status: 'approved', emailVerified: false }))).toBe(false);
  });
  it('says why it sent a signed-in user away (issue 20), and nothing when it needs no words', () => {
    const project = ROUTE_ACCESS['/application/project-application'];
    expect(redirectReason(project, v({ role: 'project' }))).toBe(MSG.access.startupOnly);
    expect(redirectReason(project, v({ role: 'builder' }))).toBe(MSG.access.startupOnlyOther);
    expect(redirectReason(project, v({ role: 'startup' }))).toBeNull();
    expect(redirectReason(ROUTE_ACCESS['/application'], v())).toBe(MSG.access.applicantOnly);
    expect(redirectReason(ROUTE_ACCESS['/admin/grants'], v({ role: 'startup' }))).toBe(MSG.access.adminOnly);
    expect(redirectReason(ROUTE_ACCESS['/login'], v())).toBeNull();
    expect(redirectReason(project, null)).toBeNull();
    expect(redirectReason(project, v({ role: 'project', emailVerified: false }))).toBeNull();
  });
});

describe('each access level on its own', () => {
  it('applicantOnly: startups and projects, never the admin as such', () => {
    expect(decide('applicantOnly', v({ role: 'project' }))).toEqual({ kind: 'allow' });
    expect(decide('applicantOnly', v({ role: 'startup' }))).toEqual({ kind: 'allow' });
    expect(decide('applicantOnly', v({ isAdmin: true }))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });
  it('startup: the admin is not a startup', () => {
    expect(decide('startup', v({ isAdmin: true }))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });
  it('public and guestOnly let anyone in who is not signed in', () => {
    expect(decide('public', null)).toEqual({ kind: 'allow' });
    expect(decide('public', v({ emailVerified: false }))).toEqual({ kind: 'allow' });
    expect(decide('guestOnly', null)).toEqual({ kind: 'allow' });
  });
  it('verified lets any verified role in', () => {
    for (const role of ['builder', 'startup', 'project', 'creator'])
      expect(decide('verified', v({ role }))).toEqual({ kind: 'allow' });
  });
});
