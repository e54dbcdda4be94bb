/** Lists of spec §1, §3 and §6. */

/** Roles a person may pick at sign-up; 'builder' is the default when none is picked. Never 'admin'. */
export const SIGNUP_ROLES = [
  'startup',
  'creator',
  'Community Member',
  'project',
  'ambassador',
  'developer',
] as const;
export const ROLES = ['builder', ...SIGNUP_ROLES] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['pending', 'approved'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const GRANT_STATUSES = ['pending', 'approved', 'declined'] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];

export const PROJECT_GENRES = [
  'DeFi',
  'Meme',
  'NFT',
  'GameFi',
  'Metaverse',
  'DAO',
  'DAC',
  'DePIN',
  'RWA',
  'Other',
] as const;
export const PROJECT_PHASES = ['Idea', 'Prototype', 'MVP', 'Production'] as const;
export const BOUNTY_CRITERIA = [
  'Impact',
  'Innovation',
  'Feasibility',
  'Community Engagement',
  'Technical Difficulty',
  'Creativity',
  'Scalability',
  'Sustainability',
  'User Experience',
  'Originality',
] as const;

/** Label shown for a role; the spec shows 'Builder' when none is set. */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return 'Builder';
  return role.charAt(0).toUpperCase() + role.slice(1);
}

/** A stored status in words, as the admin reads it: 'changes_requested' is 'Changes requested'. */
export function statusLabel(status: string): string {
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a member's own pages call them: the admin is "Admin", whatever role they signed up with. */
export function ownRoleLabel(role: string | null | undefined, isAdmin: boolean): string {
  return isAdmin ? 'Admin' : roleLabel(role);
}

/**
 * The users console's role filter: the admin's standing first (no one signs up as it: the
 * account of ADMIN_EMAIL is the admin whatever its role), then the roles. A reviewer keeps
 * their role, so the console filters reviewers on their own (`reviewer`).
 */
export const ROLE_FILTERS = ['admin', ...ROLES] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];

/** A role filter's words, as ownRoleLabel calls each standing. */
export function roleFilterLabel(f: RoleFilter): string {
  return f === 'admin' ? ownRoleLabel(null, true) : roleLabel(f);
}

/**
 * What the inbox and the e-mail preferences group notifications by (issue 19). Account mail
 * (verification, password reset, security alerts) is none of these: it cannot be turned off.
 */
export const NOTIFICATION_CATEGORIES = [
  'contributions',
  'launchpad',
  'bounties',
  'grants',
  'referrals',
  'seasons',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  contributions: 'Contribution reviews',
  launchpad: 'Project applications',
  bounties: 'Bounty requests and winners',
  grants: 'Grant decisions',
  referrals: 'Referral bonuses',
  seasons: 'Season results',
};

/** Kinds of contribution the model keeps. */
export const CONTRIBUTION_TYPES = ['tweet', 'link', 'file'] as const;
export type ContributionType = (typeof CONTRIBUTION_TYPES)[number];
/** What the form offers today (spec: only tweet); link and file are kept in the model. */
export const OFFERED_CONTRIBUTION_TYPES = ['tweet'] as const;

/** The admin's insights cover the last 7, 30 or 90 days (issue 18). */
export const INSIGHT_PERIODS = [7, 30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
