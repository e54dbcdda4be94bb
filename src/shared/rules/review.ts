/**
 * The review promise on /docs (spec §9: rewards are processed within 24 hours): an item
 * still pending after that is overdue. The queue highlights it, the insights count it.
 */
import { LIMITS } from '../limits';
import { MSG } from '../messages';

export const REVIEW_PROMISE_MS = LIMITS.rewardsProcessedHours * 3_600_000;

/** Whether an item submitted at `createdAt` and still pending at `now` has outlived the promise. */
export function isOverdue(createdAt: string | Date, now: Date | number): boolean {
  const t = typeof createdAt === 'string' ? Date.parse(createdAt) : createdAt.getTime();
  return (typeof now === 'number' ? now : now.getTime()) - t > REVIEW_PROMISE_MS;
}

/** Spec §8: a rejected contribution shows its reason, else the stored reject message, else 'Not good enough'. */
export function rejectionReason(c: { reason?: string | null; rejectMessage?: string | null }): string {
  return c.reason?.trim() || c.rejectMessage?.trim() || MSG.contribution.rejectedFallback;
}
