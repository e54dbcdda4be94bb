/**
 * The strings of the admin's moderation console (issue 18): the audit log, the users
 * console, disabling and enabling, role changes and XP corrections. messages.ts puts
 * them into MSG as MSG.moderation.
 */
export const MODERATION_MSG = {
  auditTitle: 'Audit log',
  auditIntro:
    'Every action by the admin or a reviewer: who, what, on which record, before and after, the reason, and when. Entries can never be changed or deleted.',
  auditEmpty: 'No entries match these filters.',
  auditLoadFailed: "Couldn't load the audit log. Please try again.",
  actorFilter: 'Actor (name, e-mail or id)',
  actionFilter: 'Action',
  anyAction: 'Any action',
  fromFilter: 'From',
  toFilter: 'To',
  loadMore: 'Older entries',
  system: 'System',
  usersTitle: 'Users',
  usersIntro:
    'Search members by the start of their display name or e-mail, filter them, and open one to act on it.',
  usersEmpty: 'No users match these filters.',
  usersLoadFailed: "Couldn't load the users. Please try again.",
  userLoadFailed: "Couldn't load this user. Please try again.",
  search: 'Name or e-mail starts with',
  roleFilter: 'Role',
  anyRole: 'Any role',
  verifiedFilter: 'Verified',
  disabledFilter: 'Disabled',
  any: 'Any',
  yes: 'Yes',
  no: 'No',
  sortBy: 'Sort by',
  sortJoined: 'Newest members',
  sortXp: 'Most XP',
  moreUsers: 'More users',
  disabledBadge: 'Disabled',
  unverifiedBadge: 'Unverified',
  reasonRequired: 'Please give a reason.',
  reasonLabel: 'Reason (the user and the audit log keep it)',
  disable: 'Disable account',
  enable: 'Enable account',
  disabledDone: 'Account disabled. Every session has ended.',
  enabledDone: 'Account enabled. The user has been told by e-mail.',
  cannotDisableAdmin: 'The admin account cannot be disabled.',
  alreadyDisabled: 'This account is already disabled.',
  notDisabled: 'This account is not disabled.',
} as const;
