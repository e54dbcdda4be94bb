/**
 * One-click unsubscribe links (RFC 8058) for the mail of one notification category.
 * The token is a signed link (auth/signed-link.ts) over `<userId>~<category>~<expires ms>`:
 * it can only turn off that category's mail, for that user, until it expires.
 */
import type { DbExecutor } from '@/db/client';
import { signLink, verifyLink } from '@/server/auth/signed-link';
import type { AppDeps } from '@/server/context';
import type { SignedWrite } from '@/server/lib/csrf';
import type { MailContent } from '@/server/mail/templates';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@/shared/lists';

export const UNSUBSCRIBE_LINK = 'unsubscribe';
/** Mail stays in inboxes: a link works this long after the mail was queued. */
export const UNSUBSCRIBE_TTL_MS = 180 * 24 * 3600 * 1000;
export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

export function unsubscribeToken(secret: string, userId: string, category: NotificationCategory, now: Date) {
  return signLink(secret, UNSUBSCRIBE_LINK, `${userId}~${category}~${now.getTime() + UNSUBSCRIBE_TTL_MS}`);
}

/** The user and category of a token we signed and that has not expired; null otherwise. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
  now: Date,
): { userId: string; category: NotificationCategory } | null {
  const id = verifyLink(secret, UNSUBSCRIBE_LINK, token);
  if (!id) return null;
  const [userId, category, expires] = id.split('~');
  if (!userId || !category || !expires) return null;
  if (!(NOTIFICATION_CATEGORIES as readonly string[]).includes(category)) return null;
  if (!(Number(expires) > now.getTime())) return null;
  return { userId, category: category as NotificationCategory };
}

/** The List-Unsubscribe headers (RFC 2369, RFC 8058) of a non-account mail. */
export function unsubscribeHeaders(
  env: { APP_URL: string; AUTH_SECRET: string },
  userId: string,
  category: NotificationCategory,
  now: Date,
): Record<string, string> {
  const url = `${env.APP_URL}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(env.AUTH_SECRET, userId, category, now))}`;
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The CSRF middleware's one exception (lib/csrf.ts): a POST to the unsubscribe URL with a valid token. */
export function unsubscribeWrite(env: { AUTH_SECRET: string }, now: () => Date): SignedWrite {
  return {
    method: 'POST',
    path: UNSUBSCRIBE_PATH,
    signed: (token) => readUnsubscribeToken(env.AUTH_SECRET, token, now()) !== null,
  };
}

/**
 * Queues a notification category's mail to a member in the caller's transaction (the database's
 * mail queue, delivered after the commit), with the one-click unsubscribe headers, unless the
 * member turned that category off. The one place the preference is honoured for a single mail.
 */
export async function queueCategoryMail(
  tx: DbExecutor,
  deps: Pick<AppDeps, 'mailer' | 'env' | 'now'>,
  to: { id: string; email: string; mailOptOut: readonly string[] },
  category: NotificationCategory,
  content: MailContent,
): Promise<void> {
  if (to.mailOptOut.includes(category)) return;
  await deps.mailer.enqueue(
    to.email,
    { ...content, headers: unsubscribeHeaders(deps.env, to.id, category, deps.now()) },
    tx,
  );
}
