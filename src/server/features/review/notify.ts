/**
 * How a decision reaches the person it is about: the one hook point, called by
 * decide() inside the decision's transaction. It writes the inbox row
 * (features/notifications/inbox.ts) and, unless the user turned this category's mail off,
 * queues the decision mail (a job in the database's mail queue, delivered after commit),
 * so a decision and its notice exist together or not at all.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { user } from '@/db/schema';
import type { AppDeps } from '@/server/context';
import { decisionMail } from '@/server/mail/templates';
import type { NotificationCategory } from '@/shared/lists';
import { addNotification } from '../notifications/inbox';
import { queueCategoryMail } from '../notifications/unsubscribe-link';
import type { SubjectType } from './decide';

/** What the affected user is told about a decision. */
export type DecisionNotice = {
  /** What was decided on, as the sentence names it: `grant application (1,500 USDC)`. */
  what: string;
  approved: boolean;
  /** What happened, when it is neither 'approved' nor 'not approved' ('sent back for changes'). */
  outcome?: string;
  /** The reviewer's note, if any. */
  note?: string | null;
  /** One more sentence: what happens next. */
  extra?: string;
  /** The in-app page where the user sees the outcome, and the link's label. */
  path: string;
  label: string;
};

/** The inbox and mail-preference category of each kind of decision. */
export const DECISION_CATEGORY: Record<SubjectType, NotificationCategory> = {
  contribution: 'contributions',
  project_application: 'launchpad',
  bounty_application: 'bounties',
  grant: 'grants',
  bounty_winners: 'bounties',
};

/** Which decision this is: admin_decisions' row, unique per decision (a reset and a new decision is another). */
export type DecisionRef = {
  subject: SubjectType;
  decisionId: number;
  /** Which of several people told of one decision (a bounty's winners). */
  part?: string;
};

/** Returns true when the inbox row was added (false when this decision was already told). */
export async function notifyDecision(
  tx: Tx,
  deps: Pick<AppDeps, 'mailer' | 'env' | 'now'>,
  userId: string,
  notice: DecisionNotice,
  ref: DecisionRef,
): Promise<boolean> {
  const [who] = await tx
    .select({ email: user.email, name: user.name, mailOptOut: user.mailOptOut })
    .from(user)
    .where(eq(user.id, userId));
  if (!who) return false;
  const category = DECISION_CATEGORY[ref.subject];
  const outcome = notice.outcome ?? (notice.approved ? 'approved' : 'not approved');
  const added = await addNotification(tx, {
    userId,
    category,
    title: `Your ${notice.what} was ${outcome}`,
    body:
      [notice.note ? `Message from the reviewer: ${notice.note}` : null, notice.extra ?? null]
        .filter(Boolean)
        .join(' ') || null,
    link: notice.path,
    key: ref.part ? `decision:${ref.decisionId}:${ref.part}` : `decision:${ref.decisionId}`,
  });
  if (added)
    await queueCategoryMail(
      tx,
      deps,
      { id: userId, ...who },
      category,
      decisionMail({
        name: who.name,
        what: notice.what,
        approved: notice.approved,
        outcome: notice.outcome,
        reason: notice.note,
        extra: notice.extra,
        url: `${deps.env.APP_URL}${notice.path}`,
        label: notice.label,
      }),
    );
  return added;
}
