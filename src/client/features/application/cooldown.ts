import type { MyApplication } from './api';

/** The moment a rejection's cooldown ends, if the answer says there is one. */
export function cooldownEnd(mine: MyApplication | undefined): Date | null {
  if (!mine?.canApplyAt || mine.canApplyAt === 'pending') return null;
  const d = new Date(mine.canApplyAt);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Whether a new application may be sent now. */
export function canApplyNow(mine: MyApplication | undefined, now = Date.now()): boolean {
  if (!mine) return false;
  if (mine.canApplyAt === null) return true;
  const end = cooldownEnd(mine);
  return end !== null && end.getTime() <= now;
}
