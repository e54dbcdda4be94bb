import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  CalendarClock,
  Check,
  CircleCheck,
  CircleX,
  ClipboardCheck,
  Clock,
  Coins,
  ExternalLink,
  Link2,
  MessageSquareText,
  RotateCcw,
  Trophy,
  UserRound,
  X,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { safeHref } from '../../../shared/links';
import { MSG } from '../../../shared/messages';
import type { BountyRequest } from '../../../shared/schemas/bounties';
import { EmptyState } from '../../components/empty-state';
import { ExpandableText } from '../../components/expandable-text';
import { PageHeader } from '../../components/page-header';
import { RefreshButton } from '../../components/refresh-button';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { FilterChips } from '../../components/ui/filter-chips';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { safeUrl } from '../../lib/url';
import {
  ADMIN_BOUNTY_REQUESTS_KEY,
  bountyRequestsQuery,
  type RequestList,
  type ReviewAction,
  reviewRequest,
} from './api';
import { DecisionDialog } from './decision-dialog';
import { type StreamStatus, useAdminEvents } from './use-admin-events';

const STATUS = {
  pending: { tone: 'pending', label: 'Pending', icon: Clock },
  approved: { tone: 'approved', label: 'Approved', icon: CircleCheck },
  rejected: { tone: 'declined', label: 'Rejected', icon: CircleX },
} as const;

type StatusFilter = 'all' | BountyRequest['status'];
const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const momentFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const fmt = (f: Intl.DateTimeFormat, iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : f.format(d);
};

/** The message for a failed decision (spec §8 Admin). */
function decisionError(err: unknown): string {
  if (err instanceof ApiError && err.status === 403) return MSG.admin.unauthorized;
  return `${MSG.admin.statusErrorPrefix}${errorMessage(err, MSG.admin.error)}`;
}

/** A stored image: same-origin /uploads/… or https from object storage. */
function imageSrc(value: string): string | undefined {
  const u = safeUrl(value);
  return u && (u.startsWith('/') || u.startsWith('https://')) ? u : undefined;
}

function LiveIndicator({ status }: { status: StreamStatus }) {
  const live = status === 'live';
  return (
    <span
      role="status"
      className={cn(
        'inline-flex h-7 items-center gap-2 rounded-full border px-3 text-xs font-medium',
        live
          ? 'border-approved/30 bg-approved/10 text-approved'
          : 'border-pending/30 bg-pending/10 text-pending',
      )}
      title={live ? 'New requests appear here as they arrive.' : 'Reconnecting to live updates…'}
    >
      <span className="relative flex size-2" aria-hidden="true">
        {live ? (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-approved opacity-60" />
        ) : null}
        <span
          className={cn('relative inline-flex size-2 rounded-full', live ? 'bg-approved' : 'bg-pending')}
        />
      </span>
      {live ? 'Live' : status === 'reconnecting' ? 'Reconnecting…' : 'Connecting…'}
    </span>
  );
}

function Meta({ icon: Icon, label, children }: { icon: typeof Coins; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2.5 py-1.5">
      <Icon className="mt-0.5 size-4 shrink-0 text-subtle" aria-hidden="true" />
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-fg-soft">{children}</dd>
    </div>
  );
}

function RequestCard({ request: r }: { request: BountyRequest }) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const titleId = `request-${r.id}`;
  const status = STATUS[r.status];
  const link = safeHref(r.resourceLink);

  const review = useMutation({
    mutationFn: ({ action, message }: { action: ReviewAction; message?: string }) =>
      reviewRequest(r.id, action, message),
    onSuccess: ({ application }, { action }) => {
      queryClient.setQueryData<RequestList>(ADMIN_BOUNTY_REQUESTS_KEY, (old) =>
        old
          ? { applications: old.applications.map((a) => (a.id === application.id ? application : a)) }
          : old,
      );
      toast.success(
        action === 'approve'
          ? 'Approved: the bounty is live on the board.'
          : action === 'reject'
            ? 'Request rejected.'
            : 'Request returned to pending.',
      );
    },
    onError: (err) => {
      toast.error(decisionError(err));
      void queryClient.invalidateQueries({ queryKey: ADMIN_BOUNTY_REQUESTS_KEY });
    },
  });
  const busy = review.isPending ? review.variables?.action : null;

  return (
    <article
      aria-labelledby={titleId}
      aria-busy={busy ? true : undefined}
      className="grid gap-5 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1.5">
          <h2 id={titleId} className="min-w-0 break-words text-lg font-semibold tracking-tight text-fg">
            {r.title}
          </h2>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1.5">
              <UserRound className="size-3.5" aria-hidden="true" />
              {r.requesterName ?? 'Unknown requester'}
            </span>
            <span>
              Submitted <time dateTime={r.createdAt}>{fmt(momentFormat, r.createdAt)}</time>
            </span>
          </p>
        </div>
        <Badge tone={status.tone} className="w-fit">
          <status.icon className="size-3" aria-hidden="true" />
          {status.label}
        </Badge>
      </header>

      <dl className="grid gap-x-6 rounded-xl border border-line bg-ink-2/60 px-4 py-2 sm:grid-cols-2">
        <Meta icon={Coins} label="Reward">
          <span className="font-medium text-fg">{r.reward}</span>
        </Meta>
        <Meta icon={CalendarClock} label="Deadline">
          Deadline <time dateTime={r.deadline}>{fmt(dayFormat, r.deadline)}</time>
        </Meta>
        <Meta icon={MessageSquareText} label="Contact">
          {r.contactInfo}
        </Meta>
        <Meta icon={Link2} label="Resource link">
          {link ? (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex max-w-full items-start gap-1 break-all text-accent-to underline-offset-4 hover:underline"
            >
              {link.replace(/^https?:\/\//, '')}
              <ExternalLink className="mt-1 size-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            <span className="text-subtle">No resource link</span>
          )}
        </Meta>
      </dl>

      <ExpandableText heading="Description" text={r.description} lines={5} maxChars={360} />

      {r.criteria.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-medium text-fg-soft">Criteria</h3>
          <ul className="flex flex-wrap gap-1.5">
            {r.criteria.map((c) => (
              <li
                key={c}
                className="rounded-full border border-accent-from/30 bg-accent-from/10 px-2.5 py-1 text-xs font-medium text-accent-from"
              >
                {c}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {r.images.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-medium text-fg-soft">Images</h3>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {r.images.map((src, i) => {
              const s = imageSrc(src);
              if (!s) return null;
              return (
                <li
                  key={src}
                  className="aspect-[4/3] overflow-hidden rounded-lg border border-line bg-surface-2"
                >
                  <a
                    href={s}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block size-full focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-to"
                  >
                    <img
                      src={s}
                      alt={`${r.title}, attachment ${i + 1}`}
                      loading="lazy"
                      decoding="async"
                      className="size-full object-cover transition-transform duration-300 hover:scale-105"
                    />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}

      {r.adminMessage || r.reviewedAt || r.bountyId ? (
        <div className="grid gap-1.5 rounded-xl border border-line bg-ink-2/60 px-4 py-3 text-sm">
          {r.reviewedAt ? (
            <p className="text-muted">
              Reviewed <time dateTime={r.reviewedAt}>{fmt(momentFormat, r.reviewedAt)}</time>
            </p>
          ) : null}
          {r.adminMessage ? (
            <p className="whitespace-pre-line break-words text-fg-soft">
              <span className="text-muted">Message: </span>
              {r.adminMessage}
            </p>
          ) : null}
          {r.bountyId ? (
            <p className="inline-flex items-center gap-1.5 text-fg-soft">
              <Trophy className="size-3.5 text-approved" aria-hidden="true" />
              Live on the board · {r.applicants} {r.applicants === 1 ? 'applicant' : 'applicants'}
            </p>
          ) : null}
        </div>
      ) : null}

      <footer className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:justify-end">
        {r.status !== 'pending' ? (
          <Button
            variant="ghost"
            pending={busy === 'reset'}
            disabled={!!busy}
            onClick={() => review.mutate({ action: 'reset' })}
            aria-describedby={titleId}
          >
            {busy === 'reset' ? null : <RotateCcw aria-hidden="true" />}
            Reset
          </Button>
        ) : null}
        {r.status !== 'rejected' ? (
          <Button
            variant="danger"
            pending={busy === 'reject'}
            disabled={!!busy}
            onClick={() => setDialog('reject')}
            aria-describedby={titleId}
          >
            {busy === 'reject' ? null : <X aria-hidden="true" />}
            Reject
          </Button>
        ) : null}
        {r.status !== 'approved' ? (
          <Button
            pending={busy === 'approve'}
            disabled={!!busy}
            onClick={() => setDialog('approve')}
            aria-describedby={titleId}
          >
            {busy === 'approve' ? null : <Check aria-hidden="true" />}
            Approve
          </Button>
        ) : null}
      </footer>

      <DecisionDialog
        action={dialog ?? 'approve'}
        title={r.title}
        open={dialog !== null}
        onOpenChange={(o) => !o && setDialog(null)}
        onConfirm={(message) => {
          const action = dialog;
          setDialog(null);
          if (action) review.mutate({ action, ...(message ? { message } : {}) });
        }}
      />
    </article>
  );
}

function CardSkeleton() {
  return (
    <div className="grid gap-5 rounded-2xl border border-line bg-surface p-6">
      <div className="flex justify-between gap-4">
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-6 w-64 max-w-full" />
          <Skeleton className="h-4 w-48" />
        </div>
        <Skeleton className="h-6 w-20 rounded-full" />
      </div>
      <Skeleton className="h-20 rounded-xl" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-3/4" />
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        <Skeleton className="aspect-[4/3] rounded-lg" />
        <Skeleton className="aspect-[4/3] rounded-lg" />
      </div>
    </div>
  );
}

/** Spec §2 Admin bounty approvals: all requests, newest first, live; Approve / Reject / Reset. */
export function BountyApprovalsPage() {
  const queryClient = useQueryClient();
  const list = useQuery(bountyRequestsQuery);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const stream = useAdminEvents(
    'bounty-applications',
    // A change: fetch again, dropping any answer already on its way (it may predate the change).
    () => void queryClient.invalidateQueries({ queryKey: ADMIN_BOUNTY_REQUESTS_KEY }),
    // (Re)connected: catch up on anything missed, sharing a fetch already in flight.
    () =>
      void queryClient.invalidateQueries({ queryKey: ADMIN_BOUNTY_REQUESTS_KEY }, { cancelRefetch: false }),
  );

  const all = list.data?.applications ?? [];
  const counts = {
    all: all.length,
    pending: all.filter((a) => a.status === 'pending').length,
    approved: all.filter((a) => a.status === 'approved').length,
    rejected: all.filter((a) => a.status === 'rejected').length,
  };
  const shown = filter === 'all' ? all : all.filter((a) => a.status === filter);
  const unauthorized = list.error instanceof ApiError && list.error.status === 403;

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="grid gap-4" aria-busy="true">
        <span className="sr-only" role="status">
          Loading bounty requests
        </span>
        <CardSkeleton />
        <CardSkeleton />
      </div>
    );
  } else if (list.isError) {
    body = (
      <div className="grid gap-4">
        <Alert>{unauthorized ? MSG.admin.unauthorized : errorMessage(list.error)}</Alert>
        {unauthorized ? null : (
          <div>
            <Button variant="secondary" onClick={() => void list.refetch()} pending={list.isFetching}>
              Try again
            </Button>
          </div>
        )}
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        icon={<ClipboardCheck />}
        title={filter === 'all' ? 'No bounty requests yet' : `No ${filter} requests`}
        description="New requests from startups and projects appear here the moment they are sent."
        action={
          filter === 'all' ? (
            <Link to="/bounties" className={buttonVariants({ variant: 'secondary' })}>
              Open the bounty board
            </Link>
          ) : (
            <Button variant="secondary" onClick={() => setFilter('all')}>
              Show all requests
            </Button>
          )
        }
      />
    );
  } else {
    body = (
      <div className="grid gap-4">
        {shown.map((a) => (
          <RequestCard key={a.id} request={a} />
        ))}
      </div>
    );
  }

  return (
    <div className="container-content grid gap-8 pb-16 pt-8 sm:pt-12">
      <div className="grid gap-4">
        <Link
          to="/application"
          className="-ml-2 inline-flex min-h-11 w-fit items-center gap-1.5 rounded-lg px-2 text-sm text-muted hover:text-fg"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Applications
        </Link>
        <PageHeader
          eyebrow="Admin"
          title={MSG.projectApplication.bountyTitle}
          description="Every bounty request, newest first. Approving publishes it on the board; Reset returns it to pending and takes it off the board if nobody has applied."
          actions={
            <div className="flex items-center gap-2">
              <LiveIndicator status={stream} />
              <RefreshButton fetching={list.isFetching} onRefresh={() => void list.refetch()} />
            </div>
          }
        />
      </div>

      {list.data ? (
        <FilterChips
          legend="Show requests"
          options={FILTERS.map((f) => ({ ...f, count: counts[f.value] }))}
          value={filter}
          onChange={setFilter}
          chipClassName="gap-2 px-4"
        />
      ) : null}

      {body}
    </div>
  );
}
