import { CircleCheck, CircleX, Layers, type LucideIcon, Percent } from 'lucide-react';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/lib/cn';
import { formatNumber } from '@/client/lib/format';
import { MSG } from '@/shared/messages';
import type { Summary } from './api';
import { formatSuccessRate } from './format';

/** 'Today: n/5' with a meter of the day's slots (the day starts at the user's local midnight). */
export function TodayMeter({ today, limit }: { today: number; limit: number }) {
  const used = Math.min(today, limit);
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium text-fg tabular-nums" data-testid="today-counter">
        {MSG.contribution.today(used, limit)}
      </p>
      <div className="flex gap-1" aria-hidden="true">
        {Array.from({ length: limit }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed slots
            key={i}
            className={cn('h-1.5 w-6 rounded-full', i < used ? 'bg-accent-gradient' : 'bg-surface-3')}
          />
        ))}
      </div>
    </div>
  );
}

type Stat = keyof Summary['stats'];

/** The four numbers: the field of `stats` (its abbreviation is the spec's), its name, hint, icon and colour. */
const STATS: readonly (readonly [key: Stat, name: string, hint: string, icon: LucideIcon, tone: string])[] = [
  ['approved', 'Approved', 'Valid contributions: rewarded by the admin', CircleCheck, 'text-approved'],
  ['rejected', 'Rejected', 'Rejected contributions', CircleX, 'text-declined'],
  ['total', 'Total', 'Total contributions you submitted', Layers, 'text-fg-soft'],
  ['successRate', 'Success rate', 'Success rate: approved ÷ total × 100', Percent, 'text-accent-from'],
];

/** A count, or the success rate as a percentage. */
function statValue(stats: Summary['stats'], key: Stat): string {
  return key === 'successRate' ? formatSuccessRate(stats.successRate) : formatNumber(stats[key]);
}

export function Stats({ stats }: { stats: Summary['stats'] | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3" aria-label="Your contribution stats">
      {STATS.map(([key, name, hint, Icon, tone]) => {
        const abbr = MSG.contribution.stats[key];
        return (
          <div key={key} className="min-w-0 rounded-2xl border border-line bg-surface p-4">
            <dt className="flex items-center justify-between gap-2">
              <span className="min-w-0">
                <abbr
                  title={hint}
                  className="text-xs font-semibold tracking-[0.14em] text-fg-soft no-underline"
                >
                  {abbr}
                </abbr>
                <span className="sr-only">, </span>
                <span className="block truncate text-xs text-muted">{name}</span>
              </span>
              <span className="grid size-8 shrink-0 place-items-center rounded-lg border border-line bg-surface-2 [&_svg]:size-4">
                <Icon className={tone} />
              </span>
            </dt>
            <dd
              className="mt-3 text-2xl font-semibold tracking-tight tabular-nums text-fg sm:text-3xl"
              data-testid={`stat-${abbr.toLowerCase()}`}
            >
              {stats ? statValue(stats, key) : <Skeleton className="h-8 w-16" />}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
