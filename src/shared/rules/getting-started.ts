/**
 * The getting-started checklist of a new user's dashboard (issue 20). Each step ticks itself
 * from the user's own record (and, for startups, whether an application was sent), so the
 * list is right on every device without storing progress anywhere.
 */
import { APPLY_FOR_APPROVAL, FIRST_CONTRIBUTION, INVITE_FRIEND, type Step } from './journey';

export type ChecklistUser = {
  emailVerified: boolean;
  role: string;
  status: string;
  bio: string | null;
  twitterHandle: string | null;
  githubHandle: string | null;
  personalWebsite: string | null;
  totalContributions: number;
  referralCount: number;
  isAdmin: boolean;
};

export type ChecklistItem = Step & { key: string; done: boolean };

/** A profile counts as complete with a bio and at least one way to find the person. */
export function profileComplete(u: ChecklistUser): boolean {
  return !!u.bio?.trim() && !!(u.twitterHandle || u.githubHandle || u.personalWebsite);
}

/**
 * The steps, in order. `applied`: the startup has sent a project application (any state);
 * unknown (undefined) counts as not yet. The admin has no checklist.
 */
export function gettingStarted(u: ChecklistUser, applied?: boolean): ChecklistItem[] {
  if (u.isAdmin) return [];
  const items: ChecklistItem[] = [
    { key: 'verify', to: '/profile', label: 'Verify your e-mail', done: u.emailVerified },
    { key: 'profile', to: '/profile', label: 'Complete your profile', done: profileComplete(u) },
    {
      key: 'contribute',
      ...FIRST_CONTRIBUTION,
      label: 'Submit a first contribution',
      done: u.totalContributions > 0,
    },
    { key: 'invite', ...INVITE_FRIEND, done: u.referralCount > 0 },
  ];
  if (u.role === 'startup')
    items.push({ key: 'apply', ...APPLY_FOR_APPROVAL, done: u.status === 'approved' || !!applied });
  return items;
}
