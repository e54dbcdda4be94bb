import { mayReapplyNow, reapplyOpensAt } from '@/shared/rules/cooldown';
import type { MyApplication } from './api';

/** The moment a rejection's cooldown ends, if the answer says there is one (shared/rules/cooldown.ts). */
export function cooldownEnd(mine: MyApplication | undefined): Date | null {
  return mine ? reapplyOpensAt(mine.canApplyAt) : null;
}

/** Whether a new application may be sent now; closed until the answer arrives. */
export function canApplyNow(mine: MyApplication | undefined, now = Date.now()): boolean {
  return !!mine && mayReapplyNow(mine.canApplyAt, new Date(now));
}
