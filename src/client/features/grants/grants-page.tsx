import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Eye, HandCoins, PencilLine, ShieldCheck, UserRound } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CardList } from '@/client/components/card-list';
import { EmptyState } from '@/client/components/empty-state';
import { GatedButton } from '@/client/components/gated-button';
import { lazyDialog } from '@/client/components/lazy-dialog';
import { ListCard } from '@/client/components/list-card';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { ProfileName } from '@/client/components/profile-name';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Skeleton, SkeletonBars } from '@/client/components/ui/skeleton';
import { TooltipProvider } from '@/client/components/ui/tooltip';
import { When } from '@/client/components/when';
import { cn } from '@/client/lib/cn';
import { useSession } from '@/client/lib/session';
import { MSG } from '@/shared/messages';
import { GRANT_ONLY_STARTUPS, GRANT_WHO } from '@/shared/rules/journey';
import type { Grant } from '@/shared/schemas/grants';
import { type GrantScope, grantsQuery, useGrants } from './api';
import { GrantStatusBadge } from './status';

const GrantFormDialog = lazyDialog(
  () => import('./grant-form-dialog').then((m) => m.GrantFormDialog),
  (p) => p.open,
);
const GrantDetailsDialog = lazyDialog(
  () => import('./grant-details-dialog').then((m) => m.GrantDetailsDialog),
  (p) => p.grant !== null,
);

/** Spec §2 grant card: project title (or 'Unknown Project'), submitted date, amount, status and proposal. */
function GrantCard({
  grant: g,
  showApplicant,
  onView,
  onEdit,
}: {
  grant: Grant;
  showApplicant: boolean;
  onView: (g: Grant) => void;
  onEdit: (g: Grant) => void;
}) {
  const titleId = `grant-${g.id}`;
  return (
    <ListCard titleId={titleId} className="gap-4 p-5 sm:p-6">
      <header className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 id={titleId} className="break-words text-lg font-semibold leading-snug tracking-tight text-fg">
            {g.projectTitle ?? MSG.grant.unknownProject}
          </h2>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-3.5" aria-hidden="true" />
              Submitted <When at={g.submittedAt} as="date" />
            </span>
            {showApplicant && g.applicantName && !g.mine ? (
              <span className="inline-flex min-w-0 items-center gap-1.5">
                <UserRound className="size-3.5 shrink-0" aria-hidden="true" />
                <ProfileName name={g.applicantName} linked={g.applicantProfile} className="truncate" />
              </span>
            ) : null}
            {g.mine && showApplicant ? <span className="text-accent-from">Yours</span> : null}
          </p>
        </div>
        <GrantStatusBadge status={g.status} className="shrink-0" />
      </header>
      <p className="text-2xl font-semibold tracking-tight tabular-nums text-fg">
        <span className="sr-only">Amount requested: </span>
        {g.amountRequested}
      </p>
      <p className="line-clamp-4 whitespace-pre-line break-words text-sm leading-6 text-muted">
        {g.proposal}
      </p>
      {g.mine ? (
        <footer className="mt-auto flex flex-wrap gap-2 border-t border-line pt-4">
          <Button variant="secondary" onClick={() => onView(g)} aria-describedby={titleId}>
            <Eye aria-hidden="true" />
            {MSG.grant.viewDetails}
          </Button>
          {g.status === 'pending' ? (
            <Button variant="ghost" onClick={() => onEdit(g)} aria-describedby={titleId}>
              <PencilLine aria-hidden="true" />
              {MSG.grant.edit}
            </Button>
          ) : null}
        </footer>
      ) : null}
    </ListCard>
  );
}

function GrantCardSkeleton() {
  return (
    <div className="grid gap-4 rounded-2xl border border-line bg-surface p-6">
      <div className="flex justify-between gap-4">
        <SkeletonBars className="grid flex-1 gap-2" bars={['h-6 w-full max-w-48', 'h-4 w-36']} />
        <Skeleton className="h-6 w-20 rounded-full" />
      </div>
      <Skeleton className="h-8 w-32" />
      <SkeletonBars className="grid gap-2" bars={['h-4 w-full', 'h-4 w-full', 'h-4 w-2/3']} />
    </div>
  );
}

function GrantList({
  scope,
  onApply,
  onView,
  onEdit,
}: {
  scope: GrantScope;
  onApply: () => void;
  onView: (g: Grant) => void;
  onEdit: (g: Grant) => void;
}) {
  const paged = useGrants(scope);
  const mine = scope === 'mine';
  const startup = useSession().user?.role === 'startup';
  return (
    <CardList
      noun="grants"
      query={paged.first}
      pages={paged}
      skeleton={<GrantCardSkeleton />}
      count={4}
      label={mine ? MSG.grant.mine : MSG.grant.explore}
      grid="grid gap-4 lg:grid-cols-2"
      empty={
        <EmptyState
          icon={<HandCoins />}
          title={mine ? MSG.grant.noneMine : MSG.grant.none}
          description={
            mine
              ? startup
                ? 'Ask for funding for one of your projects: an amount, and a proposal saying what it will make possible.'
                : GRANT_WHO
              : 'Approved grants appear here once the admin has reviewed them.'
          }
          // Only a startup is offered Apply here; anyone else gets what they can do: read how grants work.
          action={
            startup ? (
              <ApplyForGrant onApply={onApply} />
            ) : (
              <Link to="/docs#grants" className={buttonVariants({ variant: 'secondary' })}>
                How grants work
              </Link>
            )
          }
        />
      }
    >
      {(g) => <GrantCard grant={g} showApplicant={!mine} onView={onView} onEdit={onEdit} />}
    </CardList>
  );
}

const tabClass = cn(
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-lg px-4 text-sm font-medium text-muted transition-colors sm:flex-none',
  'hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-to',
  'data-[state=active]:bg-surface-3 data-[state=active]:text-fg data-[state=active]:shadow-sm',
);

/**
 * 'Apply for Grant': startups apply (the dialog gives a pending one, or one without a project,
 * its next step); other members see why they cannot; the admin, who decides, has no button.
 */
function ApplyForGrant({ onApply }: { onApply: () => void }) {
  const { user } = useSession();
  if (!user || user.isAdmin) return null;
  return (
    <GatedButton
      allowed={user.role === 'startup'}
      reason={GRANT_ONLY_STARTUPS}
      label={MSG.grant.apply}
      onClick={onApply}
    />
  );
}

/** Spec §2 Grants page: 'Explore Grants' and 'My Applications', applying, details and editing. */
export function GrantsPage() {
  const { user } = useSession();
  const [tab, setTab] = useState<GrantScope>('explore');
  const [applying, setApplying] = useState(false);
  const [editing, setEditing] = useState<Grant | null>(null);
  const [viewing, setViewing] = useState<Grant | null>(null);
  // Which of my projects already wait for a decision (one pending grant per project).
  const mine = useQuery({ ...grantsQuery('mine'), enabled: applying });
  const pendingProjectIds = useMemo(
    () =>
      new Set(
        (mine.data?.grants ?? [])
          .filter((g) => g.status === 'pending' && g.projectId)
          .map((g) => g.projectId!),
      ),
    [mine.data],
  );

  return (
    <TooltipProvider>
      <PageFrame
        head={PAGE_HEADS['/grants']}
        actions={
          <>
            {user?.isAdmin ? (
              <Link to="/admin/grants" className={buttonVariants({ variant: 'secondary' })}>
                <ShieldCheck aria-hidden="true" />
                Review grants
              </Link>
            ) : null}
            <ApplyForGrant onApply={() => setApplying(true)} />
          </>
        }
      >
        <Tabs.Root value={tab} onValueChange={(v) => setTab(v as GrantScope)} className="grid gap-6">
          <Tabs.List
            aria-label="Grants"
            className="flex w-full gap-1 rounded-xl border border-line bg-surface p-1 sm:w-fit"
          >
            <Tabs.Trigger value="explore" className={tabClass}>
              {MSG.grant.explore}
            </Tabs.Trigger>
            <Tabs.Trigger value="mine" className={tabClass}>
              {MSG.grant.mine}
            </Tabs.Trigger>
          </Tabs.List>
          {(['explore', 'mine'] as const).map((scope) => (
            <Tabs.Content key={scope} value={scope} className="focus-visible:outline-none">
              <GrantList
                scope={scope}
                onApply={() => setApplying(true)}
                onView={setViewing}
                onEdit={setEditing}
              />
            </Tabs.Content>
          ))}
        </Tabs.Root>

        <GrantFormDialog
          key="apply"
          open={applying}
          onOpenChange={setApplying}
          pendingProjectIds={pendingProjectIds}
          onApplied={() => setTab('mine')}
        />
        <GrantFormDialog
          key={`edit-${editing?.id ?? ''}`}
          open={!!editing}
          onOpenChange={(o) => !o && setEditing(null)}
          editing={editing}
        />
        <GrantDetailsDialog
          grant={viewing}
          onOpenChange={(o) => !o && setViewing(null)}
          onEdit={(g) => {
            setViewing(null);
            setEditing(g);
          }}
        />
      </PageFrame>
    </TooltipProvider>
  );
}
