/**
 * The strings of the app shell (navigation, error page) and of the home page: what
 * a first visit shows. They live apart from the rest of the catalogue so that the
 * first visit downloads only these (e2e/bundle-budget.e2e.ts); messages.ts puts
 * them into MSG, so `MSG.nav.docs` and `NAV_MSG.docs` are the same string.
 */
export const COMMON_MSG = {
  notFound: 'Not found.',
  invalidInput: 'Some fields are not valid.',
  tooLarge: 'The request is too large.',
  server: 'Something went wrong. Please try again.',
  tooMany: 'Too many attempts. Please wait a moment before trying again.',
  /** Not in the spec: the code of a part of a page (a chart, a settings card) could not be downloaded. */
  partUnavailable: 'This part of the page could not be loaded. Check your connection, or reload the page.',
} as const;

/** A request that got no answer (MSG.signup.network). */
export const NETWORK_MSG = 'Network error. Please try again.';

export const HOME_MSG = {
  title: 'Welcome to Sysfi Labs',
  tagline:
    'Contribute to the ecosystem, discover projects, claim bounties, apply for grants and access resources — and earn XP for every step.',
  ctaSignedIn: 'Go to Dashboard',
  ctaSignedOut: 'Get Started',
  learnMore: 'Learn more',
  cards: {
    projects: 'Discover Projects',
    bounties: 'Claim Bounties',
    grants: 'Apply for Grants',
    resources: 'Access Resources',
  },
} as const;

export const NAV_MSG = {
  dashboard: 'Dashboard',
  projects: 'Projects',
  bounties: 'Bounties',
  grants: 'Grants',
  hub: 'Hub',
  resources: 'Resources',
  profile: 'Profile',
  docs: 'Docs',
  application: 'Application',
  inbox: 'Inbox',
  notifications: 'Notifications',
  login: 'Login',
  /** Not in the spec (issue 20): a visitor finds sign-up beside Login. */
  signup: 'Sign up',
  logout: 'Logout',
} as const;

export const NOT_FOUND_MSG = { back: 'Back to Home', goBack: 'Go Back' } as const;

/** Not in the spec: why a route sent a signed-in user elsewhere (the route guard, on every route). */
export const ACCESS_MSG = {
  startupOnly:
    'Project applications are for startup accounts. Your account is a project account, so you can request bounties from the Application hub instead.',
  startupOnlyOther: 'Project applications are for startup accounts, and yours is not one.',
  applicantOnly: 'The Application hub is for startup and project accounts.',
  bountyRequestAdmin: 'Bounty requests come from startups and projects; as the admin you review them.',
  adminOnly: 'That page is for the admin only.',
  reviewersOnly: 'That page is for reviewers.',
  /** This browser's session ended without its own sign-out (a verification, a new password or a sign-out on another device). */
  endedElsewhere:
    'You were signed out here: your session was ended from another device (a verification, a new password or a sign-out there). Log in again to continue.',
  /** A page opened with a session that has ended meanwhile (ended elsewhere, expired, or the account disabled). */
  sessionEnded: 'Your session has ended. Log in again to continue.',
} as const;
