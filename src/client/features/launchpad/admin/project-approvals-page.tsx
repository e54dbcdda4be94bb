import { ClipboardCheck, Mail } from 'lucide-react';
import { useState } from 'react';
import { DownloadCsv } from '@/client/components/download-csv';
import { EmptyState } from '@/client/components/empty-state';
import { PageFrame } from '@/client/components/page-frame';
import { ADMIN_HOME, PAGE_HEADS } from '@/client/components/page-heads';
import { LoadMore, QueryError } from '@/client/components/query-states';
import {
  DecisionButtons,
  QueueRow,
  QueueRowsLoading,
  QueueTools,
  type Decision as RowDecision,
  RowSubmitted,
} from '@/client/components/queue-row';
import { Badge } from '@/client/components/ui/badge';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/lib/toast';
import { MSG } from '@/shared/messages';
import type { ProjectApplicationView } from '@/shared/schemas/projects';
import {
  type Decision,
  decidedElsewhere,
  useDecideApplication,
  useDecisionsInFlight,
  usePendingApplications,
} from '../api';
import { ApplicationDetails } from '../application-details';
import { ApproveDialog, RejectDialog } from './reject-dialog';

/** An application's two decisions; each opens its dialog (a message, or the reason). */
const PROJECT_DECISIONS: readonly RowDecision<'reject' | 'approve'>[] = [
  { action: 'reject', look: 'refuse', label: 'Reject' },
  { action: 'approve', look: 'approve', label: 'Approve' },
];

function ApplicationCard({
  application: a,
  onDecide,
}: {
  application: ProjectApplicationView;
  onDecide: (d: Decision) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  const titleId = `application-${a.id}-title`;
  /** A dialog's yes: it closes, and the decision goes with its optional text (the reason, or the message). */
  const confirm = (action: Decision['action'], setOpen: (open: boolean) => void) => (text: string) => {
    setOpen(false);
    onDecide({ action, application: a, ...(text ? { reason: text } : {}) });
  };
  return (
    <>
      <QueueRow
        id={`application-${a.id}`}
        title={a.name}
        meta={
          <>
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <Mail className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="break-all">{a.email}</span>
            </span>
            <RowSubmitted at={a.submittedAt} />
          </>
        }
        aside={
          <>
            <Badge tone="pending">Pending</Badge>
            <Badge>{a.genre}</Badge>
            <Badge>{a.phase}</Badge>
          </>
        }
        actions={
          <DecisionButtons
            decisions={PROJECT_DECISIONS}
            onPick={(action) => (action === 'reject' ? setRejecting(true) : setApproving(true))}
            describedBy={titleId}
          />
        }
      >
        <ApplicationDetails a={a} />
      </QueueRow>
      <ApproveDialog
        name={a.name}
        open={approving}
        onOpenChange={setApproving}
        onConfirm={confirm('approve', setApproving)}
      />
      <RejectDialog
        name={a.name}
        open={rejecting}
        onOpenChange={setRejecting}
        onConfirm={confirm('reject', setRejecting)}
      />
    </>
  );
}

/** A decision on its way to the server: the card has left the list; this row shows it is being saved. */
function ProcessingRow({ decision }: { decision: Decision }) {
  return (
    <li
      className="flex min-h-14 items-center gap-3 rounded-2xl border border-dashed border-line-strong bg-surface/60 px-5 py-3 text-sm text-fg-soft"
      aria-busy="true"
    >
      <Spinner className="size-4 text-accent-from" />
      <span className="min-w-0 flex-1 truncate">
        {decision.action === 'approve' ? 'Approving' : 'Rejecting'}{' '}
        <span className="font-medium text-fg">{decision.application.name}</span>…
      </span>
    </li>
  );
}

/** Spec §2 Admin screens, project approvals: pending applications with Approve and Reject. */
export function ProjectApprovalsPage() {
  const paged = usePendingApplications();
  const list = paged.first;
  const mutation = useDecideApplication({
    onSuccess: (_res, { action, application }) => {
      toast.success(`${application.name} ${action === 'approve' ? 'approved' : 'rejected'}`);
    },
    // Someone decided first (another tab or admin): say so; the refetch shows the truth.
    onError: (err) => toast.error(decidedElsewhere(err) ? err.message : MSG.admin.error),
  });
  const inFlight = useDecisionsInFlight();
  const busy = new Set(inFlight.map((d) => d.application.id));
  const applications = paged.items.filter((a) => !busy.has(a.id));
  // The server's count of the whole queue, less the decisions on their way.
  const count = list.data ? String(Math.max(0, list.data.pending - busy.size)) : undefined;

  return (
    <PageFrame
      head={PAGE_HEADS['/admin/project-approvals']}
      actions={
        <QueueTools list={list} csv={<DownloadCsv path="/admin/exports/project-applications" />}>
          {count !== undefined ? (
            <Badge tone={count !== '0' ? 'pending' : 'neutral'} className="tabular-nums" aria-live="polite">
              {count} pending
            </Badge>
          ) : null}
        </QueueTools>
      }
    >
      {inFlight.length > 0 ? (
        <ul className="grid gap-3" aria-label="Decisions being saved">
          {inFlight.map((d) => (
            <ProcessingRow key={d.application.id} decision={d} />
          ))}
        </ul>
      ) : null}

      {list.isPending ? (
        <QueueRowsLoading label="Loading applications" />
      ) : list.isError ? (
        <QueryError query={list} />
      ) : applications.length === 0 && !paged.hasMore ? (
        inFlight.length === 0 ? (
          <EmptyState
            icon={<ClipboardCheck />}
            title="No pending applications"
            description="You're all caught up. New project applications from startups will appear here."
            link={{ ...ADMIN_HOME, label: 'Back to Admin home' }}
          />
        ) : null
      ) : (
        <div className="grid gap-3">
          {applications.map((a) => (
            <ApplicationCard key={a.id} application={a} onDecide={(d) => mutation.mutate(d)} />
          ))}
          <LoadMore label="Load more applications" pages={paged} />
        </div>
      )}
    </PageFrame>
  );
}
