/**
 * /inbox (issue 19): the user's notifications, newest first, in keyset pages ("Load
 * more"); each can be marked read, or all at once. The bell in the top bar shows the
 * unread count and keeps this list live.
 */
import { BellOff, Check, CheckCheck } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/client/components/empty-state';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { QueryList } from '@/client/components/query-states';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { When } from '@/client/components/when';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { moreOf } from '@/client/lib/paged';
import { useSession } from '@/client/lib/session';
import { toast } from '@/client/lib/toast';
import { NOTIFICATION_CATEGORY_LABELS } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import type { Notification } from '@/shared/schemas/notifications';
import { useMarkRead, useNotifications } from './api';

const M = MSG.inbox;

function Row({ n }: { n: Notification }) {
  const mark = useMarkRead({ onError: (err) => toast.error(errorMessage(err)) });
  const unread = n.readAt === null;
  return (
    <li
      data-testid="notification"
      data-unread={unread ? 'true' : 'false'}
      className={cn(
        'grid gap-3 rounded-2xl border p-4 sm:flex sm:items-start sm:justify-between',
        unread ? 'border-accent/40 bg-surface-2' : 'border-line bg-surface',
      )}
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
          {unread ? <Badge tone="pending">{M.unread}</Badge> : null}
          <span>{NOTIFICATION_CATEGORY_LABELS[n.category]}</span>
          <span aria-hidden="true">·</span>
          <When at={n.createdAt} as="dateTime" />
        </p>
        <p className="break-words font-medium text-fg">{n.title}</p>
        {n.body ? <p className="break-words text-sm text-fg-soft">{n.body}</p> : null}
        {n.link ? (
          <Link to={n.link} className="w-fit text-sm text-accent underline-offset-4 hover:underline">
            {M.open}
          </Link>
        ) : null}
      </div>
      {unread ? (
        <Button variant="secondary" size="sm" pending={mark.isPending} onClick={() => mark.mutate(n.id)}>
          {mark.isPending ? null : <Check aria-hidden="true" />}
          {M.markRead}
        </Button>
      ) : null}
    </li>
  );
}

export function InboxPage() {
  const q = useNotifications();
  const { user } = useSession();
  const markAll = useMarkRead({
    onSuccess: () => toast.success(M.allRead),
    onError: (err) => toast.error(errorMessage(err)),
  });
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = user?.unreadNotifications ?? 0;
  return (
    <PageFrame
      head={PAGE_HEADS['/inbox']}
      actions={
        unread > 0 ? (
          <Button variant="secondary" pending={markAll.isPending} onClick={() => markAll.mutate(null)}>
            {markAll.isPending ? null : <CheckCheck aria-hidden="true" />}
            {M.markAllRead}
          </Button>
        ) : null
      }
    >
      <QueryList
        query={q}
        items={items}
        loading={{
          label: 'Loading notifications',
          count: 3,
          row: <Skeleton className="h-24 w-full rounded-2xl" />,
        }}
        empty={<EmptyState icon={<BellOff />} title={M.empty} />}
        label={M.title}
        more={{ label: 'Load more notifications', pages: moreOf(q) }}
      >
        {(n) => <Row key={n.id} n={n} />}
      </QueryList>
    </PageFrame>
  );
}
