/**
 * The audit log's filters as a link carries them (/admin/audit?actor=…&target=…): which
 * values the API accepts, checked the same way by its query schema (schemas/audit.ts)
 * and by the page, which reads its filters from the URL and sets aside, with a word, what
 * a hand-edited or stale link holds that the API would refuse, rather than failing.
 */
import { linkFilters } from './link-filters';
import { inIsoYears } from './time-zone';

export const AUDIT_FILTER_KEYS = ['actor', 'action', 'from', 'to', 'target'] as const;
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];
export type AuditFilters = { [K in AuditFilterKey]?: string };

/** The longest actor (a name, an e-mail or an id) and action the log is searched by. */
export const AUDIT_ACTOR_MAX = 200;
export const AUDIT_ACTION_MAX = 100;

/** A UTC day as the date field writes it. */
export const AUDIT_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One of our member ids (better-auth's, the fixtures', the seed's): letters, digits, - and _. */
export const MEMBER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A real UTC day whose start and end are both storable instants (`to` reads up to the next midnight). */
export function isAuditDay(s: string): boolean {
  if (!AUDIT_DAY.test(s)) return false;
  const start = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(start) && inIsoYears(new Date(start)) && inIsoYears(new Date(start + 86_400_000));
}

const accepts: Record<AuditFilterKey, (v: string) => boolean> = {
  actor: (v) => v.length <= AUDIT_ACTOR_MAX,
  action: (v) => v.length <= AUDIT_ACTION_MAX,
  from: isAuditDay,
  to: isAuditDay,
  target: (v) => MEMBER_ID.test(v),
};

/** The filters a link names, and the keys whose value the API would refuse (link-filters.ts). */
export function auditFiltersFrom(read: (key: AuditFilterKey) => string | null): {
  filters: AuditFilters;
  ignored: AuditFilterKey[];
} {
  return linkFilters(AUDIT_FILTER_KEYS, accepts, read);
}
