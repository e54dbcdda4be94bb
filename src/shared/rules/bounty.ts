import { LIMITS } from '../limits';
import { MSG } from '../messages';
import { localDayDiff, localParts, startOfLocalDate } from './time-zone';

export type Countdown = {
  expired: boolean;
  /** Calendar days left including the deadline's own day; null without a deadline. */
  days: number | null;
  label: string;
  tone: 'red' | 'yellow' | 'green' | 'none';
};

/**
 * Spec §2 Bounties: 'Expired' or 'N day(s) remaining'; red when expired, yellow at
 * 3 days or fewer, green otherwise. A deadline is the end of its local day, so on
 * the deadline's own day 1 day remains. The one function every screen uses.
 */
export function bountyCountdown(deadline: Date | string | null, now: Date, timeZone: string): Countdown {
  if (!deadline) return { expired: false, days: null, label: MSG.bounty.noDeadline, tone: 'none' };
  const d = typeof deadline === 'string' ? new Date(deadline) : deadline;
  if (now.getTime() > d.getTime()) return { expired: true, days: 0, label: MSG.bounty.expired, tone: 'red' };
  const days = localDayDiff(now, d, timeZone) + 1;
  return {
    expired: false,
    days,
    label: `${days} ${days === 1 ? 'day' : 'days'} remaining`,
    tone: days <= LIMITS.bountyUrgentDays ? 'yellow' : 'green',
  };
}

/** The instant a deadline picked as a local date (YYYY-MM-DD) ends: the last millisecond of that day. */
export function deadlineFromLocalDate(date: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  const next = new Date(Date.UTC(y, mo - 1, d + 1));
  return new Date(
    startOfLocalDate(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone).getTime() -
      1,
  );
}

/** Today's local date as YYYY-MM-DD (the earliest deadline the form accepts). */
export function localToday(now: Date, timeZone: string): string {
  const p = localParts(now.getTime(), timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}
