import { FilePlus2, SlidersHorizontal, Trophy, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CardList } from '@/client/components/card-list';
import { lazyDialog } from '@/client/components/lazy-dialog';
import { NarrowedEmptyState } from '@/client/components/narrowed-empty-state';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { FilterChips } from '@/client/components/ui/filter-chips';
import { UpdatingStatus } from '@/client/components/updating-status';
import { formatDate } from '@/client/lib/format';
import { useSession } from '@/client/lib/session';
import { toast } from '@/client/lib/toast';
import { MSG } from '@/shared/messages';
import { isApplicantRole } from '@/shared/rules/access';
import type { Bounty } from '@/shared/schemas/bounties';
import { type ApplyOutcome, type BountyFilter, localTimeZone, useBounties } from './api';
import { BountyCard, BountyCardSkeleton } from './bounty-card';
import { activeCount, EMPTY_PANEL, type PanelValues, toSearch } from './filter-values';
import { useNow } from './use-now';
import type { BountyRef } from './winners-dialogs';

// The dialogs' forms load once the page is up, not with it (components/lazy-dialog.tsx).
const ApplyDialog = lazyDialog(
  () => import('./apply-dialog').then((m) => m.ApplyDialog),
  (p) => !!p.bounty,
);
const SubmissionDialog = lazyDialog(
  () => import('./winners-dialogs').then((m) => m.SubmissionDialog),
  (p) => !!p.bounty,
);
const WinnersDialog = lazyDialog(
  () => import('./winners-dialogs').then((m) => m.WinnersDialog),
  (p) => !!p.bounty,
);
// So does the filter panel's (a form with its validation), shown while it is open.
const FilterPanel = lazyDialog(
  () => import('./filter-panel').then((m) => m.FilterPanel),
  (p) => p.open,
);

const CHIPS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'expired', label: 'Expired' },
  { value: 'applied', label: 'Applied' },
] as const satisfies readonly { value: BountyFilter; label: string }[];

/** Where a member who may ask for a bounty does so: the page's action, and the empty board's. */
const REQUEST_LINK = {
  to: '/application/bounty-application',
  label: (
    <>
      <FilePlus2 aria-hidden="true" />
      Request a bounty
    </>
  ),
};

/** The filters in force, each removable on its own. */
function ActiveFilters({ value, onChange }: { value: PanelValues; onChange: (v: PanelValues) => void }) {
  const items: { key: keyof PanelValues; label: string }[] = [];
  if (value.q) items.push({ key: 'q', label: `“${value.q}”` });
  if (value.from) items.push({ key: 'from', label: `From ${formatDate(`${value.from}T12:00:00`)}` });
  if (value.to) items.push({ key: 'to', label: `To ${formatDate(`${value.to}T12:00:00`)}` });
  if (items.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Filters in use">
      {items.map((i) => (
        <li key={i.key}>
          <button
            type="button"
            onClick={() => onChange({ ...value, [i.key]: '' })}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-accent-from/30 bg-accent-from/10 py-1 pl-3 pr-2 text-xs font-medium text-accent-from hover:bg-accent-from/20 focus-visible:outline-2 focus-visible:outline-accent-to"
          >
            <span className="max-w-52 truncate">{i.label}</span>
            <X className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Remove this filter</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Spec §2 Bounties page: filter chips, 'Filter Bounties', cards, applying, empty state. */
export function BountiesPage() {
  const { user } = useSession();
  const panelId = useId();
  const timeZone = useMemo(localTimeZone, []);
  const now = useNow();
  const [filter, setFilter] = useState<BountyFilter>('all');
  const [panel, setPanel] = useState<PanelValues>(EMPTY_PANEL);
  const [panelOpen, setPanelOpen] = useState(false);
  const [applying, setApplying] = useState<Bounty | null>(null);
  const [submitting, setSubmitting] = useState<BountyRef | null>(null);
  // The reminder mail links here with ?winners=<id> (issue 19).
  const [params, setParams] = useSearchParams();
  const linked = params.get('winners');
  const [picking, setPicking] = useState<BountyRef | null>(linked ? { id: linked, title: '…' } : null);
  const closePicking = () => {
    setPicking(null);
    if (linked) setParams({}, { replace: true });
  };
  const search = useMemo(() => toSearch(panel, timeZone), [panel, timeZone]);
  const board = useBounties(filter, search);
  const filtersInUse = activeCount(panel);
  const canRequest = !!user && isApplicantRole(user.role);
  const showAll = () => {
    setFilter('all');
    setPanel(EMPTY_PANEL);
  };

  // The cards are updated by the mutation (api.ts); the page only tells the outcome.
  const onApplied = (_b: Bounty, outcome: ApplyOutcome) => {
    setApplying(null);
    if (outcome === 'applied') toast.success(MSG.bounty.applied);
    else toast.error(outcome === 'expired' ? MSG.bounty.applyExpired : MSG.bounty.alreadyApplied);
  };

  const narrowed = filter !== 'all' || filtersInUse > 0;
  const body = (
    <CardList
      noun="bounties"
      query={board}
      pages={board}
      skeleton={<BountyCardSkeleton />}
      empty={
        <NarrowedEmptyState
          icon={<Trophy />}
          title={MSG.bounty.none}
          description={MSG.bounty.checkLater}
          clear={narrowed ? { label: 'Show all bounties', onClear: showAll } : undefined}
          link={canRequest ? REQUEST_LINK : { to: '/docs#bounties', label: 'How bounties work' }}
        />
      }
    >
      {(b) => (
        <BountyCard
          bounty={b}
          now={now}
          timeZone={timeZone}
          onApply={setApplying}
          onSubmitWork={setSubmitting}
          onPickWinners={setPicking}
          isOwn={!!user && b.requesterId === user.uid}
          isAdmin={!!user?.isAdmin}
        />
      )}
    </CardList>
  );

  return (
    <PageFrame
      head={PAGE_HEADS['/bounties']}
      gap="gap-6"
      actions={
        canRequest ? (
          <Link to={REQUEST_LINK.to} className={buttonVariants({ variant: 'secondary' })}>
            {REQUEST_LINK.label}
          </Link>
        ) : undefined
      }
    >
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <FilterChips
            legend="Show bounties"
            options={CHIPS}
            value={filter}
            onChange={setFilter}
            chipClassName="px-4 sm:px-5"
          />
          <div className="flex items-center gap-3">
            <UpdatingStatus updating={board.isRefreshing} />
            <Button
              variant={panelOpen || filtersInUse > 0 ? 'outline' : 'secondary'}
              aria-expanded={panelOpen}
              aria-controls={panelId}
              onClick={() => setPanelOpen((o) => !o)}
            >
              <SlidersHorizontal aria-hidden="true" />
              {MSG.bounty.filter}
              {filtersInUse > 0 ? (
                <span className="grid size-5 place-items-center rounded-full bg-accent-gradient text-[11px] font-bold tabular-nums text-ink">
                  {filtersInUse}
                  <span className="sr-only"> in use</span>
                </span>
              ) : null}
            </Button>
          </div>
        </div>
        <FilterPanel
          id={panelId}
          open={panelOpen}
          value={panel}
          onApply={(v) => {
            setPanel(v);
            setPanelOpen(false);
          }}
          onClose={() => setPanelOpen(false)}
        />
        {panelOpen ? null : <ActiveFilters value={panel} onChange={setPanel} />}
      </div>
      {body}
      <ApplyDialog bounty={applying} onOpenChange={(o) => !o && setApplying(null)} onDone={onApplied} />
      <SubmissionDialog bounty={submitting} onClose={() => setSubmitting(null)} />
      <WinnersDialog bounty={picking} isAdmin={!!user?.isAdmin} onClose={closePicking} />
    </PageFrame>
  );
}
