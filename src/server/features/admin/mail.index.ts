/**
 * The admin's mail queue: counts, the mail that failed after every retry, and a
 * one-click "send again" for each (issue 15: mail is never dropped silently).
 */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppBindings } from '@/server/context';
import { ApiError } from '@/server/lib/errors';
import { okSchema } from '@/server/lib/openapi';
import { routes } from '@/server/lib/route';
import { MSG } from '@/shared/messages';
import { mailQueueSchema } from '@/shared/schemas/mail';

const listRoute = routes.admin('get', '/admin/mail', {
  summary: 'Mail queue: unsent count, oldest unsent age, and the mail that failed after every retry',
  access: 'admin',
  ok: mailQueueSchema,
});

const retryRoute = routes.admin('post', '/admin/mail/{id}/retry', {
  summary: 'Send a failed mail again',
  access: 'admin',
  params: z.object({ id: z.uuid() }),
  ok: okSchema,
  errors: [404],
});

export function adminMailRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(listRoute, async (c) => {
    const { mailer } = c.get('deps');
    const [stats, failed] = await Promise.all([mailer.stats(), mailer.listFailed()]);
    c.header('cache-control', 'no-store');
    return c.json(
      {
        unsent: stats.unsent,
        oldestUnsentSeconds: stats.oldestUnsent
          ? Math.max(0, Math.round((Date.now() - stats.oldestUnsent.getTime()) / 1000))
          : null,
        failed: stats.failed,
        failedMail: failed.map((m) => ({
          ...m,
          queuedAt: m.queuedAt.toISOString(),
          failedAt: m.failedAt.toISOString(),
        })),
      },
      200,
    );
  });

  app.openapi(retryRoute, async (c) => {
    const { id } = c.req.valid('param');
    if (!(await c.get('deps').mailer.retry(id))) throw new ApiError(404, 'NOT_FOUND', MSG.mail.notFound);
    c.get('log').info({ id }, 'admin: failed mail queued again');
    return c.json({ ok: true as const }, 200);
  });
}
