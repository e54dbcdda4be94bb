import { ArrowRight, Inbox, Lock, MessageSquareText, PencilLine } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { LabelledSection } from '@/client/components/labelled-section';
import { ReviewStatusBadge } from '@/client/components/review-status-badge';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { IconTile } from '@/client/components/ui/icon-tile';
import { Skeleton } from '@/client/components/ui/skeleton';
import { When } from '@/client/components/when';
import { formatDate } from '@/client/lib/format';
import { MSG } from '@/shared/messages';
import type { BountyRequest } from '@/shared/schemas/bounties';
import type { MyBountyRequests } from './api';

function RequestItem({
  request: r,
  onReuse,
}: {
  request: BountyRequest;
  onReuse?: (r: BountyRequest) => void;
}) {
  return (
    <li
      id={`my-request-${r.id}`}
      aria-label={r.title}
      className="grid gap-3 rounded-2xl border border-line bg-surface p-4 outline-offset-2 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold leading-snug text-fg">{r.title}</h3>
        <ReviewStatusBadge status={r.status} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Reward</dt>
        <dd className="min-w-0 truncate text-right text-fg-soft">{r.reward}</dd>
        <dt className="text-muted">Deadline</dt>
        <dd className="text-right tabular-nums text-fg-soft">{formatDate(r.deadline)}</dd>
        <dt className="text-muted">Submitted</dt>
        <dd className="text-right tabular-nums text-fg-soft">
          <When at={r.createdAt} as="moment" />
        </dd>
      </dl>
      {r.adminMessage ? (
        <div className="flex gap-2 rounded-xl border border-line bg-ink-2 px-3 py-2.5 text-sm text-fg-soft">
          <MessageSquareText className="mt-0.5 size-4 shrink-0 text-subtle" aria-hidden="true" />
          <p className="min-w-0 whitespace-pre-line break-words">
            <span className="sr-only">Admin message: </span>
            {r.adminMessage}
          </p>
        </div>
      ) : null}
      {r.status === 'approved' ? (
        <Link
          to="/bounties"
          className="-ml-2 inline-flex min-h-11 w-fit items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-accent-to hover:underline"
        >
          See it on the board
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
      ) : null}
      {r.status === 'rejected' && onReuse ? (
        <Button variant="secondary" className="w-fit" onClick={() => onReuse(r)}>
          <PencilLine aria-hidden="true" />
          {MSG.bounty.reuse}
        </Button>
      ) : null}
    </li>
  );
}

/** `onReuse`: while the form is open, a rejected request can fill it, to be fixed and sent again. */
export function Requests({
  mine,
  onReuse,
}: {
  mine: MyBountyRequests | undefined;
  onReuse?: (r: BountyRequest) => void;
}) {
  return (
    <LabelledSection title="Your requests" className="content-start">
      {!mine ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-36 rounded-2xl" />
          <Skeleton className="h-36 rounded-2xl" />
        </div>
      ) : mine.applications.length === 0 ? (
        <div className="flex items-start gap-3 rounded-2xl border border-dashed border-line-strong bg-surface/60 p-5 text-sm text-muted">
          <Inbox className="mt-0.5 size-5 shrink-0 text-subtle" aria-hidden="true" />
          <p>No requests yet. Once you submit one, its status and the admin&apos;s message show here.</p>
        </div>
      ) : (
        <ul className="grid gap-3">
          {mine.applications.map((r) => (
            <RequestItem key={r.id} request={r} onReuse={onReuse} />
          ))}
        </ul>
      )}
    </LabelledSection>
  );
}

/** The form is hidden while the reapply lock holds; this says when it opens, in local time. */
export function LockedCard({ until }: { until: string }) {
  return (
    <section
      aria-labelledby="lock-title"
      className="grid gap-4 rounded-2xl border border-pending/30 bg-surface p-5 sm:p-8"
    >
      <div className="flex items-start gap-4">
        <IconTile icon={Lock} tone="pending" size="lg" />
        <div className="grid min-w-0 gap-1.5">
          <h2 id="lock-title" className="text-lg font-semibold tracking-tight text-fg">
            The form opens again on <When at={until} as="moment" />
          </h2>
          <p className="text-sm leading-6 text-muted">{MSG.bounty.cooldown}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Link to="/bounties" className={buttonVariants({ variant: 'secondary' })}>
          Browse bounties
        </Link>
        <Link to="/application" className={buttonVariants({ variant: 'ghost' })}>
          Back to applications
        </Link>
      </div>
    </section>
  );
}

/** Re-reads the lock the moment it ends, so the form opens by itself. */
export function useLockRefresh(until: string | null, refetch: () => unknown) {
  useEffect(() => {
    if (!until) return;
    const end = new Date(until).getTime();
    if (Number.isNaN(end)) return;
    const wait = Math.min(Math.max(end - Date.now(), 0) + 500, 2 ** 31 - 1);
    const t = window.setTimeout(() => void refetch(), wait);
    return () => window.clearTimeout(t);
  }, [until, refetch]);
}
