import { useId } from 'react';
import { cn } from '@/client/lib/cn';

/**
 * A labelled row of one-tap values for a field (quick amounts, quick reasons): a tap puts the
 * value in the field, which stays editable; the chip of the value the field holds is pressed.
 */
export function QuickPicks({
  label,
  picks,
  current,
  onPick,
}: {
  label: string;
  picks: readonly { value: string; text: string }[];
  /** What the field holds now. */
  current: string;
  onPick: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <p id={id} className="text-xs font-medium text-muted">
        {label}
      </p>
      <fieldset aria-labelledby={id} className="flex flex-wrap gap-2">
        {picks.map((p) => {
          const pressed = current.trim() === p.value;
          return (
            <button
              key={p.value}
              type="button"
              aria-pressed={pressed}
              onClick={() => onPick(p.value)}
              className={cn(
                'inline-flex h-11 items-center rounded-full border px-3.5 text-sm font-medium tabular-nums transition-colors sm:h-9',
                pressed
                  ? 'border-accent-from/60 bg-accent-from/15 text-fg'
                  : 'border-line bg-surface-2 text-fg-soft hover:border-line-strong hover:text-fg',
              )}
            >
              {p.text}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}

/** Texts as picks that insert themselves. */
export const textPicks = (texts: readonly string[]) => texts.map((t) => ({ value: t, text: t }));
