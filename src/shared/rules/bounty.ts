import { LIMITS } from '../limits';
import { MSG } from '../messages';
import { inIsoYears, localDayDiff, localParts, startOfLocalDate } from './time-zone';

export type Countdown = {
  expired: boolean;
  /** Whole calendar days from today to the deadline's date (0 on that day); null without a deadline. */
  days: number | null;
  label: string;
  tone: 'red' | 'yellow' | 'green' | 'none';
};

/**
 * A bounty is expired from the instant of its deadline on (spec §9: active while the deadline
 * is in the future). The server's apply check and list filters and every screen use this rule.
 */
export function isPastDeadline(deadline: Date | string | null, now: Date): boolean {
  if (!deadline) return false;
  const d = typeof deadline === 'string' ? new Date(deadline) : deadline;
  return now.getTime() >= d.getTime();
}

/**
 * Spec §2 Bounties: 'Expired' or 'N day(s) remaining'; red when expired, yellow at
 * 3 days or fewer, green otherwise. N is the number of calendar days between today and the
 * deadline's date in the viewer's zone, so it agrees with the date shown beside it: a deadline
 * on the 12th reads "2 days remaining" on the 10th. A deadline is the end of its local day; on
 * that day the card reads "Ends today" (issue 20, written down on /docs#bounties).
 */
export function bountyCountdown(deadline: Date | string | null, now: Date, timeZone: string): Countdown {
  if (!deadline) return { expired: false, days: null, label: MSG.bounty.noDeadline, tone: 'none' };
  const d = typeof deadline === 'string' ? new Date(deadline) : deadline;
  if (isPastDeadline(d, now)) return { expired: true, days: 0, label: MSG.bounty.expired, tone: 'red' };
  const days = localDayDiff(now, d, timeZone);
  return {
    expired: false,
    days,
    label: days === 0 ? MSG.bounty.endsToday : `${days} ${days === 1 ? 'day' : 'days'} remaining`,
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
  const end = new Date(
    startOfLocalDate(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone).getTime() -
      1,
  );
  // The last day of 9999 west of Greenwich ends in the year 10000, which cannot be stored.
  return inIsoYears(end) ? end : null;
}

/** Today's local date as YYYY-MM-DD (the earliest deadline the form accepts). */
export function localToday(now: Date, timeZone: string): string {
  const p = localParts(now.getTime(), timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

export type WinnersDue = {
  /** The instant winners are due: the deadline plus LIMITS.winnersDueDays. */
  dueAt: Date;
  /** Whole days left before dueAt (0 on the last day); 0 when overdue. */
  daysLeft: number;
  overdue: boolean;
};

/**
 * Issue 19: after a bounty's deadline its requester has LIMITS.winnersDueDays days to pick
 * the winners. Null while that does not apply: no deadline, the deadline not reached, or
 * the winners announced. The requester's countdown, the day-5 reminder and the rule that
 * blocks a new bounty request all read this.
 */
export function winnersDue(
  deadline: Date | string | null,
  announcedAt: Date | string | null,
  now: Date,
): WinnersDue | null {
  if (!deadline || announcedAt || !isPastDeadline(deadline, now)) return null;
  const d = typeof deadline === 'string' ? new Date(deadline) : deadline;
  const dueAt = new Date(d.getTime() + LIMITS.winnersDueDays * 86_400_000);
  const left = dueAt.getTime() - now.getTime();
  return { dueAt, daysLeft: Math.max(0, Math.floor(left / 86_400_000)), overdue: left <= 0 };
}

/** Whether winners may be picked now: the deadline has passed (or there is none) and none are announced. */
export function canPickWinners(deadline: Date | string | null, announcedAt: Date | string | null, now: Date) {
  return !announcedAt && (!deadline || isPastDeadline(deadline, now));
}

/** 1 → '1st', 2 → '2nd', 3 → '3rd'. */
export function placeLabel(place: number): string {
  return place === 1 ? '1st' : place === 2 ? '2nd' : place === 3 ? '3rd' : `${place}th`;
}
