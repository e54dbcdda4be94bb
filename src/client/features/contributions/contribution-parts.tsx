/**
 * The parts of a contribution that both the member's hub and the review queue show: its
 * link (and attached file) and the line under its title. Kept apart from the hub's card,
 * which carries the resubmit form, so the review queue's first task has no form code.
 */
import { ExternalLink, FileText, Link2 } from 'lucide-react';
import { XIcon } from '@/client/components/brand-icons';
import { cn } from '@/client/lib/cn';
import { formatDateTime, formatRelative } from '@/client/lib/format';
import { externalLinkProps, safeUrl } from '@/client/lib/url';
import type { RecentContribution } from './api';
import { shortLink, typeLabel } from './format';

/** A contribution as the hub lists it; the review queue's items carry no queue place. */
export type ContributionItem = Omit<RecentContribution, 'queue'> & { queue?: RecentContribution['queue'] };

/** The stored link as a safe external link (http(s) only), else plain text. */
export function ContributionLink({
  item,
  className,
}: {
  item: Pick<ContributionItem, 'type' | 'link' | 'fileUrl'>;
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

/** A contribution's line under its title: who sent it (the review queue), its type and how long ago. */
export function ContributionMeta({
  item,
  by,
}: {
  item: Pick<ContributionItem, 'type' | 'createdAt'>;
  by?: string;
}) {
  return (
    // Each dot goes with what follows it, so a wrapped line never ends on a dot.
    <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted">
      {by ? <span className="font-medium text-fg-soft">{by}</span> : null}
      <span className="whitespace-nowrap">
        {by ? <span aria-hidden="true">· </span> : null}
        {typeLabel(item.type)}
      </span>
      <span className="whitespace-nowrap">
        <span aria-hidden="true">· </span>
        <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
          {formatRelative(item.createdAt)}
        </time>
      </span>
    </p>
  );
}
