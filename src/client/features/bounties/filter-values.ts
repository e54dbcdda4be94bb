/**
 * What the bounty board's filter panel holds and asks the API for. Apart from the panel
 * (./filter-panel.tsx), whose form code loads only when it is opened.
 */
import { deadlineFromLocalDate } from '@/shared/rules/bounty';
import { startOfLocalDate } from '@/shared/rules/time-zone';
import { type BountySearch, NO_SEARCH } from './api';

/** What the panel's inputs hold: text and local dates (YYYY-MM-DD, empty when unset). */
export type PanelValues = { q: string; from: string; to: string };
export const EMPTY_PANEL: PanelValues = { q: '', from: '', to: '' };

export function activeCount(v: PanelValues): number {
  return (v.q.trim() ? 1 : 0) + (v.from ? 1 : 0) + (v.to ? 1 : 0);
}

/** Local dates → the instants the API filters deadlines by: from the start of `from` to the end of `to`. */
export function toSearch(v: PanelValues, timeZone: string): BountySearch {
  let from: string | null = null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v.from);
  if (m) from = startOfLocalDate(Number(m[1]), Number(m[2]), Number(m[3]), timeZone).toISOString();
  const to = v.to ? (deadlineFromLocalDate(v.to, timeZone)?.toISOString() ?? null) : null;
  if (!v.q.trim() && !from && !to) return NO_SEARCH;
  return { q: v.q.trim(), from, to };
}
