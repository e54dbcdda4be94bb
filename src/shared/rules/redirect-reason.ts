import { ACCESS_MSG } from '../messages-shell';
import { type Access, decide, type Viewer } from './access';

/**
 * Why `decide` sent a signed-in, verified viewer away, in a sentence the destination shows;
 * null when the redirect needs no words (signed out, or already signed in on /login).
 */
export function redirectReason(access: Access, v: Viewer): string | null {
  if (!v?.emailVerified || decide(access, v).kind !== 'redirect') return null;
  switch (access) {
    case 'startup':
      return v.role === 'project' ? ACCESS_MSG.startupOnly : ACCESS_MSG.startupOnlyOther;
    case 'applicant':
      return ACCESS_MSG.applicantOnly;
    case 'applicantOnly':
      return v.isAdmin ? ACCESS_MSG.bountyRequestAdmin : ACCESS_MSG.applicantOnly;
    case 'admin':
      return ACCESS_MSG.adminOnly;
    case 'reviewer':
      return ACCESS_MSG.reviewersOnly;
    default:
      return null;
  }
}
