import { CircleCheck, CircleX, Layers, Percent } from 'lucide-react';
import type { ReactNode } from 'react';
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

type StatDef = {
  abbr: string;
  name: string;
  hint: string;
  icon: ReactNode;
  value: (s: Summary['stats']) => string;
};

const STATS: StatDef[] = [
  {
    abbr: MSG.contribution.stats.approved,
    name: 'Approved',
    hint: 'Valid contributions: rewarded by the admin',
    icon: <CircleCheck className="text-approved" />,
    value: (s) => formatNumber(s.approved),
  },
  {
    abbr: MSG.contribution.stats.rejected,
    name: 'Rejected',
    hint: 'Rejected contributions',
    icon: <CircleX className="text-declined" />,
    value: (s) => formatNumber(s.rejected),
  },
  {
    abbr: MSG.contribution.stats.total,
    name: 'Total',
    hint: 'Total contributions you submitted',
    icon: <Layers className="text-fg-soft" />,
    value: (s) => formatNumber(s.total),
  },
  {
    abbr: MSG.contribution.stats.successRate,
    name: 'Success rate',
    hint: 'Success rate: approved ÷ total × 100',
    icon: <Percent className="text-accent-from" />,
    value: (s) => formatSuccessRate(s.successRate),
  },
];

export function Stats({ stats }: { stats: Summary['stats'] | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3" aria-label="Your contribution stats">
      {STATS.map((d) => (
        <div key={d.abbr} className="min-w-0 rounded-2xl border border-line bg-surface p-4">
          <dt className="flex items-center justify-between gap-2">
            <span className="min-w-0">
              <abbr
                title={d.hint}
                className="text-xs font-semibold tracking-[0.14em] text-fg-soft no-underline"
              >
                {d.abbr}
              </abbr>
              <span className="sr-only">, </span>
              <span className="block truncate text-xs text-muted">{d.name}</span>
            </span>
            <span className="grid size-8 shrink-0 place-items-center rounded-lg border border-line bg-surface-2 [&_svg]:size-4">
              {d.icon}
            </span>
          </dt>
          <dd
            className="mt-3 text-2xl font-semibold tracking-tight tabular-nums text-fg sm:text-3xl"
            data-testid={`stat-${d.abbr.toLowerCase()}`}
          >
            {stats ? d.value(stats) : <Skeleton className="h-8 w-16" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
