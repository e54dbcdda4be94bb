import { cn } from '@/client/lib/cn';

/**
 * A progress bar: `value` of `max` filled with the accent gradient, announced as a
 * progressbar with its label. `className` places and sizes the track.
 */
export function ProgressBar({
  value,
  max = 100,
  label,
  className,
}: {
  value: number;
  max?: number;
  label: string;
  className?: string;
}) {
  const shown = Math.min(max, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={shown}
      className={cn('h-2 overflow-hidden rounded-full bg-surface-3', className)}
    >
      <div
        className="h-full rounded-full bg-accent-gradient transition-[width] duration-200"
        style={{ width: `${max > 0 ? (shown / max) * 100 : 0}%` }}
      />
    </div>
  );
}
