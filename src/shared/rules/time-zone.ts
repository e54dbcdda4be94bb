/**
 * Calendar days in the user's own time zone: the daily contribution limit starts
 * at local midnight (spec §9) and bounty deadlines count local days. Pure Intl,
 * so browser and server compute the same thing.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

let known: Set<string> | undefined;

/**
 * The canonical IANA name of a zone (`US/Pacific-New` → `America/Los_Angeles`, `utc` → `UTC`), or
 * null for anything else: not a zone, or one Intl accepts that is not an IANA zone name (offsets such
 * as `-0330`, `SystemV/…`). The fixed `Etc/GMT±N` zones are IANA names Intl resolves but does not
 * list, so they are kept. What the server stores is this name, so PostgreSQL, which converts
 * times into members' zones, knows every stored value (migration 0038; both engines know each
 * canonical name Intl lists).
 */
export function canonicalTimeZone(tz: unknown): string | null {
  if (typeof tz !== 'string' || tz.length === 0 || tz.length > 64) return null;
  let name: string;
  try {
    name = formatter(tz).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // An older browser without the list (Intl.supportedValuesOf) takes Intl's word; the server has the list.
  if (typeof Intl.supportedValuesOf !== 'function') return /^[+-]/.test(name) ? null : name;
  known ??= new Set(Intl.supportedValuesOf('timeZone'));
  return name === 'UTC' || known.has(name) || /^Etc\/GMT[+-]\d{1,2}$/.test(name) ? name : null;
}

export function isValidTimeZone(tz: unknown): tz is string {
  return canonicalTimeZone(tz) !== null;
}

/** The wall-clock date and time at instant t in timeZone. */
export function localParts(t: number, timeZone: string) {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(t))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

/** Milliseconds the zone is ahead of UTC at instant t. */
function offsetAt(t: number, timeZone: string): number {
  const p = localParts(t, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(t / 1000) * 1000;
}

/** The instant a local calendar date begins (its midnight, or the first instant after a DST gap). */
export function startOfLocalDate(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  let t = wall - offsetAt(wall, timeZone);
  const again = wall - offsetAt(t, timeZone);
  if (again !== t) t = again;
  // Where midnight does not exist (DST starting at 00:00), t lands on the day before: step to the day.
  const p = localParts(t, timeZone);
  if (p.day !== day) {
    for (let s = 0; s < 3 * 3600 && localParts(t, timeZone).day !== day; s += 900) t += 900_000;
  }
  return new Date(t);
}

/** Start of the local day containing `now` in timeZone. */
export function startOfLocalDay(now: Date, timeZone: string): Date {
  const p = localParts(now.getTime(), timeZone);
  return startOfLocalDate(p.year, p.month, p.day, timeZone);
}

/** Number of local calendar days from a's date to b's date (b later → positive). */
export function localDayDiff(a: Date, b: Date, timeZone: string): number {
  const pa = localParts(a.getTime(), timeZone);
  const pb = localParts(b.getTime(), timeZone);
  return Math.round(
    (Date.UTC(pb.year, pb.month - 1, pb.day) - Date.UTC(pa.year, pa.month - 1, pa.day)) / 86_400_000,
  );
}

/**
 * Whether an instant's UTC year has four digits (0001 to 9999), the years every part of the stack
 * writes alike: JavaScript writes the year 10000 as "+010000", which PostgreSQL cannot read (a 500),
 * and ISO's year 0000 is a year PostgreSQL does not have. Every instant taken from a request passes this.
 */
export function inIsoYears(d: Date): boolean {
  const y = d.getUTCFullYear();
  return y >= 1 && y <= 9999;
}
