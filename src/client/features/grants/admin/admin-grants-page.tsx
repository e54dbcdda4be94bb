import { CalendarDays, Check, ClipboardCheck, X } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { DownloadCsv } from '@/client/components/download-csv';
import { EmptyState } from '@/client/components/empty-state';
import { ExpandableText } from '@/client/components/expandable-text';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { LoadMore } from '@/client/components/query-states';
import {
  type Decision,
  DecisionButtons,
  DecisionNote,
  QueueRow,
  QueueRowsLoading,
  QueueTools,
  RowPerson,
} from '@/client/components/queue-row';
import { ReasonDialog } from '@/client/components/reason-dialog';
import { Alert } from '@/client/components/ui/alert';
import { FilterChips } from '@/client/components/ui/filter-chips';
import { When } from '@/client/components/when';
import { adminErrorMessage } from '@/client/lib/admin-error';
import { ApiError } from '@/client/lib/api';
import { formatDate, formatMoment } from '@/client/lib/format';
import { toast } from '@/client/lib/toast';
import { DECISION_NOTE_MAX } from '@/shared/limits';
import { GRANT_STATUSES, type GrantStatus } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import type { Grant } from '@/shared/schemas/grants';
import { useAdminGrants, useDecideGrant } from '../api';
import { GrantStatusBadge } from '../status';

const MESSAGE_MAX = DECISION_NOTE_MAX;
/**
 * Filter names that cannot be read as the card's actions 'Approve' and 'Decline' (issue 20):
 * nouns for lists, shown under a visible "Show" label, away from the actions.
 */
const LABEL: Record<GrantStatus, string> = {
  pending: 'To review',
  approved: 'Approved grants',
  declined: 'Declined grants',
};
const STATUS_CHIPS = GRANT_STATUSES.map((s) => ({ value: s, label: LABEL[s] }));

function decisionError(err: unknown): string {
  if (err instanceof ApiError && err.fromServer && err.status === 409) return err.message;
  return adminErrorMessage(err, MSG.admin.error, MSG.admin.statusErrorPrefix);
}

function DecideDialog({
  grant,
  action,
  onOpenChange,
  onConfirm,
}: {
  grant: Grant;
  action: 'approve' | 'decline' | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (message: string) => void;
}) {
  const approve = action === 'approve';
  const name = grant.projectTitle ?? MSG.grant.unknownProject;
  return (
    <ReasonDialog
      open={action !== null}
      onOpenChange={onOpenChange}
      onConfirm={onConfirm}
      title={`${approve ? 'Approve' : 'Decline'} the grant for “${name}”?`}
      description={`${grant.amountRequested}. The applicant gets an e-mail; the decision is final.`}
      label="Message to the applicant"
      maxLength={MESSAGE_MAX}
      confirmLabel={approve ? 'Approve grant' : 'Decline grant'}
      confirmIcon={approve ? <Check aria-hidden="true" /> : <X aria-hidden="true" />}
      tone={approve ? 'primary' : 'danger'}
    />
  );
}

/** A pending proposal's two decisions, the no before the yes. */
const GRANT_DECISIONS: readonly Decision<'approve' | 'decline'>[] = [
  { action: 'decline', look: 'refuse', label: 'Decline' },
  { action: 'approve', look: 'approve', label: 'Approve' },
];

function ReviewCard({ grant: g }: { grant: Grant }) {
  const [action, setAction] = useState<'approve' | 'decline' | null>(null);
  const titleId = `review-grant-${g.id}-title`;

  const decide = useDecideGrant(g, {
    onSuccess: (_res, { action }) =>
      toast.success(action === 'approve' ? 'Grant approved.' : 'Grant declined.'),
    onError: (err) => toast.error(decisionError(err)),
  });
  const busy = decide.isPending ? decide.variables?.action : null;

  return (
    <>
      <QueueRow
        id={`review-grant-${g.id}`}
        busy={!!busy}
        title={g.projectTitle ?? MSG.grant.unknownProject}
        meta={
          <>
            <RowPerson name={g.applicantName ?? 'Unknown applicant'} />
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-3.5" aria-hidden="true" />
              Submitted <When at={g.submittedAt} as="moment" />
            </span>
            {g.updatedAt !== g.submittedAt && g.status === 'pending' ? (
              <span>Edited {formatDate(g.updatedAt)}</span>
            ) : null}
          </>
        }
        aside={
          <>
            <GrantStatusBadge status={g.status} />
            <span className="text-base font-semibold tabular-nums text-fg">{g.amountRequested}</span>
          </>
        }
        actions={
          g.status === 'pending' ? (
            <DecisionButtons
              decisions={GRANT_DECISIONS}
              busy={busy}
              onPick={setAction}
              describedBy={titleId}
            />
          ) : null
        }
      >
        <ExpandableText heading="Proposal" text={g.proposal} lines={6} maxChars={420} />
        <DecisionNote verb="Decided" at={g.decidedAt} format={formatMoment} message={g.adminMessage} />
      </QueueRow>
      <DecideDialog
        grant={g}
        action={action}
        onOpenChange={(o) => !o && setAction(null)}
        onConfirm={(message) => {
          const a = action;
          setAction(null);
          if (a) decide.mutate({ action: a, ...(message ? { message } : {}) });
        }}
      />
    </>
  );
}

/** The admin's grants review (issue 6): pending first, approve or decline with an optional message. */
export function AdminGrantsPage() {
  const [status, setStatus] = useState<GrantStatus>('pending');
  const paged = useAdminGrants(status);
  const list = paged.first;
  // Each chip's count, kept while another chip's first page loads (no flicker to nothing).
  const lastCounts = useRef(list.data?.counts);
  if (list.data) lastCounts.current = list.data.counts;
  const counts = list.data?.counts ?? lastCounts.current;

  let body: ReactNode;
  if (list.isPending) {
    body = <QueueRowsLoading label="Loading grants" />;
  } else if (list.isError) {
    body = <Alert>{adminErrorMessage(list.error)}</Alert>;
  } else if (list.data.grants.length === 0) {
    body = (
      <EmptyState
        icon={<ClipboardCheck />}
        title={status === 'pending' ? 'No grants waiting for review' : `No ${status} grants`}
        description={
          status === 'pending'
            ? "You're all caught up. New applications appear here, oldest first."
            : 'Decided grants are listed here for reference.'
        }
        link={{ to: '/grants', label: 'Open the grants page' }}
      />
    );
  } else {
    body = (
      <div className="grid gap-4">
        {paged.items.map((g) => (
          <ReviewCard key={g.id} grant={g} />
        ))}
        <LoadMore label="Load more grants" pages={paged} />
      </div>
    );
  }

  return (
    <PageFrame
      head={PAGE_HEADS['/admin/grants']}
      actions={
        <QueueTools list={list} csv={<DownloadCsv path="/admin/exports/grants" query={{ status }} />} />
      }
    >
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm font-medium text-muted" aria-hidden="true">
          Show
        </span>
        <FilterChips
          legend="Show grants"
          options={STATUS_CHIPS.map((c) => ({ ...c, count: counts?.[c.value] }))}
          value={status}
          onChange={setStatus}
          chipClassName="gap-2 px-4"
        />
      </div>
      {body}
    </PageFrame>
  );
}
