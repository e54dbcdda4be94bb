import { LIMITS } from '../limits';

type Decided = { status: string; submittedAt: Date; decidedAt: Date | null };

/**
 * Spec §5 project application: blocked while one is pending, or within 24 h of a
 * rejection. Returns when the user may apply again (null = now).
 */
export function projectReapplyAt(history: Decided[], now: Date): Date | 'pending' | null {
  if (history.some((a) => a.status === 'pending')) return 'pending';
  let until: number | null = null;
  for (const a of history) {
    if (a.status !== 'rejected') continue;
    const end = (a.decidedAt ?? a.submittedAt).getTime() + LIMITS.reapplyCooldownMs;
    if (end > now.getTime() && (until === null || end > until)) until = end;
  }
  return until === null ? null : new Date(until);
}

/**
 * Spec §5 bounty application: a new request only 24 h after the last pending or
 * rejected submission. Returns when the form opens again (null = now).
 */
export function bountyReapplyAt(history: Array<{ status: string; createdAt: Date }>, now: Date): Date | null {
  let until: number | null = null;
  for (const a of history) {
    if (a.status !== 'pending' && a.status !== 'rejected') continue;
    const end = a.createdAt.getTime() + LIMITS.reapplyCooldownMs;
    if (end > now.getTime() && (until === null || end > until)) until = end;
  }
  return until === null ? null : new Date(until);
}

/** What GET …/mine answers: null = open now; 'pending' = once the admin decides; else an ISO time. */
export type CanApplyAt = string | 'pending' | null;

/** The moment a cooldown ends, from the server's answer (null when there is none to wait for). */
export function reapplyOpensAt(canApplyAt: CanApplyAt): Date | null {
  if (!canApplyAt || canApplyAt === 'pending') return null;
  const d = new Date(canApplyAt);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Whether the form is open at `now`, from the server's answer (a garbled answer keeps it closed). */
export function mayReapplyNow(canApplyAt: CanApplyAt, now: Date): boolean {
  if (canApplyAt === null) return true;
  const end = reapplyOpensAt(canApplyAt);
  return end !== null && end.getTime() <= now.getTime();
}
