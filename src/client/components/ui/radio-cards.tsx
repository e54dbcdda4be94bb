import { Check } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { cn } from '@/client/lib/cn';

const ARROW_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

export type RadioCardOption = { value: string; label: string; description?: string; icon?: ReactNode };

/** A radio group drawn as selectable cards (arrow keys move between them). */
export function RadioCards({
  value,
  onValueChange,
  options,
  className,
  ...aria
}: {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly RadioCardOption[];
  className?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-label'?: string;
}) {
  // An arrow key moves the choice, not only the focus (WAI-ARIA radio group). Radix moves the
  // focus on a timer and checks the item only if the key is still down when it lands, so a quick
  // tap on a slow phone moved the focus and left the old choice checked. The arrow is remembered
  // here until the focus it causes arrives.
  const arrowPending = useRef(false);
  const onKeyDownCapture = (e: KeyboardEvent) => {
    arrowPending.current = ARROW_KEYS.has(e.key);
  };
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={onValueChange}
      onKeyDownCapture={onKeyDownCapture}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) arrowPending.current = false;
      }}
      className={cn('grid grid-cols-2 gap-2 sm:grid-cols-3', className)}
      {...aria}
    >
      {options.map((o) => (
        <RadioGroup.Item
          key={o.value}
          value={o.value}
          onFocus={() => {
            if (!arrowPending.current) return;
            arrowPending.current = false;
            if (o.value !== value) onValueChange(o.value);
          }}
          className={cn(
            'group relative flex min-h-11 items-center gap-2 rounded-xl border border-line bg-ink-2 px-3 py-2.5 text-left text-sm text-fg-soft transition-colors',
            'hover:border-line-strong hover:text-fg',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-to',
            'data-[state=checked]:border-accent-from/70 data-[state=checked]:bg-accent-from/10 data-[state=checked]:text-fg',
          )}
        >
          {o.icon ? (
            <span className="text-muted group-data-[state=checked]:text-accent-from" aria-hidden="true">
              {o.icon}
            </span>
          ) : null}
          <span className="min-w-0 flex-1">
            <span className="block font-medium leading-tight">{o.label}</span>
            {o.description ? <span className="mt-0.5 block text-xs text-muted">{o.description}</span> : null}
          </span>
          <RadioGroup.Indicator className="grid size-4 place-items-center rounded-full bg-accent-gradient text-ink">
            <Check className="size-3" strokeWidth={3} aria-hidden="true" />
          </RadioGroup.Indicator>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
