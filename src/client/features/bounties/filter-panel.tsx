import { Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { deadlineFromLocalDate } from '../../../shared/rules/bounty';
import { startOfLocalDate } from '../../../shared/rules/time-zone';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
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

/**
 * 'Filter Bounties' (spec §2 shows the button without behaviour): a text search
 * over reward and title, and a deadline range. Applied on submit, so the server
 * is asked once per change of mind rather than once per keystroke.
 */
export function FilterPanel({
  id,
  value,
  onApply,
  onClose,
}: {
  id: string;
  value: PanelValues;
  onApply: (v: PanelValues) => void;
  onClose: () => void;
}) {
  const ids = useId();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(value), [value]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setError('The “from” date must be on or before the “to” date.');
      return;
    }
    setError(null);
    onApply({ ...draft, q: draft.q.trim() });
  };

  return (
    <section
      id={id}
      aria-label="Filter bounties"
      className="rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <Field
            id={`${ids}-q`}
            label="Search reward or title"
            type="search"
            placeholder="e.g. USDC, audit, design"
            maxLength={100}
            value={draft.q}
            onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
          />
          <Field
            id={`${ids}-from`}
            label="Deadline from"
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            invalid={!!error}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          />
          <Field
            id={`${ids}-to`}
            label="Deadline to"
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            invalid={!!error}
            error={error ?? undefined}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          />
        </div>
        <p className="text-xs text-muted">A deadline range leaves out bounties without a deadline.</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="ghost"
            onClick={() => {
              setDraft(EMPTY_PANEL);
              setError(null);
              onApply(EMPTY_PANEL);
            }}
            disabled={activeCount(draft) === 0 && activeCount(value) === 0}
          >
            <X aria-hidden="true" />
            Clear filters
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit">
            <Search aria-hidden="true" />
            Apply filters
          </Button>
        </div>
      </form>
    </section>
  );
}
