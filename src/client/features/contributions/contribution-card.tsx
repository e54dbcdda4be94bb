import {
  CircleCheck,
  CircleX,
  Clock,
  ExternalLink,
  FileText,
  Hourglass,
  Link2,
  MessageSquareWarning,
} from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { XIcon } from '@/client/components/brand-icons';
import { TweetEmbed } from '@/client/components/tweet-embed';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { formatDateTime, formatNumber, formatRelative } from '@/client/lib/format';
import { externalLinkProps, safeUrl } from '@/client/lib/url';
import { useDisclosure } from '@/client/lib/use-disclosure';
import { rejectionReason } from '@/shared/schemas/contributions';
import type { RecentContribution } from './api';
import { queueLine, shortLink, typeLabel } from './format';
import { ChangesRequested } from './resubmit-form';

type Item = Omit<RecentContribution, 'queue'> & { queue?: RecentContribution['queue'] };

/** Pending yellow, approved green (+points), rejected red: the text always says which. */
export function StatusBadge({ item }: { item: Pick<Item, 'status' | 'rewardPoints'> }) {
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

/** The stored link as a safe external link (http(s) only), else plain text. */
export function ContributionLink({
  item,
  className,
}: {
  item: Pick<Item, 'type' | 'link' | 'fileUrl'>;
  className?: string;
}) {
  const href = safeUrl(item.link);
  const file = safeUrl(item.fileUrl);
  const Icon = item.type === 'tweet' ? XIcon : Link2;
  return (
    <div className={cn('flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1', className)}>
      {href ? (
        <a
          href={href}
          {...externalLinkProps}
          className="-mx-1 inline-flex min-h-11 min-w-0 max-w-full items-center gap-2 rounded-lg px-1 text-sm text-accent-to underline-offset-4 hover:underline"
        >
          <Icon className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{shortLink(href)}</span>
          <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : item.link ? (
        <span className="min-w-0 break-all text-sm text-muted">{item.link}</span>
      ) : null}
      {file ? (
        <a
          href={file}
          {...externalLinkProps}
          className="-mx-1 inline-flex min-h-11 items-center gap-2 rounded-lg px-1 text-sm text-accent-to underline-offset-4 hover:underline"
        >
          <FileText className="size-3.5 shrink-0" aria-hidden="true" />
          Attached file
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
    </div>
  );
}

/** What the review said: the queue place while pending, the points, or the reason (spec §8 fallback). */
function ReviewNote({ item }: { item: Item }) {
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

/** A contribution's line under its title: who sent it (the review queue), its type and how long ago. */
export function ContributionMeta({ item, by }: { item: Pick<Item, 'type' | 'createdAt'>; by?: string }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted">
      {by ? (
        <>
          <span className="font-medium text-fg-soft">{by}</span>
          <span aria-hidden="true">·</span>
        </>
      ) : null}
      <span>{typeLabel(item.type)}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
        {formatRelative(item.createdAt)}
      </time>
    </p>
  );
}

/** A recent contribution: title, status, review note, the embedded tweet and its link. */
export function ContributionCard({
  item,
  focus = false,
}: {
  item: Item /** Just submitted: focus moves here. */;
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
export function PastContributionRow({ item }: { item: Item }) {
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
