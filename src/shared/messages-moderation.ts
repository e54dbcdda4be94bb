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
} as const;
