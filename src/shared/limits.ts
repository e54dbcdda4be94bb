/**
 * Business constants of spec §9. Every rule, message and test reads them from here.
 */

import { SHELL_LIMITS } from './limits-shell';

const HOUR_MS = 60 * 60 * 1000;
/** Spec §9 reapply cooldown: the one "24 hours" every rule, message and mail says. */
const REAPPLY_COOLDOWN_HOURS = 24;

export const LIMITS = {
  /** Live inbox streams (/api/me/events) one member may hold open on one server: tabs, not a flood. */
  eventStreamsPerMember: 10,
  passwordMin: 6,
  passwordMax: 128,
  displayNameMax: 40,
  emailMax: 254,
  leaderboardMinPoints: 1,
  leaderboardCacheMs: 4 * HOUR_MS,
  dashboardListSize: 3,
  bountyUrgentDays: 3,
  /** Issue 19: winners are picked within this many days of a bounty's deadline (/docs promises it). */
  winnersDueDays: 7,
  /** The requester is reminded on this day after the deadline while no winners are picked. */
  winnersReminderDay: 5,
  /** Places on a bounty's podium. */
  bountyWinnersMax: 3,
  /** The largest XP prize per place. */
  bountyPrizeMaxXp: 100_000,
  recentContributions: 5,
  pastContributionsPage: 5,
  /** Keyset-paged lists (projects, bounties, grants, resources, admin queues): rows per page by default, and at most. */
  listPage: 24,
  listPageMax: 100,
  /**
   * The admin review queues (contributions, project applications, bounty requests): rows per
   * page, and at most. A page an admin works through, with "Load more" and exact counts from the
   * server: 200 rows cost 4 times the database reads, JSON and rendering of 50 (bench/why.md).
   */
  queuePage: 50,
  /**
   * A pending contribution's place in the review queue is counted exactly up to this many items
   * ahead of it; beyond, it reads "more than 1,000 ahead". Counting costs one index entry per item
   * ahead, so an exact place at the end of a 100,000-item queue cost 30 ms a read (bench/why.md).
   */
  queuePlaceExact: 1000,
  contributionFileBytes: 20 * 1024 * 1024,
  /** Not in the spec: the profile photo upload it implies. */
  profilePhotoBytes: 5 * 1024 * 1024,
  /** Not in the spec: the size its create-project images imply. */
  projectImageBytes: 5 * 1024 * 1024,
  bountyImagesMax: 5,
  bountyImageBytes: 5 * 1024 * 1024,
  bountyDescriptionWords: 3000,
  bountyDescriptionChars: 20000,
  bountyTitleChars: 100,
  bountyRewardChars: 50,
  bountyContactChars: 100,
  /** Any link a form takes (a website, a repository, a resource, a submission): characters at most. */
  linkChars: 500,
  /** An application's pitch to a bounty. */
  bountyPitchChars: 2000,
  /** A grant's currency or token symbol. */
  currencyChars: 12,
  /** A list's search box: the longest query the API takes. */
  searchChars: 100,
  criteriaMin: 2,
  criteriaMax: 7,
  reapplyCooldownHours: REAPPLY_COOLDOWN_HOURS,
  reapplyCooldownMs: REAPPLY_COOLDOWN_HOURS * HOUR_MS,
  verificationPollMs: 5000,
  /**
   * How long a verification link works, and so how long an unverified account holds its
   * display name: after that a sign-up with the same name replaces it (ADR 0016).
   */
  verificationLinkMs: 24 * HOUR_MS,
  /** The longest an unverified sign-up holds its display name, however often it is used (outside review: a daily request held it for good). */
  unverifiedNameHoldMs: 7 * 24 * HOUR_MS,
  narrowScreenPx: 768,
  ...SHELL_LIMITS,
} as const;

export const DEFAULT_ROLE = 'builder' as const;
export const INITIAL_STATUS = 'pending' as const;

/** The longest note a reviewer may attach to a decision (reason, message to the applicant). */
export const DECISION_NOTE_MAX = 1000;

/** The longest reason an admin may give for a moderation action (disable, role, XP, reviewer). */
export const MODERATION_REASON_MAX = 500;
