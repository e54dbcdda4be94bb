import { cn } from '@/client/lib/cn';
import { formatNumber } from '@/client/lib/format';

/**
 * "42/100" beside a field with a limit: amber from 90 % of it, red past it. The
 * count is what the rule counts (characters, trimmed characters or words).
 */
export function Counter({
  id,
  n,
  max,
  unit,
  className,
}: {
  id?: string;
  n: number;
  max: number;
  /** "words", "characters": said after the figures. */
  unit?: string;
  className?: string;
}) {
  return (
    <span
      id={id}
      className={cn(
        'text-xs tabular-nums',
        n > max ? 'font-medium text-declined' : n >= max * 0.9 ? 'text-pending' : 'text-subtle',
        className,
      )}
    >
      {formatNumber(n)}/{formatNumber(max)}
      {unit ? ` ${unit}` : null}
    </span>
  );
}
