/**
 * The strings of reviewer roles (issue 18): granting and revoking the permission, the
 * reviewer's limits and rules, and sending a contribution back for changes.
 * messages.ts puts them into MSG as MSG.reviewers.
 */
export const REVIEWERS_MSG = {
  notReviewer: 'You are no longer a reviewer.',
  ownItem: 'You cannot review your own contribution.',
  referredItem: 'You cannot review a contribution of someone you invited.',
  /** Followed by the reviewer's limit, e.g. "You can award at most 50 XP per contribution." */
  overLimit: (max: number) => `You can award at most ${max} XP per contribution.`,
  adminOnlyDecision: 'Only the admin can make this decision.',
  // The admin's side (users console).
  sectionTitle: 'Reviewer',
  sectionIntro:
    'A reviewer rewards and rejects contributions, and can send one back for changes. They never review their own or their invitees’ work, and cannot touch projects, bounties, grants or users.',
  maxPointsLabel: 'Most XP per item',
  grant: 'Make reviewer',
  updateLimit: 'Save limit',
  revoke: 'Revoke reviewer',
  granted: 'This user is now a reviewer.',
  limitChanged: 'Reviewer limit saved.',
  revoked: 'Reviewer permission revoked.',
  isReviewer: (max: number) => `Reviewer · up to ${max} XP per contribution`,
  notAReviewer: 'Not a reviewer.',
  cannotBeReviewer: 'Only a verified, enabled account other than the admin can be a reviewer.',
  alreadyNotReviewer: 'This user is not a reviewer.',
  sameLimit: 'This reviewer already has this limit.',
  reviewerBadge: 'Reviewer',
  // Told to the user.
  grantedNotice: 'You are now a reviewer',
  grantedNoticeBody: (max: number) =>
    `You can reward and reject contributions in the review queue, up to ${max} XP each.`,
  revokedNotice: 'Your reviewer permission was removed',
  // Request changes.
  requestChanges: 'Request changes',
  changesNoteLabel: 'What should change',
  changesNoteRequired: 'Please say what should change.',
  changesOnlyOnce: 'This contribution was already sent back once; reward or reject it.',
  changesRequestedBadge: 'Changes requested',
  changesRequestedTitle: 'The reviewer asked for changes',
  resubmit: 'Resubmit',
  resubmitted: 'Resubmitted. It is back in the review queue.',
  notAwaitingChanges: 'This contribution is not waiting for changes.',
  resubmitOnce: 'You can resubmit it once. It does not count toward your 5 a day.',
  resubmittedBadge: 'Resubmitted',
} as const;
