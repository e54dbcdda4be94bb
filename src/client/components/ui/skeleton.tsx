import type { HTMLAttributes } from 'react';
import { cn } from '@/client/lib/cn';

/**
 * A placeholder block. It never grows wider than its container (`max-w-full`): a skeleton
 * wider than a phone's column would widen the page's grid while it shows, and everything
 * laid out in it (the page's title and description) would reflow when the content came.
 */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn('max-w-full animate-pulse rounded-lg bg-surface-3/70', className)}
      {...props}
    />
  );
}

/** A placeholder for words inside a line of text (a heading, a paragraph): inline, one line high. */
export function SkeletonText({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block h-[0.8em] animate-pulse rounded-lg bg-surface-3/70', className)}
    />
  );
}

/**
 * A box of placeholder bars, one per class list: `['h-4 w-full', 'h-4 w-2/3']`
 * stands for two lines of text while they load. The box takes `className`; beside other
 * placeholders in a row it shrinks (`min-w-0`) rather than push the row wider.
 */
export function SkeletonBars({ bars, className }: { bars: readonly string[]; className?: string }) {
  return (
    <div className={cn('min-w-0', className)} aria-hidden="true">
      {bars.map((bar, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders that never move
        <Skeleton key={i} className={bar} />
      ))}
    </div>
  );
}
