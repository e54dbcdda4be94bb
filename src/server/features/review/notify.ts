/**
 * How a decision reaches the person it is about: the one hook point, called by
 * decide() inside the decision's transaction. Today it queues the decision mail
 * (a job in the database's mail queue, delivered after commit). The notifications inbox will
 * write its row here too, in the same transaction, so a decision and its notice
 * exist together or not at all.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { user } from '@/db/schema';
import type { AppDeps } from '@/server/context';
import { decisionMail } from '@/server/mail/templates';

/** What the affected user is told about a decision. */
export type DecisionNotice = {
  /** What was decided on, as the sentence names it: `grant application (1,500 USDC)`. */
  what: string;
  approved: boolean;
  /** The reviewer's note, if any. */
  note?: string | null;
  /** One more sentence: what happens next. */
  extra?: string;
  /** The in-app page where the user sees the outcome, and the link's label. */
  path: string;
  label: string;
};

export async function notifyDecision(
  tx: Tx,
  deps: Pick<AppDeps, 'mailer' | 'env'>,
  userId: string,
  notice: DecisionNotice,
): Promise<void> {
  const [who] = await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
  if (!who) return;
  await deps.mailer.enqueue(
    who.email,
    decisionMail({
      name: who.name,
      what: notice.what,
      approved: notice.approved,
      reason: notice.note,
      extra: notice.extra,
      url: `${deps.env.APP_URL}${notice.path}`,
      label: notice.label,
    }),
    tx,
  );
}
