/**
 * The inbox (issue 19): the signed-in user's notifications, keyset-paged newest first,
 * marked read one at a time or all at once; e-mail preferences per category; and the
 * one-click unsubscribe link of every non-account mail (RFC 8058). The unread count
 * rides on /api/me (user.unread_notifications); live changes come over /api/me/events.
 */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { notifications, user } from '@/db/schema';
import type { AppBindings } from '@/server/context';
import { currentUser } from '@/server/lib/access';
import { notFound } from '@/server/lib/errors';
import { routes } from '@/server/lib/route';
import type { NotificationCategory } from '@/shared/lists';
import { optOutOf } from '@/shared/rules/mail-preferences';
import { meSchema } from '@/shared/schemas/account';
import {
  mailPreferencesSchema,
  NOTIFICATIONS_PAGE,
  notificationListQuery,
  notificationPageSchema,
  unreadSchema,
} from '@/shared/schemas/notifications';
import { toMe } from '../account/me';
import { announce, markRead } from './inbox';
import { unsubscribeRoutes } from './unsubscribe';

const listRoute = routes.notifications('get', '/notifications', {
  summary: `Your notifications, newest first, ${NOTIFICATIONS_PAGE} a page (keyset: pass \`next\` as \`before\`)`,
  access: 'verified',
  query: notificationListQuery,
  ok: notificationPageSchema,
});

const readOneRoute = routes.notifications('post', '/notifications/{id}/read', {
  summary: 'Mark one of your notifications read; answers the unread count after',
  access: 'verified',
  params: z.object({ id: z.coerce.number().int().positive() }),
  ok: unreadSchema,
  errors: [404],
});

const readAllRoute = routes.notifications('post', '/notifications/read-all', {
  summary: 'Mark all your notifications read',
  access: 'verified',
  ok: unreadSchema,
});

const prefsRoute = routes.profile('put', '/profile/mail-preferences', {
  summary: 'Turn e-mail on or off per notification category (account mail cannot be turned off)',
  access: 'verified',
  body: mailPreferencesSchema,
  ok: z.object({ user: meSchema }),
});

export function notificationRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(listRoute, async (c) => {
    const u = currentUser(c);
    const { before } = c.req.valid('query');
    const rows = await c
      .get('deps')
      .handle.db.select()
      .from(notifications)
      .where(and(eq(notifications.userId, u.id), before ? lt(notifications.id, before) : undefined))
      .orderBy(desc(notifications.id))
      .limit(NOTIFICATIONS_PAGE + 1);
    const page = rows.slice(0, NOTIFICATIONS_PAGE);
    return c.json(
      {
        items: page.map((r) => ({
          id: r.id,
          category: r.category as NotificationCategory,
          title: r.title,
          body: r.body,
          link: r.link,
          createdAt: r.createdAt.toISOString(),
          readAt: r.readAt?.toISOString() ?? null,
        })),
        next: rows.length > NOTIFICATIONS_PAGE ? page[page.length - 1]!.id : null,
        unread: u.unreadNotifications,
      },
      200,
    );
  });

  app.openapi(readOneRoute, async (c) => {
    const u = currentUser(c);
    const { id } = c.req.valid('param');
    const { handle, bus, now } = c.get('deps');
    const unread = await handle.db.transaction(async (tx) => {
      const [own] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, u.id)));
      if (!own) throw notFound();
      return markRead(tx, u.id, [id], now());
    });
    await announce(bus, u.id);
    return c.json({ unread }, 200);
  });

  app.openapi(readAllRoute, async (c) => {
    const u = currentUser(c);
    const { handle, bus, now } = c.get('deps');
    const unread = await handle.db.transaction((tx) => markRead(tx, u.id, 'all', now()));
    await announce(bus, u.id);
    return c.json({ unread }, 200);
  });

  app.openapi(prefsRoute, async (c) => {
    const u = currentUser(c);
    const { handle, now } = c.get('deps');
    const [row] = await handle.db
      .update(user)
      .set({ mailOptOut: optOutOf(c.req.valid('json')), updatedAt: sql`now()` })
      .where(eq(user.id, u.id))
      .returning();
    if (!row) throw notFound();
    return c.json({ user: toMe(row, c.get('isAdmin'), now()) }, 200);
  });

  unsubscribeRoutes(app);
}
