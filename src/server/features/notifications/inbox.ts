/**
 * The one writer of the inbox (issue 19). Called inside the transaction of the state
 * change the notification is about (review/notify.ts for every admin decision,
 * xp/ledger.ts for the referral bonus), so the change and its notice exist together or
 * not at all. The unique dedupe key makes a retry or a race add nothing, and the user's
 * unread counter moves only when a row was really added.
 *
 * Season results (seasons/results.ts) are the one bulk write: a whole board's notices and
 * their counters in one INSERT … SELECT, with the same row shape, dedupe key and category.
 *
 * Browsers hear about a new row over the bus (topic USER_NOTIFICATION_TOPIC) once the
 * transaction committed: see `announce`.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { notifications, user } from '@/db/schema';
import type { Bus } from '@/server/realtime/bus';
import type { NotificationCategory } from '@/shared/lists';

/** Bus topic of a user's inbox changes; USER_TOPIC_PREFIX topics never reach the admin stream. */
export const USER_TOPIC_PREFIX = 'user.';
export const USER_NOTIFICATION_TOPIC = `${USER_TOPIC_PREFIX}notifications`;

export type NewNotification = {
  userId: string;
  category: NotificationCategory;
  title: string;
  body?: string | null;
  /** An in-app path. */
  link?: string | null;
  /** Unique for the state change: a second write with it adds nothing. */
  key: string;
};

/** Adds the row (once per key) and counts it unread; true when it was added now. */
export async function addNotification(tx: Tx, n: NewNotification): Promise<boolean> {
  const added = await tx
    .insert(notifications)
    .values({
      userId: n.userId,
      category: n.category,
      title: n.title,
      body: n.body ?? null,
      link: n.link ?? null,
      dedupeKey: n.key,
    })
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({ id: notifications.id });
  if (added.length === 0) return false;
  await tx
    .update(user)
    .set({ unreadNotifications: sql`${user.unreadNotifications} + 1` })
    .where(eq(user.id, n.userId));
  return true;
}

/**
 * Marks the user's unread rows read (these ids, or all of them) and takes them off the
 * counter; returns the unread count after. Only rows still unread are counted, so two
 * tabs marking the same row take it off once.
 */
export async function markRead(tx: Tx, userId: string, ids: number[] | 'all', at: Date): Promise<number> {
  const done = await tx
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  const [row] = await tx
    .update(user)
    .set({ unreadNotifications: sql`greatest(${user.unreadNotifications} - ${done.length}, 0)` })
    .where(eq(user.id, userId))
    .returning({ unread: user.unreadNotifications });
  return row?.unread ?? 0;
}

/** Tells the user's open pages (any process) that their inbox changed. Call after the commit. */
export async function announce(bus: Pick<Bus, 'publish'>, userId: string): Promise<void> {
  await bus.publish({ topic: USER_NOTIFICATION_TOPIC, data: { userId } }).catch(() => {});
}
