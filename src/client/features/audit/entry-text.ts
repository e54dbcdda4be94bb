/**
 * How an audit entry reads to the admin: the kind of target in words, and what changed
 * as "field: before → after" instead of two blobs of JSON.
 */
import { roleLabel, statusLabel } from '@/shared/lists';

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

/** Fields whose stored values are words of the code ('changes_requested'), shown as the app names them. */
const IN_WORDS: Record<string, (v: string) => string> = { role: roleLabel, status: statusLabel };

/** A field's recorded value as text, in the app's words where the field has them. */
function showField(field: string, v: unknown): string {
  const words = IN_WORDS[field];
  return words && typeof v === 'string' && v !== '' ? words(v) : showValue(v);
}

/**
 * The fields an entry records: with a `before`, only those that changed (before → after);
 * without one (a creation, a sign-in), every field of `after` as it was set.
 */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Change[] {
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  if (!before) return fields.map((field) => ({ field, after: showField(field, after?.[field]) }));
  return fields.flatMap((field) => {
    const b = showField(field, before[field]);
    const a = showField(field, after?.[field]);
    if (b === a) return [];
    // A field only the after records (the decision taken) is a fact, not a change from nothing.
    return field in before ? [{ field, before: b, after: a }] : [{ field, after: a }];
  });
}

/** What an action did, in words: "contribution.reward" is "Contribution rewarded". */
const VERBS: Record<string, string> = {
  reward: 'rewarded',
  reject: 'rejected',
  rejected: 'rejected',
  changes: 'sent back for changes',
  approved: 'approved',
  declined: 'declined',
  pending: 'reset to pending',
  disable: 'disabled',
  enable: 'enabled',
  role: 'role changed',
  grant: 'granted',
  deduct: 'deducted',
  revert: 'reverted',
  download: 'downloaded',
  create: 'created',
  'reviewer.grant': 'made a reviewer',
  'reviewer.limit': 'reviewer limit changed',
  'reviewer.revoke': 'reviewer role removed',
};

/** Actions whose kind and verb do not make a sentence together. */
const WHOLE: Record<string, string> = {
  'bounty_winners.winners': 'Bounty winners announced',
  'user.sign_in': 'Signed in',
};

/** An action as the admin reads it; an unknown one with its words spelled out. */
export function actionLabel(action: string): string {
  const whole = WHOLE[action];
  if (whole) return whole;
  const dot = action.indexOf('.');
  if (dot < 0) return targetKind(action);
  const kind = action.slice(0, dot);
  const verb = action.slice(dot + 1);
  return `${kind === 'xp' ? 'XP' : targetKind(kind)} ${VERBS[verb] ?? verb.replaceAll(/[._]/g, ' ')}`;
}
