/**
 * The one place an audit entry is written (issue 18). Callers pass their open
 * transaction, so the entry commits or rolls back with the action it records:
 * an action never happens unlogged, and a refused action leaves no entry.
 */
import type { DbExecutor } from '@/db/client';
import { auditLog } from '@/db/schema';

export type AuditEntryInput = {
  /** Who acted (null: the system). */
  actorId: string | null;
  /** What was done, `<target>.<verb>` (contribution.reward, user.disable, …). */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
};

export async function recordAudit(tx: DbExecutor, e: AuditEntryInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: e.actorId,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    before: e.before ?? null,
    after: e.after ?? null,
    reason: e.reason ?? null,
  });
}
