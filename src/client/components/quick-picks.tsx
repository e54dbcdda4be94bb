import { FilterChips } from './ui/filter-chips';

/**
 * A labelled row of one-tap values for a field (quick amounts, quick reasons): a tap puts the
 * value in the field, which stays editable; the chip of the value the field holds is pressed.
 * The chips are FilterChips; this adds the visible label.
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
  return (
    <div className="grid gap-2">
      <p className="text-xs font-medium text-muted" aria-hidden="true">
        {label}
      </p>
      <FilterChips
        legend={label}
        options={picks.map((p) => ({ value: p.value, label: p.text }))}
        value={current.trim()}
        onChange={onPick}
        chipClassName="px-3.5 tabular-nums sm:h-9"
      />
    </div>
  );
}

/** Texts as picks that insert themselves. */
export const textPicks = (texts: readonly string[]) => texts.map((t) => ({ value: t, text: t }));
