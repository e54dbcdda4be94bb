import { useCallback, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useSession } from './session';
import { DRAFT_PREFIX } from './storage';

/**
 * Drafts: what a member typed into a form, kept while they type and put back when the form
 * mounts again (a dialog reopened, Back to the page, a reload in the tab). One home for every
 * form (useFormDraft); a convenience only: whatever fails to parse or no longer fits the
 * form's fields is ignored, and the server checks everything on submit as always.
 *
 * - Text goes to sessionStorage (this tab only; it survives Back and a reload), under the
 *   signed-in member's id, the form and its entity (`sysfi.draft.<uid>.<form>[.<entity>]`),
 *   so one member's draft never shows for another on a shared computer; sign-out removes
 *   them all (app/session.tsx).
 * - Files (images, attachments) cannot be stored as text: they stay in memory only (the
 *   module-level `memory` Map below), for the life of the page. A reload forgets them.
 * - Only fields that differ from the form's starting values are kept, so where the form starts
 *   from server data (an approved application, a rejected request) the member's draft wins for
 *   the fields they edited and the rest follow the server.
 * - Passwords (and any field named like one) are never kept.
 */
const VERSION = 1;
const SECRET = /password|secret|otp|token/i;

/** Files and other values that cannot be text, for the life of the page: `<draft key>\u0000<name>` → value. */
const memory = new Map<string, unknown>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const memoryKey = (key: string, name: string) => `${key}\u0000${name}`;

export function draftKey(uid: string, form: string, entity?: string | null): string {
  return `${DRAFT_PREFIX}${uid}.${form}${entity ? `.${entity}` : ''}`;
}

function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the form works without drafts.
  }
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Blob);
const isFileLike = (v: unknown): boolean =>
  (typeof Blob !== 'undefined' && v instanceof Blob) || (Array.isArray(v) && v.some(isFileLike));

/** Whether a stored value still fits the field it was kept for (same kind of value as the form's own). */
export function fits(sample: unknown, value: unknown): boolean {
  if (sample === undefined || sample === null) return ['string', 'number', 'boolean'].includes(typeof value);
  if (Array.isArray(sample)) {
    if (!Array.isArray(value)) return false;
    return value.every((v) => (sample.length ? fits(sample[0], v) : typeof v === 'string'));
  }
  if (isPlain(sample))
    return (
      isPlain(value) &&
      Object.entries(value).every(([k, v]) => Object.hasOwn(sample, k) && fits(sample[k], v))
    );
  return typeof sample === typeof value;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === undefined || a === null || a === '') && (b === undefined || b === null || b === '')) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]));
  if (isPlain(a) && isPlain(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => same(a[k], b[k]));
  }
  return false;
}

/**
 * The stored draft's text fields that still fit the form (known field, same kind of value);
 * an empty object when there is none, or it does not parse.
 */
export function readDraft(key: string, defaults: Record<string, unknown>): Record<string, unknown> {
  const raw = readSession(key);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isPlain(parsed) || parsed.v !== VERSION || !isPlain(parsed.values)) return {};
    return Object.fromEntries(
      Object.entries(parsed.values).filter(
        ([name, v]) => Object.hasOwn(defaults, name) && !SECRET.test(name) && fits(defaults[name], v),
      ),
    );
  } catch {
    return {};
  }
}

/**
 * Keeps what differs from the form's starting values: text in sessionStorage, files in memory.
 * Returns whether anything is kept.
 */
export function writeDraft(
  key: string,
  values: Record<string, unknown>,
  defaults: Record<string, unknown>,
): boolean {
  const text: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (SECRET.test(name)) continue;
    const mk = memoryKey(key, `form:${name}`);
    const changed = !same(value, defaults[name]);
    if (isFileLike(value) && changed) memory.set(mk, value);
    else {
      memory.delete(mk);
      if (changed && value !== undefined) text[name] = value;
    }
  }
  const any = Object.keys(text).length > 0;
  writeSession(key, any ? JSON.stringify({ v: VERSION, values: text }) : null);
  return any || hasMemory(key);
}

function hasMemory(key: string): boolean {
  const prefix = memoryKey(key, '');
  for (const [k, v] of memory) if (k.startsWith(prefix) && !isEmpty(v)) return true;
  return false;
}
const isEmpty = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0);

/** Forgets a draft: its text and its files. */
export function clearDraft(key: string): void {
  writeSession(key, null);
  const prefix = memoryKey(key, '');
  for (const k of [...memory.keys()]) if (k.startsWith(prefix)) memory.delete(k);
  notify();
}

export type FormDraft = {
  /** Where the draft lives (null while the form is not active). */
  key: string | null;
  /** A kept draft was put back into the form when it opened (show DraftNotice). */
  restored: boolean;
  /** The member threw the draft away: the form goes back to its starting values. */
  discard: () => void;
  /** The form was sent: forget the draft (the form's own reset follows). */
  clear: () => void;
  /** Resets the form to new starting values (server data), then puts the member's edits back over them. */
  reset: (values: Record<string, unknown>) => void;
};

/**
 * Keeps a react-hook-form's values as a draft (see above). `form`: the form's name; `entity`:
 * what it is about (a bounty's id), if the form is per entity; `active`: false while a dialog
 * is closed (nothing is saved or restored then; the form's own reset on close is not a draft).
 */
export function useFormDraft<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  options: { form: string; entity?: string | null; active?: boolean },
): FormDraft {
  const uid = useSession().user?.uid ?? null;
  const active = options.active ?? true;
  // Drafts are a member's: a visitor's form keeps nothing.
  const key = active && uid ? draftKey(uid, options.form, options.entity) : null;
  const [restored, setRestored] = useState(false);
  const f = form as unknown as UseFormReturn<Record<string, unknown>>;
  const defaults = useCallback(() => (f.formState.defaultValues ?? {}) as Record<string, unknown>, [f]);
  /** The form's fields: its starting values, and those registered with none (a select's "Choose…"). */
  const fields = useCallback(() => {
    const registered = [...f.control._names.mount].map((name) => [name.split('.')[0], undefined]);
    return { ...Object.fromEntries(registered), ...f.getValues(), ...defaults() };
  }, [f, defaults]);

  /** The kept edits, text and files (read before any change to the form rewrites them). */
  const collect = useCallback(
    (k: string) => {
      const edits = readDraft(k, fields());
      const prefix = memoryKey(k, 'form:');
      for (const [mk, v] of memory) if (mk.startsWith(prefix)) edits[mk.slice(prefix.length)] = v;
      return edits;
    },
    [fields],
  );
  const apply = useCallback(
    (edits: Record<string, unknown>) => {
      for (const [name, v] of Object.entries(edits))
        f.setValue(name, v, { shouldDirty: true, shouldTouch: false, shouldValidate: false });
    },
    [f],
  );

  // Restored before the form's first paint, so no empty form flashes; then kept as the member types.
  useLayoutEffect(() => {
    if (!key) return setRestored(false);
    const edits = collect(key);
    apply(edits);
    setRestored(Object.keys(edits).length > 0 || hasMemory(key));
    const sub = f.watch((values) => {
      writeDraft(key, values as Record<string, unknown>, defaults());
    });
    return () => sub.unsubscribe();
  }, [key, f, collect, apply, defaults]);

  return {
    key,
    restored,
    discard: () => {
      if (key) clearDraft(key);
      setRestored(false);
      f.reset();
    },
    clear: () => {
      if (key) clearDraft(key);
      setRestored(false);
    },
    reset: (values) => {
      const edits = key ? collect(key) : {};
      f.reset(values);
      apply(edits);
    },
  };
}

/**
 * A piece of a form kept outside react-hook-form (picked images) that belongs to its draft:
 * in memory only, for the life of the page; forgotten with the draft. `empty` must be stable.
 */
export function useDraftFiles<V>(draft: FormDraft, name: string, empty: V): [V, (v: V) => void] {
  const k = draft.key && memoryKey(draft.key, `state:${name}`);
  const [own, setOwn] = useState<V>(empty);
  const kept = useSyncExternalStore(
    subscribe,
    () => (k && memory.has(k) ? (memory.get(k) as V) : empty),
    () => empty,
  );
  const set = useCallback(
    (v: V) => {
      if (!k) return setOwn(v);
      if (isEmpty(v)) memory.delete(k);
      else memory.set(k, v);
      notify();
    },
    [k],
  );
  return [k ? kept : own, set];
}
