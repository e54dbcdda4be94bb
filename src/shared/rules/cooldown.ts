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
