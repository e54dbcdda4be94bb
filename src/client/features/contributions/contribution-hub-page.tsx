import { ChevronDown, CloudOff, History, Inbox, Plus, RefreshCw, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/client/components/empty-state';
import { Loading } from '@/client/components/loading';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { StaleNotice } from '@/client/components/stale-notice';
import { Alert } from '@/client/components/ui/alert';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Skeleton, SkeletonBars } from '@/client/components/ui/skeleton';
import { Spinner } from '@/client/components/ui/spinner';
import { cn } from '@/client/lib/cn';
import { useSession } from '@/client/lib/session';
import { successRate } from '@/shared/format';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import type { Contribution } from '@/shared/schemas/contributions';
import { type Summary, useContributionSummary, usePastContributions } from './api';
import { ContributeForm } from './contribute-form';
import { ContributionCard, PastContributionRow } from './contribution-card';
import { Stats, TodayMeter } from './hub-stats';

function ContributePanel({
  summary,
  open,
  onOpenChange,
  onSubmitted,
  onRefused,
}: {
  summary: Summary | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmitted: (c: Contribution) => void;
  onRefused: () => void;
}) {
  const panel = useId();
  const atLimit = !!summary && summary.today >= summary.limit;
  return (
    <section
      aria-labelledby={`${panel}-title`}
      className="grid gap-5 rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="grid gap-1">
          <h2 id={`${panel}-title`} className="text-lg font-semibold tracking-tight text-fg">
            Share Sysfi, earn XP
          </h2>
          {summary ? (
            <TodayMeter today={summary.today} limit={summary.limit} />
          ) : (
            <Skeleton className="h-10 w-36" />
          )}
        </div>
        <Button
          variant={open ? 'secondary' : 'primary'}
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => onOpenChange(!open)}
        >
          {open ? <ChevronDown className="rotate-180" aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {MSG.contribution.contribute}
        </Button>
      </div>
      <div id={panel} hidden={!open}>
        {open ? (
          <div className="border-t border-line pt-5">
            <ContributeForm atLimit={atLimit} onSubmitted={onSubmitted} onRefused={onRefused} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

function CardSkeleton() {
  return (
    <div className="grid gap-4 rounded-2xl border border-line bg-surface p-5" aria-hidden="true">
      <div className="flex items-start justify-between gap-3">
        <SkeletonBars className="grid flex-1 gap-2" bars={['h-5 w-full max-w-56', 'h-3 w-24']} />
        <Skeleton className="h-6 w-20 rounded-full" />
      </div>
      <Skeleton className="h-52 rounded-xl" />
      <Skeleton className="h-4 w-40" />
    </div>
  );
}

function PastContributions() {
  const [open, setOpen] = useState(false);
  const past = usePastContributions(open);
  const items = past.data?.items;
  const titleId = useId();

  if (!open) {
    return (
      <div className="flex justify-center">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <History aria-hidden="true" />
          {MSG.contribution.seePast}
        </Button>
      </div>
    );
  }

  return (
    <section aria-labelledby={titleId} className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex items-end justify-between gap-3">
        <div>
          <h2 id={titleId} className="text-lg font-semibold tracking-tight text-fg">
            Past contributions
          </h2>
          <p className="text-sm text-muted">Everything reviewed, newest first.</p>
        </div>
        {past.isRefreshing ? <Spinner className="size-4 text-muted" label="Updating" /> : null}
      </div>
      {!items ? (
        past.error ? (
          <div className="grid justify-items-start gap-3">
            <Alert>{MSG.contribution.loadFailed}</Alert>
            <Button variant="secondary" onClick={() => void past.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <Loading
            label="Loading past contributions"
            count={3}
            className="divide-y divide-line/60 rounded-2xl border border-line bg-surface"
          >
            <div className="flex items-start justify-between gap-3 px-5 py-4" aria-hidden="true">
              <SkeletonBars className="grid flex-1 gap-2" bars={['h-4 w-full max-w-48', 'h-3 w-24']} />
              <Skeleton className="h-6 w-20 rounded-full" />
            </div>
          </Loading>
        )
      ) : items.length === 0 ? (
        <p
          className="rounded-2xl border border-dashed border-line-strong bg-surface/60 px-5 py-8 text-center text-sm text-muted"
          data-testid="past-empty"
        >
          {MSG.contribution.none}
        </p>
      ) : (
        <ul className="divide-y divide-line/60 rounded-2xl border border-line bg-surface">
          {items.map((c) => (
            <PastContributionRow key={c.id} item={c} />
          ))}
        </ul>
      )}
      {past.moreError ? <Alert>{MSG.contribution.loadFailed}</Alert> : null}
      {past.data?.nextCursor ? (
        <div className="flex justify-center">
          <Button variant="secondary" pending={past.loadingMore} onClick={() => void past.loadMore()}>
            {past.loadingMore ? 'Loading…' : 'Load 5 more'}
          </Button>
        </div>
      ) : items && items.length > 0 ? (
        <p className="text-center text-xs text-subtle">That’s everything.</p>
      ) : null}
    </section>
  );
}

/**
 * Spec §2 Contribution hub: 'Today: n/5', VC/RC/TC/SR, the Contribute toggle and
 * form, the 5 most recent contributions (pending ones with their place in the
 * review queue), 'See Past Contributions', and for the admin 'Reward Contributors'.
 */
export function ContributionHubPage() {
  const { user } = useSession();
  const summary = useContributionSummary();
  // `?contribute` (the dashboard's "Make your first contribution") opens the form at once.
  const [searchParams] = useSearchParams();
  const [formOpen, setFormOpen] = useState(() => searchParams.has('contribute'));
  /** The contribution just submitted: its card takes focus (the result of the submit). */
  const [justSubmitted, setJustSubmitted] = useState<string | null>(null);
  const data = summary.data;

  const onSubmitted = (c: Contribution) => {
    setJustSubmitted(c.id);
    if (data) {
      // Shown at once; the refetch below brings its queue place.
      const total = data.stats.total + 1;
      summary.setData({
        ...data,
        today: data.today + 1,
        stats: { ...data.stats, total, successRate: successRate(data.stats.approved, total) },
        recent: [{ ...c, queue: null }, ...data.recent.filter((r) => r.id !== c.id)].slice(
          0,
          LIMITS.recentContributions,
        ),
      });
    }
    void summary.refetch();
  };

  return (
    <PageFrame
      head={PAGE_HEADS['/contribution-hub']}
      actions={
        user?.isAdmin || user?.isReviewer ? (
          <Link
            to="/admin/contribution-hub"
            className={buttonVariants({ variant: 'secondary' })}
            data-testid="reward-contributors"
          >
            <ShieldCheck aria-hidden="true" />
            {MSG.contribution.rewardContributors}
          </Link>
        ) : undefined
      }
    >
      <StaleNotice what="your contributions" view={summary} onRetry={() => void summary.refetch()} />

      <div className="grid gap-8 lg:grid-cols-12 lg:gap-6">
        <div className="grid min-w-0 grid-cols-1 content-start gap-4 lg:col-span-5">
          <ContributePanel
            summary={data}
            open={formOpen}
            onOpenChange={setFormOpen}
            onSubmitted={onSubmitted}
            onRefused={() => void summary.refetch()}
          />
          <Stats stats={data?.stats} />
        </div>

        <div className="grid min-w-0 grid-cols-1 content-start gap-8 lg:col-span-7">
          <section aria-labelledby="recent-title" className="grid min-w-0 grid-cols-1 gap-4">
            <div className="flex items-center justify-between gap-3">
              <h2 id="recent-title" className="text-lg font-semibold tracking-tight text-fg">
                Recent contributions
              </h2>
              {data ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Refresh contributions"
                  onClick={() => void summary.refetch()}
                  disabled={summary.isRefreshing}
                >
                  <RefreshCw className={cn(summary.isRefreshing && 'animate-spin')} aria-hidden="true" />
                </Button>
              ) : null}
            </div>
            {!data ? (
              summary.error ? (
                <EmptyState
                  icon={<CloudOff />}
                  title={MSG.contribution.loadFailed}
                  description="Check your connection, then try again."
                  action={<Button onClick={() => void summary.refetch()}>Try again</Button>}
                />
              ) : (
                <Loading label="Loading your contributions" count={2}>
                  <CardSkeleton />
                </Loading>
              )
            ) : data.recent.length === 0 ? (
              <EmptyState
                icon={<Inbox />}
                title={MSG.contribution.none}
                description={`Share a post about Sysfi on X, then submit its link here. Up to ${LIMITS.contributionsPerDay} a day; each approved one earns XP.`}
                // While the form is open above, it is the way to contribute: no second button for it.
                action={
                  formOpen ? undefined : (
                    <Button
                      onClick={() => {
                        setFormOpen(true);
                        window.scrollTo({ top: 0, behavior: 'smooth' });
                      }}
                    >
                      <Plus aria-hidden="true" />
                      Make your first contribution
                    </Button>
                  )
                }
              />
            ) : (
              <div className="grid gap-4">
                {data.recent.map((c) => (
                  <ContributionCard key={c.id} item={c} focus={c.id === justSubmitted} />
                ))}
              </div>
            )}
          </section>

          {data && data.stats.total > 0 ? <PastContributions /> : null}
        </div>
      </div>
    </PageFrame>
  );
}
