import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId, ts } from './common';

/**
 * The audit log (issue 18): one row per action by the admin or a reviewer — who, what,
 * on which record, before and after, the reason, and when. Append-only: a trigger
 * (migration 0010) refuses UPDATE, DELETE and TRUNCATE, and no route deletes. The actor
 * is kept as a plain id (no foreign key), so an entry outlives the account that made it
 * and no cascade ever has to touch the log.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serialId(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    // Keyset pages run newest first by id; each filter has an index that keeps that order.
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
  ],
);
