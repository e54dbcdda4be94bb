import { Gift, History, Sparkles, Trophy, Zap } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { IconTile } from '@/client/components/ui/icon-tile';
import { Skeleton } from '@/client/components/ui/skeleton';
import { When } from '@/client/components/when';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { formatNumber } from '@/client/lib/format';
import { LIMITS } from '@/shared/limits';
import { type PointEvent, usePointEvents } from './api';

const REASONS: Record<string, { label: string; icon: typeof Gift }> = {
  referral: { label: 'Referral reward', icon: Gift },
  contribution: { label: 'Contribution rewarded', icon: Zap },
  bounty: { label: 'Bounty reward', icon: Trophy },
};

/** Pure: the label of a ledger reason ("grant_award" → "Grant award" when unknown). */
export function reasonLabel(reason: string): string {
  const known = REASONS[reason];
  if (known) return known.label;
  const words = reason.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'XP change';
}

const SHOWN = 6;

function Row({ e }: { e: PointEvent }) {
  const Icon = REASONS[e.reason]?.icon ?? Sparkles;
  const plus = e.delta >= 0;
  return (
    <li className="flex min-h-12 items-center gap-3 py-2.5">
      <IconTile icon={Icon} size="sm" />
      <span className="min-w-0 flex-1">
        {/* A reason can be long ("Bounty: 1st place in “…”", a link): it wraps, anywhere if it must. */}
        <span className="block break-words text-sm font-medium text-fg">{reasonLabel(e.reason)}</span>
        <span className="block text-xs tabular-nums text-subtle">
          <When at={e.createdAt} as="date" /> · balance {formatNumber(e.balanceAfter)}
        </span>
      </span>
      <span
        className={cn(
          'shrink-0 text-sm font-semibold tabular-nums',
          plus ? 'text-approved' : 'text-declined',
        )}
      >
        {plus ? '+' : '−'}
        {formatNumber(Math.abs(e.delta))} XP
      </span>
    </li>
  );
}

/** A compact list of the user's XP ledger (GET /api/me/points, newest first). */
export function XpHistory() {
  const q = usePointEvents();
  const [all, setAll] = useState(false);
  const events = q.data?.events ?? [];
  const rows = all ? events : events.slice(0, SHOWN);

  return (
    <section
      aria-labelledby="xp-history-title"
      className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <div className="flex items-center gap-3">
        <History className="size-5 text-accent-from" aria-hidden="true" />
        <h2 id="xp-history-title" className="text-lg font-semibold tracking-tight">
          XP history
        </h2>
      </div>
      {q.isPending ? (
        <div className="mt-4 grid gap-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center gap-3">
              <Skeleton className="size-9 rounded-xl" />
              <Skeleton className="h-4 flex-1" />
              <Skeleton className="h-4 w-16" />
            </div>
          ))}
        </div>
      ) : q.isError ? (
        <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-muted">
          {errorMessage(q.error)}
          <Button variant="secondary" size="sm" className="h-11" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </div>
      ) : events.length === 0 ? (
        <div className="mt-4 grid justify-items-start gap-3 rounded-xl border border-dashed border-line-strong p-4">
          <p className="text-sm leading-6 text-muted">
            No XP yet. Share your invite link (+{LIMITS.referralRewardPoints} XP per friend) or submit a
            contribution.
          </p>
          <Link
            to="/contribution-hub"
            className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'h-11' })}
          >
            Submit a contribution
          </Link>
        </div>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-line/60">
            {rows.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: ledger rows have no id in this response; order is stable
              <Row key={`${e.createdAt}-${i}`} e={e} />
            ))}
          </ul>
          {events.length > SHOWN ? (
            <Button variant="ghost" size="sm" className="mt-2 h-11" onClick={() => setAll((a) => !a)}>
              {all ? 'Show less' : `Show all ${events.length}`}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
