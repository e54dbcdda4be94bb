import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { Loading, QueryError } from '@/client/components/query-states';
import { RefreshButton } from '@/client/components/refresh-button';
import { Badge } from '@/client/components/ui/badge';
import { IconTile } from '@/client/components/ui/icon-tile';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatNumber, formatRelative } from '@/client/lib/format';
import { adminQueuesQuery, waitingIn } from '@/client/lib/shared-queries';
import type { AdminQueueCount } from '@/shared/schemas/admin';
import { ADMIN_SECTIONS, type AdminLink, QUEUE_LINKS } from './links';

function QueueRow({ queue: q }: { queue: AdminQueueCount }) {
  const link = QUEUE_LINKS[q.key];
  const resources = q.key === 'resources';
  const count = resources ? `${formatNumber(q.pending)} listed` : `${formatNumber(q.pending)} pending`;
  let age = resources ? 'None added yet' : 'Nothing waiting';
  if (q.oldestAt)
    age = resources ? `Last added ${formatRelative(q.oldestAt)}` : `Oldest ${formatRelative(q.oldestAt)}`;
  return (
    <li>
      <Link
        to={link.to}
        className="group flex min-h-16 items-center gap-4 rounded-2xl border border-line bg-surface px-4 py-3 transition-colors hover:border-line-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-to sm:px-5"
      >
        <IconTile icon={link.icon} />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="font-semibold text-fg">{link.label}</span>
          <span className="truncate text-sm text-muted">{link.description}</span>
        </span>
        <span className="grid shrink-0 justify-items-end gap-1 text-right">
          <Badge tone={!resources && q.pending > 0 ? 'pending' : 'neutral'} className="tabular-nums">
            {count}
          </Badge>
          <span className="text-xs text-muted" data-testid={`age-${q.key}`}>
            {age}
          </span>
        </span>
        <ChevronRight className="size-5 shrink-0 text-subtle group-hover:text-fg" aria-hidden="true" />
      </Link>
    </li>
  );
}

function LinkRow({ link }: { link: AdminLink }) {
  return (
    <li>
      <Link
        to={link.to}
        className="group flex min-h-14 items-center gap-4 rounded-2xl border border-line bg-surface px-4 py-3 transition-colors hover:border-line-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-to sm:px-5"
      >
        <link.icon className="size-5 shrink-0 text-accent-from" aria-hidden="true" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="font-semibold text-fg">{link.label}</span>
          <span className="truncate text-sm text-muted">{link.description}</span>
        </span>
        <ChevronRight className="size-5 shrink-0 text-subtle group-hover:text-fg" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** /admin (issue 20): every queue with its pending count and oldest item, one tap from each. */
export function AdminHomePage() {
  const list = useQuery(adminQueuesQuery);
  const waiting = list.data ? waitingIn(list.data.queues) : undefined;
  return (
    <PageFrame
      gap="gap-10"
      head={{
        ...PAGE_HEADS['/admin'],
        description:
          waiting === undefined
            ? PAGE_HEADS['/admin'].description
            : waiting === 0
              ? 'Nothing is waiting for you. New items appear here as they arrive.'
              : `${formatNumber(waiting)} ${waiting === 1 ? 'item waits' : 'items wait'} for a decision.`,
      }}
      actions={<RefreshButton fetching={list.isFetching} onRefresh={() => void list.refetch()} />}
    >
      <section aria-labelledby="admin-queues" className="grid gap-4">
        <h2 id="admin-queues" className="text-lg font-semibold tracking-tight text-fg">
          Queues
        </h2>
        {list.isPending ? (
          <Loading label="Loading queues" count={5}>
            <Skeleton className="h-16 rounded-2xl" />
          </Loading>
        ) : list.isError ? (
          <QueryError query={list} />
        ) : (
          <ul className="grid gap-3" aria-labelledby="admin-queues">
            {list.data.queues.map((q) => (
              <QueueRow key={q.key} queue={q} />
            ))}
          </ul>
        )}
      </section>
      {ADMIN_SECTIONS.filter((s) => s.links.length > 0).map((s) => (
        <section key={s.title} aria-labelledby={`admin-${s.title}`} className="grid gap-4">
          <h2 id={`admin-${s.title}`} className="text-lg font-semibold tracking-tight text-fg">
            {s.title}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2" aria-labelledby={`admin-${s.title}`}>
            {s.links.map((l) => (
              <LinkRow key={l.to} link={l} />
            ))}
          </ul>
        </section>
      ))}
    </PageFrame>
  );
}
