import { ClipboardCheck, ExternalLink, FileText, Globe, Mail, Send, Users } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { GitHubIcon, XIcon } from '@/client/components/brand-icons';
import { DownloadCsv } from '@/client/components/download-csv';
import { EmptyState } from '@/client/components/empty-state';
import { ExpandableText } from '@/client/components/expandable-text';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
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
import { safeHref } from '@/shared/links';
import { MSG } from '@/shared/messages';
import type { ProjectApplicationView } from '@/shared/schemas/projects';
import {
  type Decision,
  decidedElsewhere,
  useDecideApplication,
  useDecisionsInFlight,
  usePendingApplications,
} from '../api';
import { ApproveDialog, RejectDialog } from './reject-dialog';

/** A stored link, shown as a link only when it is http(s) (principle 5, docs/architecture.md). */
function LinkRow({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: string | null;
  icon: ComponentType<{ className?: string }>;
}) {
  if (!value) return null;
  const href = safeHref(value);
  let shown = value;
  if (href) {
    const u = new URL(href);
    shown = `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  }
  return (
    <div className="grid min-w-0 gap-1 py-2.5 sm:flex sm:items-start sm:gap-3 sm:py-2">
      <dt className="flex shrink-0 items-start gap-2.5 text-sm text-muted sm:w-36">
        <Icon className="mt-0.5 size-4 shrink-0 text-subtle" aria-hidden="true" />
        {label}
      </dt>
      <dd className="min-w-0 flex-1 pl-6.5 text-sm sm:pl-0">
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex max-w-full items-start gap-1 rounded text-accent-to underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-to"
          >
            <span className="break-all">{shown}</span>
            <ExternalLink className="mt-1 size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          <span className="break-all text-fg-soft">{value}</span>
        )}
      </dd>
    </div>
  );
}

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
        <dl className="grid divide-y divide-line/60 rounded-xl border border-line bg-ink-2/60 px-4 py-1 md:grid-cols-2 md:gap-x-6 md:divide-y-0">
          <LinkRow label="Website" value={a.website} icon={Globe} />
          <LinkRow label="Whitepaper" value={a.whitepaper} icon={FileText} />
          <LinkRow label="GitHub" value={a.github} icon={GitHubIcon} />
          <LinkRow label="X account" value={a.xAccount} icon={XIcon} />
          <LinkRow label="Team member 1" value={a.teamMembers[0] ?? null} icon={Users} />
          <LinkRow label="Team member 2" value={a.teamMembers[1] ?? null} icon={Users} />
          <LinkRow label="Telegram" value={a.telegram} icon={Send} />
        </dl>
        <ExpandableText heading="Goals" text={a.goals} lines={4} maxChars={280} />
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
            link={{ to: '/application', label: 'Back to applications' }}
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
