import { CircleCheck, CircleX, Clock, Hourglass, MessageSquareWarning } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { TweetEmbed } from '@/client/components/tweet-embed';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { formatNumber } from '@/client/lib/format';
import { useDisclosure } from '@/client/lib/use-disclosure';
import { rejectionReason } from '@/shared/rules/review';
import { type ContributionItem, ContributionLink, ContributionMeta } from './contribution-parts';
import { queueLine } from './format';
import { ChangesRequested } from './resubmit-form';

/** Pending yellow, approved green (+points), rejected red: the text always says which. */
export function StatusBadge({ item }: { item: Pick<ContributionItem, 'status' | 'rewardPoints'> }) {
  if (item.status === 'approved') {
    return (
      <Badge tone="approved" data-testid="status-badge">
        <CircleCheck className="size-3.5" aria-hidden="true" />
        Approved
        {item.rewardPoints ? (
          <span className="tabular-nums">· +{formatNumber(item.rewardPoints)} XP</span>
        ) : null}
      </Badge>
    );
  }
  if (item.status === 'rejected') {
    return (
      <Badge tone="declined" data-testid="status-badge">
        <CircleX className="size-3.5" aria-hidden="true" />
        Rejected
      </Badge>
    );
  }
  if (item.status === 'changes_requested') {
    return (
      <Badge tone="pending" data-testid="status-badge">
        <MessageSquareWarning className="size-3.5" aria-hidden="true" />
        Changes requested
      </Badge>
    );
  }
  return (
    <Badge tone="pending" data-testid="status-badge">
      <Clock className="size-3.5" aria-hidden="true" />
      Pending
    </Badge>
  );
}

/** What the review said: the queue place while pending, the points, or the reason (spec §8 fallback). */
function ReviewNote({ item }: { item: ContributionItem }) {
  if (item.status === 'changes_requested') return <ChangesRequested item={item} />;
  if (item.status === 'pending') {
    if (!item.queue) return null;
    return (
      <p className="flex items-start gap-2 text-sm text-fg-soft" data-testid="queue-line">
        <Hourglass className="mt-0.5 size-4 shrink-0 text-pending" aria-hidden="true" />
        <span className="tabular-nums">{queueLine(item.queue)}</span>
      </p>
    );
  }
  if (item.status === 'rejected') {
    return (
      <p className="flex items-start gap-2 rounded-xl border border-declined/25 bg-declined/[0.07] px-3 py-2.5 text-sm text-fg-soft">
        <MessageSquareWarning className="mt-0.5 size-4 shrink-0 text-declined" aria-hidden="true" />
        <span className="min-w-0 break-words">
          <span className="font-medium text-fg">Reason: </span>
          {rejectionReason(item)}
        </span>
      </p>
    );
  }
  return null;
}

/** A recent contribution: title, status, review note, the embedded tweet and its link. */
export function ContributionCard({
  item,
  focus = false,
}: {
  item: ContributionItem /** Just submitted: focus moves here. */;
  focus?: boolean;
}) {
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  // After a successful submit, focus (and a screen reader) goes to the result (issue 20).
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <article
      ref={ref}
      id={`contribution-${item.id}`}
      tabIndex={focus ? -1 : undefined}
      aria-labelledby={titleId}
      className="grid min-w-0 grid-cols-1 gap-4 rounded-2xl border border-line bg-surface p-4 focus:outline-2 focus:outline-offset-2 focus:outline-accent-to sm:p-5"
      data-testid="contribution-card"
      data-status={item.status}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="break-words text-base font-semibold leading-6 text-fg">
            {item.title}
          </h3>
          <ContributionMeta item={item} />
        </div>
        <StatusBadge item={item} />
      </header>
      <ReviewNote item={item} />
      {item.type === 'tweet' ? <TweetEmbed link={item.link} /> : null}
      <ContributionLink item={item} className="border-t border-line pt-1" />
    </article>
  );
}

/** A past (reviewed) contribution as a compact row; the tweet opens on demand. */
export function PastContributionRow({ item }: { item: ContributionItem }) {
  const tweet = useDisclosure();
  return (
    <li
      className="grid min-w-0 grid-cols-1 gap-3 px-4 py-4 sm:px-5"
      data-testid="past-contribution"
      data-status={item.status}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-words font-medium text-fg">{item.title}</p>
          <ContributionMeta item={item} />
        </div>
        <StatusBadge item={item} />
      </div>
      <ReviewNote item={item} />
      <div className="flex flex-wrap items-center justify-between gap-x-3">
        <ContributionLink item={item} className="min-w-0 flex-1" />
        {item.type === 'tweet' ? (
          <Button variant="ghost" size="sm" className="-mr-2 h-11" {...tweet.button}>
            {tweet.open ? 'Hide tweet' : 'Show tweet'}
          </Button>
        ) : null}
      </div>
      <div id={tweet.id} hidden={!tweet.open}>
        {tweet.open ? <TweetEmbed link={item.link} /> : null}
      </div>
    </li>
  );
}
