import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';
import { formatNumber } from '@/client/lib/format';

export interface FilterChipOption<T> {
  value: T;
  label: ReactNode;
  /** Shown in a small pill after the label (a count of items, say; a number is printed 1,234). */
  count?: ReactNode;
}

/**
 * A row of toggle chips choosing one filter: plain buttons with aria-pressed inside a
 * fieldset whose legend is for screen readers only.
 */
export function FilterChips<T extends string>({
  legend,
  options,
  value,
  onChange,
  isSelected = (v) => v === value,
  className,
  chipClassName,
}: {
  legend: string;
  options: readonly FilterChipOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Whether a chip is the chosen one; plain equality with `value` unless given. */
  isSelected?: (v: T) => boolean;
  /** Replaces the fieldset's layout classes. */
  className?: string;
  /** Merged into each chip's classes (padding, shrink). */
  chipClassName?: string;
}) {
  return (
    <fieldset className={className ?? 'flex flex-wrap gap-2'}>
      <legend className="sr-only">{legend}</legend>
      {options.map((o) => {
        const on = isSelected(o.value);
        return (
          <button
            key={o.value}
            type="button"
            aria-pressed={on}
            onClick={() => onChange(o.value)}
            className={cn(
              'inline-flex h-11 items-center rounded-full border px-5 text-sm font-medium transition-colors',
              chipClassName,
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-to',
              on
                ? 'border-accent-from/60 bg-accent-from/15 text-fg'
                : 'border-line bg-surface text-muted hover:border-line-strong hover:text-fg',
            )}
          >
            {o.label}
            {o.count !== undefined ? (
              <span className="rounded-full bg-surface-3 px-1.5 text-xs tabular-nums text-fg-soft">
                {typeof o.count === 'number' ? formatNumber(o.count) : o.count}
              </span>
            ) : null}
          </button>
        );
      })}
    </fieldset>
  );
}
