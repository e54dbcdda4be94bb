import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Skeleton, SkeletonBars } from './ui/skeleton';

/** A number with its label; `accent` draws the value in the XP gradient. */
export function StatCard({
  label,
  value,
  icon,
  hint,
  accent = false,
  className,
}: {
  label: ReactNode;
  value: ReactNode;
  icon?: ReactNode;
  hint?: ReactNode;
  accent?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0 rounded-2xl border border-line bg-surface p-4 sm:p-5', className)}>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-muted">{label}</p>
        {icon ? (
          <span className="hidden size-9 shrink-0 place-items-center sm:grid rounded-xl border border-line bg-surface-2 text-accent-from [&_svg]:size-4">
            {icon}
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-2xl font-semibold tracking-tight tabular-nums text-fg sm:mt-3 sm:text-3xl">
        {/* Inline so the gradient spans the number, not the whole card. */}
        <span className={cn(accent && 'text-accent-gradient')}>{value}</span>
      </p>
      {hint ? <p className="mt-1 text-xs text-subtle">{hint}</p> : null}
    </div>
  );
}

export function StatCardSkeleton() {
  return (
    <div className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <SkeletonBars
        className="flex items-center justify-between"
        bars={['h-4 w-24', 'hidden size-9 rounded-xl sm:block']}
      />
      <Skeleton className="mt-3 h-8 w-20 sm:h-9" />
      <Skeleton className="mt-2 h-3 w-full max-w-28" />
    </div>
  );
}

/** `count` stat card placeholders laid out in the grid the cards will take (`className`). */
export function StatCardSkeletons({ count, className }: { count: number; className: string }) {
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never move
        <StatCardSkeleton key={i} />
      ))}
    </div>
  );
}
