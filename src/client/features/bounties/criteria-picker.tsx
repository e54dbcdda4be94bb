import { Check } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { LIMITS } from '@/shared/limits';
import { BOUNTY_CRITERIA } from '@/shared/lists';

/**
 * The spec's 10 criteria as toggle chips; 2 to 7 may be picked. Once 7 are on,
 * the others say why they can't be added instead of silently ignoring a tap.
 */
export function CriteriaPicker({
  id,
  value,
  onChange,
  invalid,
  disabled,
}: {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  invalid?: boolean;
  disabled?: boolean;
}) {
  const full = value.length >= LIMITS.criteriaMax;
  const n = value.length;
  const ok = n >= LIMITS.criteriaMin && n <= LIMITS.criteriaMax;
  return (
    <fieldset className="grid gap-3" aria-describedby={`${id}-count`} aria-invalid={invalid || undefined}>
      <legend className="contents">
        <span className="flex items-center justify-between gap-3">
          <span className="text-sm font-medium text-fg-soft">Criteria</span>
          <span
            id={`${id}-count`}
            className={cn(
              'text-xs tabular-nums',
              invalid ? 'text-declined' : ok ? 'text-approved' : 'text-muted',
            )}
          >
            {n} selected · pick {LIMITS.criteriaMin}–{LIMITS.criteriaMax}
          </span>
        </span>
      </legend>
      <ul id={id} className="flex flex-wrap gap-2">
        {BOUNTY_CRITERIA.map((c) => {
          const on = value.includes(c);
          const blocked = !on && full;
          return (
            <li key={c}>
              <button
                type="button"
                aria-pressed={on}
                aria-disabled={blocked || undefined}
                disabled={disabled}
                title={blocked ? `You can pick up to ${LIMITS.criteriaMax} criteria.` : undefined}
                onClick={() => {
                  if (blocked) return;
                  onChange(on ? value.filter((x) => x !== c) : [...value, c]);
                }}
                className={cn(
                  'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-to disabled:opacity-60',
                  on
                    ? 'border-accent-from/60 bg-accent-from/15 text-fg'
                    : 'border-line bg-ink-2 text-muted hover:border-line-strong hover:text-fg',
                  blocked && 'cursor-not-allowed opacity-50 hover:border-line hover:text-muted',
                  invalid && !on && 'border-declined/40',
                )}
              >
                {on ? <Check className="size-3.5 text-accent-from" aria-hidden="true" /> : null}
                {c}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
