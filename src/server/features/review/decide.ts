/**
 * The one decision transaction (ADR 0015). Grants, project applications, bounty
 * requests and contributions each describe their decision as a DecisionFlow (their
 * own state rule and writes) and call decide(), which does the rest the same way:
 *
 *   1. lock the item (SELECT … FOR UPDATE); 404 when there is none;
 *   2. the decider's right over it: the admin has every right (route middleware); a
 *      reviewer (issue 18) only on flows with a reviewer rule, read again from their
 *      row under a share lock (a revoke that committed first wins), then that rule;
 *   3. the flow's state rule (409 with its message when the action does not apply now);
 *   4. the flow's writes (status, points, a published bounty, the owner's status…);
 *   5. one row in admin_decisions: who decided what, with which note, and one in
 *      the audit log (features/audit: who, what, on which record, before and after);
 *   6. the affected user is told (notifyDecision: an inbox row, and a mail job queued in
 *      the database unless they turned that mail off);
 *
 * all in one transaction, so a double click, a second tab or another server finds
 * the item decided and gets the 409. Nothing but database writes happens inside it
 * (docs/architecture.md, principle 7); mail delivery is kicked, and the user's open
 * pages are told of the new inbox row (the bus), after the commit.
 */

import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { adminDecisions, user } from '@/db/schema';
import type { AppDeps } from '@/server/context';
import { recordAudit } from '@/server/features/audit/audit';
import { isDisabled } from '@/server/features/users/moderation';
import { ApiError, notFound } from '@/server/lib/errors';
import { MSG } from '@/shared/messages';
import { announce } from '../notifications/inbox';
import { type DecisionNotice, notifyDecision } from './notify';

/** What admin_decisions.subject_type names. */
export type SubjectType =
  | 'grant'
  | 'project_application'
  | 'bounty_application'
  | 'contribution'
  | 'bounty_winners';

/**
 * Who decides: the admin, or a reviewer (issue 18) on the routes that let reviewers in
 * (requireAccess('reviewer')); a reviewer's rights are checked at step 2 of decide().
 * 'owner': the person an item belongs to deciding on it (a bounty's requester picking its
 * winners, issue 19), on flows with an ownerRule, checked at step 2 too.
 */
export type Decider = { userId: string; role: 'admin' | 'reviewer' | 'owner' };

/** A reviewer as step 2 reads them, inside the decision's transaction. */
export type Reviewer = { userId: string; maxPoints: number };

/** What a flow's writes produce. */
export type Decided<Out> = {
  /** What the route answers with. */
  result: Out;
  /**
   * The admin_decisions row: the action as recorded, and the reviewer's note; `shown`, where
   * the action names records by id, is the decision as the audit log shows it to a person.
   */
  record: { action: string; note: string | null; shown?: string };
  /** What the item's owner is told; null when the decision is no news to them (a reset). */
  notice: DecisionNotice | null;
  /** Others told of it, each with their own notice (a bounty's winners). */
  notices?: Array<{ userId: string; notice: DecisionNotice }>;
};

export type DecisionFlow<Row, D, Out> = {
  subject: SubjectType;
  /** Reads the item with a row lock (`.for('update')`). */
  lock(tx: Tx, id: string): Promise<Row | undefined>;
  /** The user the item belongs to: the one told of the decision. */
  ownerOf(row: Row): string;
  /** The flow's state rule: throws an ApiError (409) when the decision does not apply to the item now. */
  check(row: Row, decision: D): void;
  /**
   * What a reviewer may decide on this flow (throws a 403 ApiError otherwise). A flow
   * without one is the admin's alone: a reviewer is refused whatever the route says.
   */
  reviewerRule?(tx: Tx, row: Row, decision: D, reviewer: Reviewer): Promise<void>;
  /**
   * Whether `userId` owns the item and may decide on it themselves (a bounty's requester
   * picking its winners). A flow without one refuses an 'owner' decider.
   */
  ownerRule?(row: Row, userId: string): boolean;
  /** The flow's writes, inside the transaction; `at` is the decision's time. */
  apply(tx: Tx, row: Row, decision: D, at: Date): Promise<Decided<Out>>;
};

export type DecideDeps = Pick<AppDeps, 'mailer' | 'env' | 'now' | 'handle' | 'bus'>;

export async function decide<Row, D, Out>(
  deps: DecideDeps,
  flow: DecisionFlow<Row, D, Out>,
  id: string,
  decision: D,
  by: Decider,
): Promise<Out> {
  let told: string[] = [];
  const result = await deps.handle.db.transaction(async (tx) => {
    told = []; // a retried transaction starts over
    const row = await flow.lock(tx, id);
    if (!row) throw notFound();
    // A disabled owner's items are out of the queues (issue 18) and wait, undecided, until
    // the account is enabled: a stale screen or a direct call cannot decide them.
    if (await isDisabled(tx, flow.ownerOf(row)))
      throw new ApiError(409, 'OWNER_DISABLED', MSG.moderation.ownerDisabled);
    // Step 2: the admin has every right (route middleware); a reviewer has the flow's.
    if (by.role === 'reviewer') await checkReviewer(tx, flow, row, decision, by.userId);
    if (by.role === 'owner' && !flow.ownerRule?.(row, by.userId))
      throw new ApiError(403, 'FORBIDDEN', MSG.auth.forbidden);
    flow.check(row, decision);
    const done = await flow.apply(tx, row, decision, deps.now());
    const [record] = await tx
      .insert(adminDecisions)
      .values({
        adminId: by.userId,
        subjectType: flow.subject,
        subjectId: id,
        action: done.record.action,
        reason: done.record.note,
      })
      .returning({ id: adminDecisions.id });
    await recordAudit(tx, {
      actorId: by.userId,
      action: `${flow.subject}.${done.record.action.split(':')[0]}`,
      targetType: flow.subject,
      targetId: id,
      before: stateOf(row),
      after: { ...stateOf(done.result), decision: done.record.shown ?? done.record.action },
      reason: done.record.note,
    });
    const ref = { subject: flow.subject, decisionId: record!.id };
    if (done.notice) {
      const owner = flow.ownerOf(row);
      if (await notifyDecision(tx, deps, owner, done.notice, ref)) told.push(owner);
    }
    for (const n of done.notices ?? []) {
      if (await notifyDecision(tx, deps, n.userId, n.notice, { ...ref, part: n.userId })) told.push(n.userId);
    }
    return done.result;
  });
  void deps.mailer.deliverDue();
  for (const userId of told) await announce(deps.bus, userId);
  return result;
}

/**
 * A reviewer's right to this decision: the flow must let reviewers in, and the decider
 * must be a reviewer now (their row read under a share lock, so a revoke or a disable
 * that commits first refuses them), then the flow's own rule.
 */
async function checkReviewer<Row, D, Out>(
  tx: Tx,
  flow: DecisionFlow<Row, D, Out>,
  row: Row,
  decision: D,
  userId: string,
): Promise<void> {
  if (!flow.reviewerRule) throw new ApiError(403, 'ADMIN_ONLY', MSG.reviewers.adminOnlyDecision);
  const [me] = await tx
    .select({ maxPoints: user.reviewerMaxPoints, disabledAt: user.disabledAt })
    .from(user)
    .where(eq(user.id, userId))
    .for('share');
  if (!me || me.maxPoints == null || me.disabledAt)
    throw new ApiError(403, 'NOT_REVIEWER', MSG.reviewers.notReviewer);
  await flow.reviewerRule(tx, row, decision, { userId, maxPoints: me.maxPoints });
}

/** What the audit log keeps of an item before and after a decision: its status, when it has one. */
function stateOf(x: unknown): Record<string, unknown> {
  const status = (x as { status?: unknown } | null)?.status;
  return typeof status === 'string' ? { status } : {};
}

/** The state rule most flows share: only a pending item is decided, once. */
export const onlyWhilePending =
  (code: string, message: string) =>
  (row: { status: string }): void => {
    if (row.status !== 'pending') throw new ApiError(409, code, message);
  };
