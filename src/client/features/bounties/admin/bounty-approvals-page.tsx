import { useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { DownloadCsv } from '@/client/components/download-csv';
import { NarrowedEmptyState } from '@/client/components/narrowed-empty-state';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { LoadError, LoadMore } from '@/client/components/query-states';
import { QueueRowsLoading, QueueTools } from '@/client/components/queue-row';
import { FilterChips } from '@/client/components/ui/filter-chips';
import { adminErrorMessage, notAdmin } from '@/client/lib/admin-error';
import { cn } from '@/client/lib/cn';
import { bountyKeys, type RequestFilter, useBountyRequests } from '../api';
import { RequestCard } from './request-card';
import { type StreamStatus, useAdminEvents } from './use-admin-events';

const FILTERS: { value: RequestFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

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

/** Spec §2 Admin bounty approvals: all requests, newest first, live; Approve / Reject / Reset. */
export function BountyApprovalsPage() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<RequestFilter>('all');
  const paged = useBountyRequests(filter);
  const list = paged.first;
  const stream = useAdminEvents(
    'bounty-applications',
    // A change: fetch again, dropping any answer already on its way (it may predate the change).
    () => void queryClient.invalidateQueries({ queryKey: bountyKeys.allRequests }),
    // (Re)connected: catch up on anything missed, sharing a fetch already in flight.
    () => void queryClient.invalidateQueries({ queryKey: bountyKeys.allRequests }, { cancelRefetch: false }),
  );

  // Each chip's count from the server (the last chip's answer stays while another chip's loads).
  const counts = list.data?.counts;
  // A decision just made leaves its card under its new status until the chip is read again.
  const shown = filter === 'all' ? paged.items : paged.items.filter((a) => a.status === filter);
  const unauthorized = notAdmin(list.error);

  let body: ReactNode;
  if (list.isPending) {
    body = <QueueRowsLoading label="Loading bounty requests" />;
  } else if (list.isError) {
    body = (
      <LoadError
        message={adminErrorMessage(list.error)}
        onRetry={unauthorized ? undefined : () => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (shown.length === 0) {
    body = (
      <NarrowedEmptyState
        icon={<ClipboardCheck />}
        title={filter === 'all' ? 'No bounty requests yet' : `No ${filter} requests`}
        description="New requests from startups and projects appear here the moment they are sent."
        clear={filter === 'all' ? undefined : { label: 'Show all requests', onClear: () => setFilter('all') }}
        link={{ to: '/bounties', label: 'Open the bounty board' }}
      />
    );
  } else {
    body = (
      <div
        className={cn('grid gap-3', list.isPlaceholderData && 'opacity-60')}
        aria-busy={list.isPlaceholderData}
      >
        {shown.map((a) => (
          <RequestCard key={a.id} request={a} />
        ))}
        <LoadMore label="Load more bounty requests" pages={paged} />
      </div>
    );
  }

  return (
    <PageFrame
      head={PAGE_HEADS['/admin/bounty-approvals']}
      actions={
        <QueueTools
          list={list}
          csv={
            <DownloadCsv
              path="/admin/exports/bounty-applications"
              query={filter === 'all' ? {} : { status: filter }}
            />
          }
        >
          <LiveIndicator status={stream} />
        </QueueTools>
      }
    >
      {list.data ? (
        <FilterChips
          legend="Show requests"
          options={FILTERS.map((f) => ({ ...f, count: counts?.[f.value] }))}
          value={filter}
          onChange={setFilter}
          chipClassName="gap-2 px-4"
        />
      ) : null}

      {body}
    </PageFrame>
  );
}
