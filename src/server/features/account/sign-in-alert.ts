/**
 * Security mail (issue 21). A sign-in from a browser the account has not used sends the
 * new-sign-in alert, with a signed link that ends that one session (devices.ts,
 * end-by-link; the link opens a page that asks before it POSTs). Password and
 * second-factor changes send a mail too.
 *
 * "A new browser" is a fingerprint not in known_browser for this user: the browser's
 * name, its OS's name (no versions: an update is the same browser) and the IP address.
 * The first fingerprint an account ever records (its sign-up, or its first sign-in
 * after this table existed) alerts nobody: there is nothing to compare it with.
 * Mail is queued in the same transaction that records the fingerprint (a DB write),
 * and delivered after it commits (principle 7). The same transaction writes the audit
 * entry of a staff sign-in (the admin, a reviewer).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { knownBrowser, session, user } from '@/db/schema';
import { signLink } from '@/server/auth/signed-link';
import type { AppDeps } from '@/server/context';
import { recordAudit } from '@/server/features/audit/audit';
import { isAdminUser } from '@/server/lib/access';
import { browserFamily, describeUserAgent, deviceLabel } from '@/server/lib/user-agent';
import { newSignInMail, securityChangeMail } from '@/server/mail/templates';

/** The purpose a new-sign-in alert's link is signed for (signed-link.ts). */
export const END_SESSION_LINK = 'end-session';

type Deps = Pick<AppDeps, 'handle' | 'mailer' | 'env' | 'log' | 'now'>;

export function browserFingerprint(
  userAgent: string | null | undefined,
  ip: string | null | undefined,
): string {
  return createHash('sha256')
    .update(`${browserFamily(userAgent)}|${ip ?? '?'}`)
    .digest('base64url');
}

/** The session a better-auth answer's token names (sign-in, sign-up, a second-factor step). */
export async function sessionOfToken(deps: Pick<AppDeps, 'handle'>, token: unknown) {
  if (typeof token !== 'string' || !token) return null;
  const [row] = await deps.handle.db.select().from(session).where(eq(session.token, token));
  return row ?? null;
}

/**
 * Records the session's browser for its user; mails the alert when the browser is new
 * and the account knew another one. `silent` records without mail (a sign-up).
 * Never fails the sign-in it follows: a failure is logged.
 */
export async function noteSignIn(
  deps: Deps,
  s: { id: string; userId: string; userAgent: string | null; ipAddress: string | null; createdAt: Date },
  opts: { silent?: boolean } = {},
): Promise<boolean> {
  try {
    const fingerprint = browserFingerprint(s.userAgent, s.ipAddress);
    const sent = await deps.handle.db.transaction(async (tx) => {
      // Staff sign-ins go into the audit log (issue 18): the admin's and every reviewer's.
      if (!opts.silent) {
        const [who] = await tx
          .select({ email: user.email, emailVerified: user.emailVerified, reviewer: user.reviewerMaxPoints })
          .from(user)
          .where(eq(user.id, s.userId));
        if (who && (isAdminUser(who, deps.env.ADMIN_EMAIL) || who.reviewer !== null))
          await recordAudit(tx, {
            actorId: s.userId,
            action: 'user.sign_in',
            targetType: 'session',
            targetId: s.id,
            after: {
              browser: deviceLabel(describeUserAgent(s.userAgent)),
              ip: s.ipAddress || null,
              role: isAdminUser(who, deps.env.ADMIN_EMAIL) ? 'admin' : 'reviewer',
            },
          });
      }
      const [known] = await tx
        .select({ fingerprint: knownBrowser.fingerprint })
        .from(knownBrowser)
        .where(eq(knownBrowser.userId, s.userId))
        .limit(1);
      const added = await tx
        .insert(knownBrowser)
        .values({ userId: s.userId, fingerprint })
        .onConflictDoNothing()
        .returning({ fingerprint: knownBrowser.fingerprint });
      if (added.length === 0 || !known || opts.silent) return false;
      const [who] = await tx
        .select({ email: user.email, name: user.name })
        .from(user)
        .where(eq(user.id, s.userId));
      if (!who) return false;
      const token = signLink(deps.env.AUTH_SECRET, END_SESSION_LINK, s.id);
      const url = `${deps.env.APP_URL}/end-session?token=${encodeURIComponent(token)}`;
      const facts = {
        when: s.createdAt,
        browser: deviceLabel(describeUserAgent(s.userAgent)),
        ip: s.ipAddress || null,
      };
      await deps.mailer.enqueue(who.email, newSignInMail(who.name, facts, url), tx);
      return true;
    });
    if (sent) void deps.mailer.deliverDue();
    return sent;
  } catch (err) {
    deps.log.error({ err, userId: s.userId }, 'sign-in alert: could not record or queue');
    return false;
  }
}

/** "Your password was changed", "two-factor authentication was turned on", … to the account's address. */
export async function mailSecurityChange(
  deps: Deps,
  userId: string,
  change: string,
  request: { userAgent: string | null | undefined; ip: string | null | undefined },
): Promise<void> {
  const [who] = await deps.handle.db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId));
  if (!who) return;
  const facts = {
    when: deps.now(),
    browser: deviceLabel(describeUserAgent(request.userAgent)),
    ip: request.ip || null,
  };
  await deps.mailer.send(
    who.email,
    securityChangeMail(who.name, change, facts, `${deps.env.APP_URL}/profile#security`),
  );
}
