import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  Check,
  ClipboardCheck,
  ExternalLink,
  FileText,
  Globe,
  Mail,
  Send,
  Users,
  X,
} from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { Link } from 'react-router';
import { safeHref } from '../../../shared/links';
import { MSG } from '../../../shared/messages';
import type { ProjectApplicationView } from '../../../shared/schemas/projects';
import { GitHubIcon, XIcon } from '../../components/brand-icons';
import { EmptyState } from '../../components/empty-state';
import { ExpandableText } from '../../components/expandable-text';
import { PageHeader } from '../../components/page-header';
import { RefreshButton } from '../../components/refresh-button';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { type Decision, decide, PENDING_APPLICATIONS_KEY, pendingApplicationsQuery } from './api';
import { formatDateTime } from './format';
import { RejectDialog } from './reject-dialog';

const DECIDE_KEY = ['admin', 'decide-project-application'] as const;
type List = { applications: ProjectApplicationView[] };

/** A stored link, shown as a link only when it is http(s) (design principle 5). */
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

function ApplicationCard({
  application: a,
  onDecide,
}: {
  application: ProjectApplicationView;
  onDecide: (d: Decision) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const titleId = `application-${a.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="grid gap-5 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="min-w-0 break-words text-lg font-semibold tracking-tight text-fg">
              {a.name}
            </h2>
            <Badge tone="pending">Pending</Badge>
          </div>
          <p className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <Mail className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="break-all">{a.email}</span>
            </span>
            <span>
              Submitted <time dateTime={a.submittedAt}>{formatDateTime(a.submittedAt)}</time>
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge>{a.genre}</Badge>
          <Badge>{a.phase}</Badge>
        </div>
      </header>

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

      <footer className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:justify-end">
        <Button variant="danger" onClick={() => setRejecting(true)} aria-describedby={titleId}>
          <X aria-hidden="true" />
          Reject
        </Button>
        <Button onClick={() => onDecide({ action: 'approve', application: a })} aria-describedby={titleId}>
          <Check aria-hidden="true" />
          Approve
        </Button>
      </footer>

      <RejectDialog
        name={a.name}
        open={rejecting}
        onOpenChange={setRejecting}
        onConfirm={(reason) => {
          setRejecting(false);
          onDecide({ action: 'reject', application: a, ...(reason ? { reason } : {}) });
        }}
      />
    </article>
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

function CardSkeleton() {
  return (
    <div className="grid gap-5 rounded-2xl border border-line bg-surface p-6">
      <div className="grid gap-2">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
      <Skeleton className="h-36 rounded-xl" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
      <div className="flex justify-end gap-3">
        <Skeleton className="h-11 w-28 rounded-xl" />
        <Skeleton className="h-11 w-28 rounded-xl" />
      </div>
    </div>
  );
}

function insertSorted(list: ProjectApplicationView[], a: ProjectApplicationView) {
  if (list.some((x) => x.id === a.id)) return list;
  return [...list, a].sort((x, y) => x.submittedAt.localeCompare(y.submittedAt));
}

/** Spec §2 Admin screens, project approvals: pending applications with Approve and Reject. */
export function ProjectApprovalsPage() {
  const queryClient = useQueryClient();
  const list = useQuery(pendingApplicationsQuery);

  const mutation = useMutation({
    mutationKey: DECIDE_KEY,
    mutationFn: decide,
    onMutate: async ({ application }) => {
      // Optimistic: the card leaves the list at once; a refetch in flight must not bring it back.
      await queryClient.cancelQueries({ queryKey: PENDING_APPLICATIONS_KEY });
      queryClient.setQueryData<List>(PENDING_APPLICATIONS_KEY, (old) =>
        old ? { applications: old.applications.filter((x) => x.id !== application.id) } : old,
      );
    },
    onSuccess: (_res, { action, application }) => {
      toast.success(`${application.name} ${action === 'approve' ? 'approved' : 'rejected'}`);
    },
    onError: (err, { application }) => {
      if (err instanceof ApiError && err.fromServer && (err.status === 409 || err.status === 404)) {
        // Someone decided first (another tab or admin): say so; the refetch below shows the truth.
        toast.error(err.message);
        return;
      }
      toast.error(MSG.admin.error);
      queryClient.setQueryData<List>(PENDING_APPLICATIONS_KEY, (old) =>
        old ? { applications: insertSorted(old.applications, application) } : old,
      );
    },
    onSettled: () => {
      // Refetch once the last decision in flight has landed, so one answer can't undo another's removal.
      if (queryClient.isMutating({ mutationKey: DECIDE_KEY }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: PENDING_APPLICATIONS_KEY });
      }
    },
  });

  const inFlight = useMutationState({
    filters: { mutationKey: DECIDE_KEY, status: 'pending' },
    select: (m) => m.state.variables as Decision,
  });
  const busy = new Set(inFlight.map((d) => d.application.id));
  const applications = (list.data?.applications ?? []).filter((a) => !busy.has(a.id));
  const count = list.data ? applications.length : undefined;

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
          title={MSG.projectApplication.approveTitle}
          description="Pending applications, oldest first. Approving lets the startup create projects; rejecting starts a 24-hour wait before it can apply again."
          actions={
            <div className="flex items-center gap-2">
              {count !== undefined ? (
                <Badge tone={count > 0 ? 'pending' : 'neutral'} className="tabular-nums" aria-live="polite">
                  {count} pending
                </Badge>
              ) : null}
              <RefreshButton fetching={list.isFetching} onRefresh={() => void list.refetch()} />
            </div>
          }
        />
      </div>

      {inFlight.length > 0 ? (
        <ul className="grid gap-3" aria-label="Decisions being saved">
          {inFlight.map((d) => (
            <ProcessingRow key={d.application.id} decision={d} />
          ))}
        </ul>
      ) : null}

      {list.isPending ? (
        <div className="grid gap-4" aria-busy="true">
          <span className="sr-only" role="status">
            Loading applications
          </span>
          <CardSkeleton />
          <CardSkeleton />
        </div>
      ) : list.isError ? (
        <div className="grid gap-4">
          <Alert>{errorMessage(list.error)}</Alert>
          <div>
            <Button variant="secondary" onClick={() => void list.refetch()} pending={list.isFetching}>
              Try again
            </Button>
          </div>
        </div>
      ) : applications.length === 0 ? (
        inFlight.length === 0 ? (
          <EmptyState
            icon={<ClipboardCheck />}
            title="No pending applications"
            description="You're all caught up. New project applications from startups will appear here."
            action={
              <Link to="/application" className={buttonVariants({ variant: 'secondary' })}>
                Back to applications
              </Link>
            }
          />
        ) : null
      ) : (
        <div className="grid gap-4">
          {applications.map((a) => (
            <ApplicationCard key={a.id} application={a} onDecide={(d) => mutation.mutate(d)} />
          ))}
        </div>
      )}
    </div>
  );
}
