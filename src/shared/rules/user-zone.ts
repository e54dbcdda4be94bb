/**
 * The user's own time zone, as stored on their record (never as a request names it):
 * the daily contribution limit counts from its midnight (spec §9) and bounty deadlines
 * are its local days. A change takes effect at the end of the current local day, and
 * for the 24 hours after that the limit also counts the last 24 hours, so naming a
 * new zone never yields more than the limit in any 24 hours around a change.
 */
import { localParts, startOfLocalDate, startOfLocalDay } from './time-zone';

export const DEFAULT_TIME_ZONE = 'UTC';
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the user record holds (user.time_zone, previous_time_zone, time_zone_from). */
export type ZoneRecord = {
  /** The zone in effect from `timeZoneFrom` on (or always, when that is null). */
  timeZone: string;
  /** The zone in effect before `timeZoneFrom`. */
  previousTimeZone: string | null;
  /** When the last change took (or takes) effect. */
  timeZoneFrom: Date | null;
};

/** The zone the user's days follow at instant `t`. */
export function zoneAt(rec: ZoneRecord, t: Date): string {
  if (rec.timeZoneFrom && t.getTime() < rec.timeZoneFrom.getTime() && rec.previousTimeZone)
    return rec.previousTimeZone;
  return rec.timeZone;
}

/** The first instant of the local day after the one containing `t`. */
export function startOfNextLocalDay(t: Date, timeZone: string): Date {
  const p = localParts(t.getTime(), timeZone);
  const next = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
  return startOfLocalDate(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone);
}

/**
 * The record after the user asks for `next` at `now`: the zone in effect now stays
 * until its day ends, then `next` applies. Asking again before that replaces the
 * pending zone (the switch time stays the end of the same day). Unchanged when `next`
 * is already the zone the record goes to.
 */
export function scheduleZoneChange(rec: ZoneRecord, next: string, now: Date): ZoneRecord {
  if (next === rec.timeZone) return rec;
  const current = zoneAt(rec, now);
  return { timeZone: next, previousTimeZone: current, timeZoneFrom: startOfNextLocalDay(now, current) };
}

/** The zone waiting to take effect, if any. */
export function pendingZone(rec: ZoneRecord, now: Date): { timeZone: string; from: Date } | null {
  return rec.timeZoneFrom && now.getTime() < rec.timeZoneFrom.getTime()
    ? { timeZone: rec.timeZone, from: rec.timeZoneFrom }
    : null;
}

/**
 * Where the daily limit starts counting at `now`: the user's local midnight, or, from
 * the moment a zone change is asked for until 24 h after it took effect, 24 h ago if
 * that is earlier. Submissions at or after this instant count toward the limit.
 */
export function limitWindowStart(rec: ZoneRecord, now: Date): Date {
  const dayStart = startOfLocalDay(now, zoneAt(rec, now));
  const changing = rec.timeZoneFrom && now.getTime() < rec.timeZoneFrom.getTime() + DAY_MS;
  if (!changing) return dayStart;
  const rolling = now.getTime() - DAY_MS;
  return rolling < dayStart.getTime() ? new Date(rolling) : dayStart;
}
