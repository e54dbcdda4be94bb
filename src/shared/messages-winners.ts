/**
 * The strings of bounty submissions and winners (issue 19). messages.ts puts them into MSG
 * as MSG.winners.
 */
import { LIMITS } from './limits';

export const WINNERS_MSG = {
  submitWork: 'Submit your work',
  editSubmission: 'Edit your submission',
  submissionLink: 'Link to your work',
  submissionNote: 'Note for the requester',
  submissionSaved: 'Submission saved. You can edit it until the deadline.',
  submissionClosed: 'Submissions closed at the deadline.',
  submitApplyFirst: 'Apply to this bounty first, then submit your work.',
  submissionLinkInvalid: 'Please enter a valid http(s) URL.',
  submissionsTitle: 'Submissions',
  noSubmissions: 'No submissions yet.',
  pickWinners: 'Pick winners',
  announce: 'Announce winners',
  announced: 'Winners announced. They have been told.',
  prizeLabel: 'XP prize (optional)',
  placeLabel: 'Place',
  notAPlace: 'Not placed',
  winnersTitle: 'Winners',
  pickOne: 'Pick at least one winner.',
  onePlaceEach: 'Each place and each person can be picked once.',
  winnerNotSubmitted: 'Winners must be chosen among the submissions.',
  prizeInvalid: 'Enter a whole number of XP from 0 to 100,000.',
  notYet: 'Winners are picked after the deadline.',
  alreadyAnnounced: 'The winners of this bounty have already been announced.',
  onlyRequester: 'Only the requester of this bounty or the admin can do this.',
  /** XP is the ecosystem team's to create: a requester names the podium, the team adds any prize. */
  prizeAdminOnly:
    'Only the ecosystem team can attach an XP prize. Announce the winners; the team can add XP for them.',
  requesterCannotWin: 'The requester of a bounty cannot be one of its winners.',
  ownBounty: 'You cannot apply to your own bounty.',
  /** The podium dialog's line for a requester (no prize fields) and for the admin. */
  pickerRequester: `Up to ${LIMITS.bountyWinnersMax} places, in podium order. Any XP prize is added by the ecosystem team.`,
  pickerAdmin: `Up to ${LIMITS.bountyWinnersMax} places, in podium order. A prize is paid once, in XP, when you announce.`,
  /** The requester's countdown after the deadline. */
  dueIn: (days: number) =>
    days === 0 ? 'Pick winners today' : `Pick winners within ${days} ${days === 1 ? 'day' : 'days'}`,
  overdue: 'Winners overdue',
  /** Why a new bounty request is refused (Superteam Earn's rule), naming the bounty. */
  blocked: (title: string) =>
    `Pick the winners of “${title}” first: its deadline passed more than 7 days ago. You can request a new bounty once they are announced.`,
  reminderSubject: (title: string) => `Pick the winners of “${title}”`,
} as const;
