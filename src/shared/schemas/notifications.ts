/** The inbox and e-mail preferences (issue 19): what the API answers and accepts. */
import { z } from 'zod';
import { NOTIFICATION_CATEGORIES } from '../lists';

export const notificationSchema = z.object({
  id: z.number().int(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE = 20;

export const notificationListQuery = z.object({
  /** Keyset cursor: the id of the last row of the previous page. */
  before: z.coerce.number().int().positive().optional(),
});

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  /** Pass as `before` for the next page; null on the last page. */
  next: z.number().int().nullable(),
  unread: z.number().int(),
});

export const unreadSchema = z.object({ unread: z.number().int() });

/** Per category: true = e-mail on. */
export const mailPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, z.boolean()])) as Record<
    (typeof NOTIFICATION_CATEGORIES)[number],
    z.ZodBoolean
  >,
);
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;
