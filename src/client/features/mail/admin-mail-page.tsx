/**
 * /admin/mail: mail that failed after every retry, each with a one-click "Send again",
 * and how much mail is waiting (its query and mutation: ./api.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { MailCheck, MailWarning, Send } from 'lucide-react';
import { EmptyState } from '@/client/components/empty-state';
import { Loading } from '@/client/components/loading';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { RefreshButton } from '@/client/components/refresh-button';
import { Alert } from '@/client/components/ui/alert';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { errorMessage } from '@/client/lib/api';
import { formatDateTime } from '@/client/lib/format';
import { toast } from '@/client/lib/toast';
import { MSG } from '@/shared/messages';
import type { FailedMail } from '@/shared/schemas/mail';
import { mailQueueQuery, useRetryMail } from './api';

function age(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

function FailedRow({ mail }: { mail: FailedMail }) {
  const retry = useRetryMail(mail.id, {
    onSuccess: () => toast.success(MSG.mail.retried),
    onError: (err) => toast.error(errorMessage(err, MSG.mail.retryFailed)),
  });
  return (
    <li className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex sm:items-start sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="truncate font-medium text-fg">{mail.subject}</p>
        <p className="break-all text-sm text-fg-soft">{mail.to}</p>
        {mail.lastError ? <p className="break-words text-sm text-declined">{mail.lastError}</p> : null}
        <p className="text-xs text-muted">
          {mail.attempts} attempts · failed {formatDateTime(mail.failedAt)} · queued{' '}
          {formatDateTime(mail.queuedAt)}
        </p>
      </div>
      <Button variant="secondary" size="sm" pending={retry.isPending} onClick={() => retry.mutate()}>
        <Send aria-hidden="true" />
        {MSG.mail.retry}
      </Button>
    </li>
  );
}

export function AdminMailPage() {
  const q = useQuery(mailQueueQuery);
  return (
    <PageFrame
      head={PAGE_HEADS['/admin/mail']}
      actions={<RefreshButton fetching={q.isFetching} onRefresh={() => void q.refetch()} />}
    >
      {q.isPending ? (
        <Loading label="Loading the mail queue" className="grid gap-3">
          <Skeleton className="h-6 w-64" />
          <Skeleton className="h-24 w-full" />
        </Loading>
      ) : q.isError ? (
        <Alert>{errorMessage(q.error)}</Alert>
      ) : (
        <>
          <dl className="flex flex-wrap gap-3 text-sm">
            <div className="flex items-center gap-2">
              <dt className="text-muted">{MSG.mail.unsent}</dt>
              <dd>
                <Badge tone={q.data.unsent > 0 ? 'pending' : 'neutral'} className="tabular-nums">
                  {q.data.unsent}
                </Badge>
              </dd>
            </div>
            <div className="flex items-center gap-2">
              <dt className="text-muted">{MSG.mail.oldest}</dt>
              <dd className="tabular-nums text-fg-soft">{age(q.data.oldestUnsentSeconds)}</dd>
            </div>
          </dl>
          {q.data.failedMail.length === 0 ? (
            <EmptyState icon={<MailCheck />} title={MSG.mail.empty} />
          ) : (
            <section aria-label={MSG.mail.title} className="grid gap-3">
              <p className="flex items-center gap-2 text-sm text-declined">
                <MailWarning className="size-4" aria-hidden="true" />
                {q.data.failed} failed
              </p>
              <ul className="grid gap-3">
                {q.data.failedMail.map((m) => (
                  <FailedRow key={m.id} mail={m} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </PageFrame>
  );
}
