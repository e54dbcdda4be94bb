import { z } from 'zod';
import { DECISION_NOTE_MAX } from '../limits';

export { DECISION_NOTE_MAX } from '../limits';

/** An optional note with a decision (trimmed; empty means none). */
export const decisionNoteSchema = z.string().trim().max(DECISION_NOTE_MAX);

/** A note a decision cannot go without (a rejection's reason, a change request's note); `message` when missing. */
export const requiredDecisionNote = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(DECISION_NOTE_MAX);

/** The body of an approve/decline/reject/reset call: a `message` (grants, bounty requests). */
export const decisionMessageBody = z.object({ message: decisionNoteSchema.optional() }).strict();
/** The body of a project application decision: a `reason`. */
export const decisionReasonBody = z.object({ reason: decisionNoteSchema.optional() }).strict();
