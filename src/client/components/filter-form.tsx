/**
 * An admin list's filter form: what is typed stays a draft until Apply, so the list is
 * asked for once per decision, not once per key, and the filters in use are the page's
 * query string. Used by /admin/users and /admin/audit.
 */
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { SelectField } from '@/client/components/ui/field';
import { cn } from '@/client/lib/cn';

type Filters = { [k: string]: string | undefined };

/** Leaves out empty fields, so the query key and the URL only name the filters in use. */
export function withoutEmpty<F extends Filters>(f: F): F {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v)) as F;
}

/**
 * The filters in use are kept in the page's query string: a filtered view
 * is a link to share or bookmark and survives a reload, and each Apply is a history entry
 * that Back undoes (the form follows the URL back). `read` takes the filters from the
 * query, naming in `ignored` the keys whose values it cannot use; Apply, Clear and `drop`
 * write only the filters in use, so a link's unusable values go with its next change.
 */
export function useUrlFilterForm<F extends Filters>(
  read: (query: URLSearchParams) => { filters: F; ignored: readonly string[] },
) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the whole input
  const { filters, ignored } = useMemo(() => read(new URLSearchParams(search)), [search]);
  const [draft, setDraft] = useState<F>(filters);
  // Back, Forward or a link changed the filters: the form shows them (set while rendering).
  const [drafted, setDrafted] = useState(search);
  if (drafted !== search) {
    setDrafted(search);
    setDraft(filters);
  }
  /** The URL of these filters; the same filters again add no history entry. */
  const go = (f: F) => {
    const next = new URLSearchParams(withoutEmpty(f) as Record<string, string>);
    if (next.toString() !== search) setParams(next);
  };
  const bind = (k: keyof F & string) => ({
    value: draft[k] ?? '',
    onChange: (ev: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: ev.target.value })),
  });
  const apply = (ev: FormEvent) => {
    ev.preventDefault();
    go(draft);
  };
  return {
    filters,
    ignored,
    bind,
    apply,
    /** No filters at all. */
    clear: () => go({} as F),
    /** The filters in use but one (the form then shows the filters in use). */
    drop: (k: keyof F & string) => go({ ...filters, [k]: undefined }),
  };
}

/** A filter's drop-down: "any" first (no filter), then each choice, `[value, label]`. */
export function FilterSelect({
  label,
  any,
  choices,
  value,
  onChange,
}: {
  label: string;
  /** The first option's words: "Any role". */
  any: string;
  choices: readonly (readonly [value: string, label: string])[];
  value: string;
  onChange: (ev: { target: { value: string } }) => void;
}) {
  return (
    <SelectField label={label} value={value} onChange={onChange}>
      <option value="">{any}</option>
      {choices.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The filters' form: its fields, then Apply, which sets the filters the hook's `apply`
 * takes. `className` lays out the grid of fields (columns, gaps) for the page.
 */
export function FilterForm({
  onApply,
  className,
  children,
}: {
  onApply: (ev: FormEvent) => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onApply} className={cn('grid items-end', className)} aria-label="Filters">
      {children}
      <Button type="submit" className="w-full sm:w-fit">
        Apply
      </Button>
    </form>
  );
}
