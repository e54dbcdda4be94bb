/**
 * Who may open what (spec §2 route table and §6). The browser's route guards and
 * the API's middleware both decide with these functions, so the two never drift.
 */

export type Viewer = {
  emailVerified: boolean;
  role: string;
  status: string;
  isAdmin: boolean;
  /** A reviewer (issue 18): the admin granted them the contribution review screen. */
  isReviewer?: boolean;
} | null;

/** Access levels, from the most open to the most closed. */
export type Access =
  | 'public'
  | 'guestOnly' // /login, /signup: signed-in users go to the dashboard
  | 'verified' // signed in AND e-mail verified
  | 'applicant' // role startup or project (admin too, for the hub)
  | 'applicantOnly' // role startup or project, admin excluded (bounty request form)
  | 'startup' // role startup only
  | 'reviewer' // a reviewer, or the admin (the contribution review screen)
  | 'admin';

export type Decision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Signed in but not verified: show the verification block screen in place. */
  | { kind: 'verify' };

const APPLICANT_ROLES = new Set(['startup', 'project']);

export function isApplicantRole(role: string): boolean {
  return APPLICANT_ROLES.has(role);
}

export function canCreateProject(v: Viewer): boolean {
  return !!v && v.emailVerified && v.role === 'startup' && v.status === 'approved';
}

/** Whether the top bar shows the Application link. */
export function showsApplicationLink(v: Viewer): boolean {
  return !!v && (v.isAdmin || isApplicantRole(v.role));
}

export function decide(access: Access, v: Viewer): Decision {
  if (access === 'public') return { kind: 'allow' };
  if (access === 'guestOnly') return v ? { kind: 'redirect', to: '/dashboard' } : { kind: 'allow' };
  if (!v) return { kind: 'redirect', to: '/login' };
  if (!v.emailVerified) return { kind: 'verify' };
  switch (access) {
    case 'verified':
      return { kind: 'allow' };
    case 'applicant':
      return v.isAdmin || isApplicantRole(v.role)
        ? { kind: 'allow' }
        : { kind: 'redirect', to: '/dashboard' };
    case 'applicantOnly':
      return isApplicantRole(v.role) ? { kind: 'allow' } : { kind: 'redirect', to: '/dashboard' };
    case 'startup':
      return v.role === 'startup' ? { kind: 'allow' } : { kind: 'redirect', to: '/dashboard' };
    case 'reviewer':
      return v.isAdmin || v.isReviewer ? { kind: 'allow' } : { kind: 'redirect', to: '/application' };
    case 'admin':
      return v.isAdmin ? { kind: 'allow' } : { kind: 'redirect', to: '/application' };
  }
}

/** The client routes of spec §2 and the access each needs. */
export const ROUTE_ACCESS = {
  '/': 'public',
  '/docs': 'public',
  '/login': 'guestOnly',
  '/signup': 'guestOnly',
  '/forgot-password': 'guestOnly',
  '/reset-password': 'public',
  '/verified': 'public',
  /** A new-sign-in alert's link: asks before it ends the session (issue 21). */
  '/end-session': 'public',
  /** A public profile (issue 19). */
  '/u/:name': 'public',
  '/dashboard': 'verified',
  '/projects': 'verified',
  '/bounties': 'verified',
  '/grants': 'verified',
  '/resources': 'verified',
  '/profile': 'verified',
  /** The notification inbox (issue 19). */
  '/inbox': 'verified',
  '/contribution-hub': 'verified',
  '/application': 'applicant',
  '/application/bounty-application': 'applicantOnly',
  '/application/project-application': 'startup',
  '/admin': 'admin',
  '/admin/project-approvals': 'admin',
  '/admin/bounty-approvals': 'admin',
  '/admin/contribution-hub': 'reviewer',
  '/admin/grants': 'admin',
  '/admin/resources': 'admin',
  '/admin/mail': 'admin',
  '/admin/audit': 'admin',
  '/admin/insights': 'admin',
  '/admin/users': 'admin',
  '/admin/users/:id': 'admin',
  '/admin/seasons': 'admin',
} as const satisfies Record<string, Access>;

export type AppPath = keyof typeof ROUTE_ACCESS;

/** Routes under which narrow screens get the bottom tab bar (spec §2 Navigation). */
export const TAB_BAR_ROUTES = [
  '/dashboard',
  '/projects',
  '/bounties',
  '/grants',
  '/profile',
  '/contribution-hub',
] as const;
