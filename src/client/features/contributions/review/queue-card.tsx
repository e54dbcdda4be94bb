import { AlarmClock, Clock, Gavel } from 'lucide-react';
import { useId } from 'react';
import { Loading } from '@/client/components/loading';
import { TweetEmbed } from '@/client/components/tweet-embed';
import { Alert } from '@/client/components/ui/alert';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Skeleton, SkeletonBars } from '@/client/components/ui/skeleton';
import { cn } from '@/client/lib/cn';
import { isOverdue } from '@/shared/rules/review';
import type { Contribution } from '@/shared/schemas/contributions';
import { ContributionLink, ContributionMeta } from '../contribution-parts';

/** A pending contribution in the review queue: select it, or open it to decide. */
export function QueueCard({
  item,
  selected,
  onSelect,
  onOpen,
  error,
}: {
  item: Contribution;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onOpen: () => void;
  error?: string;
}) {
  const titleId = useId();
  // Older than the 24-hour promise on /docs: highlighted, so the oldest debt is seen first.
  const overdue = isOverdue(item.createdAt, Date.now());
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'grid min-w-0 grid-cols-1 gap-4 rounded-2xl border bg-surface p-4 transition-colors sm:p-5',
        selected
          ? 'border-accent-from/60 bg-accent-from/[0.04]'
          : overdue
            ? 'border-declined/50'
            : 'border-line',
      )}
      data-testid="queue-card"
    >
      <header className="flex items-start gap-2">
        <label className="-m-2.5 grid size-11 shrink-0 cursor-pointer place-items-center rounded-lg hover:bg-surface-2">
          <Checkbox
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`Select “${item.title}”`}
          />
        </label>
        <div className="min-w-0 flex-1 pl-1">
          <h2 id={titleId} className="text-base font-semibold leading-6 text-fg">
            <button
              type="button"
              onClick={onOpen}
              className="break-words text-left underline-offset-4 hover:underline"
            >
              {item.title}
            </button>
          </h2>
          <ContributionMeta item={item} by={item.contributor} />
        </div>
        {overdue ? (
          <Badge tone="declined" data-testid="overdue" title="Waiting longer than the 24-hour promise">
            <AlarmClock className="size-3.5" aria-hidden="true" />
            Overdue
          </Badge>
        ) : (
          <Badge tone="pending">
            <Clock className="size-3.5" aria-hidden="true" />
            Pending
          </Badge>
        )}
      </header>

      {error ? <Alert>{error}</Alert> : null}

      {item.type === 'tweet' ? <TweetEmbed link={item.link} /> : null}

      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
        <ContributionLink item={item} className="flex-1" />
        <Button variant="secondary" onClick={onOpen} aria-describedby={titleId}>
          <Gavel aria-hidden="true" />
          Review
        </Button>
      </footer>
    </article>
  );
}

/** The queue while its first page loads: two cards in the layout the real ones take. */
export function QueueSkeleton() {
  return (
    <Loading
      label="Loading pending contributions"
      count={2}
      className="grid items-start gap-4 lg:grid-cols-2"
    >
      <div className="grid gap-4 rounded-2xl border border-line bg-surface p-5" aria-hidden="true">
        <div className="flex items-start gap-3">
          <Skeleton className="size-5 rounded-md" />
          <SkeletonBars className="grid flex-1 gap-2" bars={['h-5 w-full max-w-56', 'h-3 w-40']} />
          <Skeleton className="h-6 w-20 rounded-full" />
        </div>
        <Skeleton className="h-52 rounded-xl" />
        <SkeletonBars className="flex justify-between" bars={['h-4 w-40', 'h-11 w-28 rounded-xl']} />
      </div>
    </Loading>
  );
}
