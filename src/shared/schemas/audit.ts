/** The audit log as the admin reads it (issue 18): filters, one entry, one keyset page. */
import { z } from 'zod';
import { AUDIT_ACTION_MAX, AUDIT_ACTOR_MAX, AUDIT_DAY, isAuditDay, MEMBER_ID } from '../rules/audit-filters';
import { nextCursorSchema } from './common';

/** Page size of /admin/audit. */
export const AUDIT_PAGE_SIZE = 50;

/** A UTC day whose start and end are both storable instants (the `to` filter reads up to the next midnight). */
const day = z.string().regex(AUDIT_DAY).refine(isAuditDay);

/**
 * GET /admin/audit's query: every filter optional; `before` is the previous page's nextCursor.
 * The page reads the same filters from its URL (rules/audit-filters.ts, the same checks).
 */
export const auditQuerySchema = z.object({
  actor: z.string().trim().max(AUDIT_ACTOR_MAX).optional(),
  action: z.string().trim().max(AUDIT_ACTION_MAX).optional(),
  /** First day shown (UTC, inclusive). */
  from: day.optional(),
  /** Last day shown (UTC, inclusive). */
  to: day.optional(),
  /** A member's id: only the entries about that member (target_type 'user'). */
  target: z.string().trim().regex(MEMBER_ID).optional(),
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** What the target is called now (a title or a name); null when deleted or nameless (a session, an export). */
  targetLabel: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** The `before` of the next (older) page; null on the last page. */
  nextCursor: nextCursorSchema,
  /** Every action name recorded so far, for the filter. */
  actions: z.array(z.string()),
  /** The member the target filter names, as they are called now; null without one, or when no member has that id. */
  target: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
