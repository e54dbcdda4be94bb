/**
 * RFC 8058 one-click unsubscribe. The mail's List-Unsubscribe URL is
 * /api/mail/unsubscribe?token=…: a mail client POSTs it (List-Unsubscribe=One-Click, no
 * Origin: lib/csrf.ts lets this one POST through because the signed token proves it),
 * and a person who opens it gets a page that asks first: a GET never changes state.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { eq, sql } from 'drizzle-orm';
import { user } from '@/db/schema';
import type { AppBindings } from '@/server/context';
import { escapeHtml } from '@/server/lib/html';
import { NOTIFICATION_CATEGORY_LABELS } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import { readUnsubscribeToken } from './unsubscribe-link';

const M = MSG.inbox;
const html = { content: { 'text/html': { schema: z.string() } } };
const query = z.object({ token: z.string().max(512).optional() });

/** The unsubscribe link's URL, opened (GET) or posted (POST): an HTML page, 400 when the token does not hold. */
const linkRoute = <M extends 'get' | 'post'>(method: M, summary: string, described: string) =>
  createRoute({
    method,
    path: '/mail/unsubscribe',
    tags: ['notifications'],
    summary,
    request: { query },
    responses: {
      200: { description: described, ...html },
      400: { description: 'Invalid or expired link', ...html },
    },
  });

const askRoute = linkRoute(
  'get',
  'The page of a mail’s unsubscribe link: asks before it unsubscribes (HTML)',
  'Page',
);

const doRoute = linkRoute(
  'post',
  'One-click unsubscribe (RFC 8058): turns off one category of mail for the signed token’s user',
  'Done',
);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Sysfi Labs</title></head>
<body style="margin:0;background:#0b1020;color:#e2e8f0;font-family:Inter,Segoe UI,Arial,sans-serif"><main style="max-width:480px;margin:10vh auto;padding:24px">
<h1 style="font-size:22px">${escapeHtml(title)}</h1>${body}<p><a href="/profile" style="color:#22d3ee">Sysfi Labs profile</a></p></main></body></html>`;
}

export function unsubscribeRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(askRoute, (c) => {
    const { env, now } = c.get('deps');
    const token = c.req.valid('query').token ?? '';
    const link = readUnsubscribeToken(env.AUTH_SECRET, token, now());
    c.header('cache-control', 'no-store');
    if (!link)
      return c.html(page(M.unsubscribeTitle, `<p>${escapeHtml(M.unsubscribeInvalid)}</p>`), 400) as never;
    const what = NOTIFICATION_CATEGORY_LABELS[link.category].toLowerCase();
    const action = `?token=${encodeURIComponent(token)}`;
    return c.html(
      page(
        M.unsubscribeTitle,
        `<p>${escapeHtml(M.unsubscribeAsk(what))}</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="background:#7c3aed;color:#fff;border:0;padding:12px 20px;border-radius:8px;font-weight:600;cursor:pointer">${escapeHtml(M.unsubscribeButton)}</button></form>`,
      ),
      200,
    ) as never;
  });

  app.openapi(doRoute, async (c) => {
    const { env, now, handle } = c.get('deps');
    const link = readUnsubscribeToken(env.AUTH_SECRET, c.req.valid('query').token ?? '', now());
    c.header('cache-control', 'no-store');
    if (!link)
      return c.html(page(M.unsubscribeTitle, `<p>${escapeHtml(M.unsubscribeInvalid)}</p>`), 400) as never;
    // Idempotent: adding a category already turned off changes nothing.
    await handle.db
      .update(user)
      .set({
        mailOptOut: sql`CASE WHEN ${link.category} = ANY(${user.mailOptOut}) THEN ${user.mailOptOut} ELSE array_append(${user.mailOptOut}, ${link.category}) END`,
        updatedAt: sql`now()`,
      })
      .where(eq(user.id, link.userId));
    const what = NOTIFICATION_CATEGORY_LABELS[link.category].toLowerCase();
    return c.html(page(M.unsubscribeTitle, `<p>${escapeHtml(M.unsubscribed(what))}</p>`), 200) as never;
  });
}
