/**
 * The getting-started checklist of a new user's dashboard (issue 20). Each step ticks itself
 * from the user's own record (and, for startups, whether an application was sent), so the
 * list is right on every device without storing progress anywhere.
 */
import {
  APPLICATION_STATUS,
  APPLY_FOR_APPROVAL,
  type ApplicationState,
  FIRST_CONTRIBUTION,
  INVITE_FRIEND,
  REQUEST_BOUNTY,
  type Step,
} from './journey';

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

/** `waiting`: the user did their part and the team has it (a startup's application under review). */
export type ChecklistItem = Step & { key: string; done: boolean; waiting?: boolean };

/** The startup's step while its application waits for the team: where it stands, not done yet. */
export const APPLICATION_WAITING: Step = {
  ...APPLICATION_STATUS,
  label: 'Application sent: waiting for review',
};

/** A profile counts as complete with a bio and at least one way to find the person. */
export function profileComplete(u: ChecklistUser): boolean {
  return !!u.bio?.trim() && !!(u.twitterHandle || u.githubHandle || u.personalWebsite);
}

/**
 * The steps, in order. `application`: the startup's latest application, 'pending' while the team
 * has it (shown as waiting, not done: approval is the team's step), null when there is none to
 * wait for; unknown (undefined) counts as not yet. `requested`: a project member has sent a
 * bounty request (their role's own work). The admin has no checklist.
 */
export function gettingStarted(
  u: ChecklistUser,
  application?: ApplicationState,
  requested?: boolean,
): ChecklistItem[] {
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
    items.push(
      u.status === 'approved'
        ? { key: 'apply', ...APPLY_FOR_APPROVAL, done: true }
        : application === 'pending'
          ? { key: 'apply', ...APPLICATION_WAITING, done: false, waiting: true }
          : { key: 'apply', ...APPLY_FOR_APPROVAL, done: false },
    );
  if (u.role === 'project') items.push({ key: 'request', ...REQUEST_BOUNTY, done: requested === true });
  return items;
}
