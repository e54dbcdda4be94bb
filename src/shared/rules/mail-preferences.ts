/** E-mail preferences (issue 19): the user row keeps the categories turned off; the API speaks on/off per category. */
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '../lists';
import type { MailPreferences } from '../schemas/notifications';

export function mailPreferencesOf(optOut: readonly string[]): MailPreferences {
  return Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, !optOut.includes(c)])) as MailPreferences;
}

export function optOutOf(prefs: MailPreferences): NotificationCategory[] {
  return NOTIFICATION_CATEGORIES.filter((c) => prefs[c] === false);
}
