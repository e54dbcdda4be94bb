/**
 * The next thing a signed-in user can actually do, by role and state (issue 20: no call to
 * action may lead somewhere the viewer can do nothing). The dashboard's empty state, the
 * grant dialog and the getting-started checklist all ask here.
 */
import type { Viewer } from './access';

export type Step = { to: string; label: string };

/** The hub with its contribution form open (`?contribute`): the step is the form, not a page to look for it on. */
export const FIRST_CONTRIBUTION: Step = {
  to: '/contribution-hub?contribute',
  label: 'Make your first contribution',
};
export const INVITE_FRIEND: Step = { to: '/profile', label: 'Invite a friend' };
export const APPLY_FOR_APPROVAL: Step = {
  to: '/application/project-application',
  label: 'Apply for approval',
};
/** A startup whose application waits for the team: where it stands (not the form again). */
export const APPLICATION_STATUS: Step = { to: '/application', label: 'See your application' };
export const CREATE_PROJECT: Step = { to: '/projects', label: 'Create a project' };
export const REQUEST_BOUNTY: Step = { to: '/application/bounty-application', label: 'Request a bounty' };

/**
 * A startup's own application as the steps need it: `pending` when one waits for the team,
 * null when there is none to wait for (none sent, or the last one decided), undefined while
 * it is not known yet.
 */
export type ApplicationState = 'pending' | null | undefined;

/** A startup not approved yet: its application's status while one waits, else the form. */
export function approvalStep(application: ApplicationState): Step {
  return application === 'pending' ? APPLICATION_STATUS : APPLY_FOR_APPROVAL;
}

/** The one primary call to action for this viewer. */
export function primaryStep(v: NonNullable<Viewer>, application?: ApplicationState): Step {
  if (v.role === 'startup') return v.status === 'approved' ? CREATE_PROJECT : approvalStep(application);
  if (v.role === 'project') return REQUEST_BOUNTY;
  return FIRST_CONTRIBUTION;
}

/** What the Projects group's "none yet" link offers: creating only to those who can. */
export function projectsStep(v: NonNullable<Viewer>, application?: ApplicationState): Step {
  if (v.role === 'startup') return v.status === 'approved' ? CREATE_PROJECT : approvalStep(application);
  return { to: '/projects', label: 'Browse projects' };
}

/** Why a member who is not a startup cannot apply (the Apply button's tooltip). */
export const GRANT_ONLY_STARTUPS =
  'Only startups can apply for grants: approved ones, for one of their projects.';

/** Who can apply for a grant, said where the button is. */
export const GRANT_WHO =
  'Approved startups apply for a grant for one of their projects. Everyone can read the approved grants.';

/** Why this viewer has no project to ask a grant for, and the one thing they can do about it. */
export function grantNoProject(v: NonNullable<Viewer>): { why: string; step: Step } {
  if (v.role === 'startup' && v.status === 'approved')
    return {
      why: 'You don’t have a project yet. Create one on the Projects page, then come back to apply.',
      step: CREATE_PROJECT,
    };
  if (v.role === 'startup')
    return {
      why: 'Grants are for approved startups. Apply for approval first; the application page shows where yours stands.',
      step: APPLY_FOR_APPROVAL,
    };
  return {
    why: 'Grants are for approved startups with a project. You can earn XP by contributing instead.',
    step: FIRST_CONTRIBUTION,
  };
}
