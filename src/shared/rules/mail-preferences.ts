/** E-mail preferences (issue 19): the user row keeps the categories turned off; the API speaks on/off per category. */
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '../lists';
import type { MailPreferences } from '../schemas/notifications';

export function mailPreferencesOf(optOut: readonly string[]): MailPreferences {
  return Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, !optOut.includes(c)])) as MailPreferences;
}

export function optOutOf(prefs: MailPreferences): NotificationCategory[] {
  return NOTIFICATION_CATEGORIES.filter((c) => prefs[c] === false);
}

/** Categories only some roles can receive mail in: project applications and grants are startups'. */
const ONLY_FOR: Partial<Record<NotificationCategory, readonly string[]>> = {
  launchpad: ['startup'],
  grants: ['startup'],
};

/**
 * The categories a member's preferences list: those their role can receive, and any they turned
 * off (so a member whose role changed can still turn one back on).
 */
export function mailCategoriesFor(role: string, prefs: MailPreferences): NotificationCategory[] {
  return NOTIFICATION_CATEGORIES.filter(
    (c) => !ONLY_FOR[c] || ONLY_FOR[c].includes(role) || prefs[c] === false,
  );
}
