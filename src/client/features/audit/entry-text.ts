/**
 * How an audit entry reads to the admin: the kind of target in words, and what changed
 * as "field: before → after" instead of two blobs of JSON.
 */

const KINDS: Record<string, string> = {
  contribution: 'Contribution',
  bounty_application: 'Bounty request',
  bounty_winners: 'Bounty winners',
  grant: 'Grant',
  project_application: 'Project application',
  user: 'Member',
  season: 'Season',
  session: 'Sign-in',
  export: 'Export',
};

/** The target's kind in words; an unknown kind with its underscores as spaces. */
export function targetKind(type: string): string {
  const known = KINDS[type];
  if (known) return known;
  const words = type.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One recorded value as text: nothing is a dash, a yes/no for booleans, a record as "key value" pairs. */
export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v)) return v.map(showValue).join(', ');
  if (typeof v === 'object')
    return Object.entries(v)
      .map(([k, x]) => `${k} ${showValue(x)}`)
      .join(', ');
  return String(v);
}

/** Targets whose id names nothing a person reads (a sign-in's session): the kind alone is shown. */
export const ID_ONLY_FOR_MACHINES = new Set(['session']);

export type Change = { field: string; before?: string; after: string };

/**
 * The fields an entry records: with a `before`, only those that changed (before → after);
 * without one (a creation, a sign-in), every field of `after` as it was set.
 */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Change[] {
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  if (!before) return fields.map((field) => ({ field, after: showValue(after?.[field]) }));
  return fields.flatMap((field) => {
    const b = showValue(before[field]);
    const a = showValue(after?.[field]);
    return b === a ? [] : [{ field, before: b, after: a }];
  });
}
