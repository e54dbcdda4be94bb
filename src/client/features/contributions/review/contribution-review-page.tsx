import { Award, Inbox, Search, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { DownloadCsv } from '@/client/components/download-csv';
import { EmptyState } from '@/client/components/empty-state';
import { lazyDialog } from '@/client/components/lazy-dialog';
import { PageFrame } from '@/client/components/page-frame';
import { ADMIN_HOME, PAGE_HEADS } from '@/client/components/page-heads';
import { LoadMore } from '@/client/components/query-states';
import { QueueTools } from '@/client/components/queue-row';
import { Alert } from '@/client/components/ui/alert';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select } from '@/client/components/ui/select';
import { ApiError } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { useSession } from '@/client/lib/session';
import { toast } from '@/client/lib/toast';
import { useDebounced } from '@/client/lib/use-debounced';
import { LIMITS } from '@/shared/limits';
import { CONTRIBUTION_TYPES, type ContributionType } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import type { Contribution } from '@/shared/schemas/contributions';
import {
  type BulkDecision,
  isAlreadyReviewed,
  useReviewBatch,
  useReviewDecision,
  useReviewQueue,
} from '../api';
import { QueueCard, QueueSkeleton } from './queue-card';

/** Where a reviewer goes back to: they have no Admin home. */
const HUB = { to: '/contribution-hub', label: 'Contribution Hub' };

// The review dialogs (tabs, forms, validation) load once the queue is up, or at the first open.
const dialogs = () => import('./review-dialog');
const ReviewDialog = lazyDialog(
  () => dialogs().then((m) => m.ReviewDialog),
  (p) => p.item !== null,
);
const BulkDialog = lazyDialog(
  () => dialogs().then((m) => m.BulkDialog),
  (p) => p.action !== null,
);

const TYPE_LABEL: Record<ContributionType, string> = { tweet: 'Tweets', link: 'Links', file: 'Files' };

/** Not every outcome is a success or an error: "someone already reviewed this" is news. */
function toastInfo(message: string) {
  void import('sonner').then((m) => m.toast.info(message, { duration: LIMITS.toastErrorMs }));
}

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** A filter option's label with its count, once known: "Tasks (3)". */
const withCount = (label: string, n?: number) => (n === undefined ? label : `${label} (${n})`);

/**
 * Spec §2 Admin screens, contribution review: pending contributions oldest first,
 * filters, each with its tweet; a click opens Reward / Reject; several can be
 * selected and decided together. A decision someone else already made answers
 * 'already reviewed' (info) and the item leaves the list.
 */
export function ContributionReviewPage() {
  // The admin, or a reviewer (issue 18): their limit per item, and no admin-only tools.
  const { user } = useSession();
  const isAdmin = !!user?.isAdmin;
  const maxPoints = isAdmin ? undefined : (user?.reviewerMaxPoints ?? undefined);
  const ids = useId();
  const [type, setType] = useState<ContributionType | ''>('');
  const [search, setSearch] = useState('');
  const q = useDebounced(search, 300);
  const paged = useReviewQueue({ type, q });
  const list = paged.first;
  const items = paged.items;

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [failures, setFailures] = useState<ReadonlyMap<string, string>>(new Map());
  const [reviewing, setReviewing] = useState<Contribution | null>(null);
  const [bulkAction, setBulkAction] = useState<BulkDecision['action'] | null>(null);

  // Selection only ever covers what is on screen.
  const visibleIds = useMemo(() => new Set(items.map((c) => c.id)), [items]);
  const chosen = [...selected].filter((id) => visibleIds.has(id));
  const allChosen = items.length > 0 && chosen.length === items.length;
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = chosen.length > 0 && !allChosen;
  }, [chosen.length, allChosen]);

  /** Takes decided items out of the selection (api.ts takes them off every cached queue). */
  const drop = (gone: string[]) => {
    if (gone.length === 0) return;
    const set = new Set(gone);
    setSelected((s) => new Set([...s].filter((id) => !set.has(id))));
    setFailures((f) => new Map([...f].filter(([id]) => !set.has(id))));
  };

  const single = useReviewDecision({
    onSuccess: (_res, { item, decision }) => {
      drop([item.id]);
      setReviewing(null);
      toast.success(
        decision.action === 'reward'
          ? `Rewarded ${item.contributor} with ${decision.points} XP`
          : decision.action === 'reject'
            ? `Rejected “${item.title}”`
            : `Sent “${item.title}” back for changes`,
      );
    },
    onError: (err, { item }) => {
      if (isAlreadyReviewed(err)) {
        toastInfo(err.status === 409 ? err.message : MSG.contribution.alreadyReviewed);
        drop([item.id]);
        setReviewing(null);
        return;
      }
      // A refusal with a reason (invalid input, a reviewer's rule or limit) says it.
      toast.error(
        err instanceof ApiError && err.fromServer && (err.status === 400 || err.status === 403)
          ? err.message
          : MSG.admin.error,
      );
    },
  });

  const bulk = useReviewBatch({
    onSuccess: ({ done, already, failed, total }, { decision }) => {
      drop([...done, ...already]);
      setFailures(new Map(failed.map((r) => [r.id, r.error || MSG.admin.error])));
      setSelected(new Set(failed.map((r) => r.id)));
      setBulkAction(null);
      if (done.length > 0) {
        toast.success(
          decision.action === 'reward'
            ? `Rewarded ${plural(done.length, 'contribution')} with ${decision.points} XP each`
            : `Rejected ${plural(done.length, 'contribution')}`,
        );
      }
      if (already.length > 0) {
        toastInfo(
          already.length === 1
            ? MSG.contribution.alreadyReviewed
            : `${already.length} of these contributions had already been reviewed.`,
        );
      }
      if (failed.length > 0) {
        toast.error(`${MSG.admin.error} (${failed.length} of ${total}). They stay selected.`);
      }
    },
    onError: () => toast.error(MSG.admin.error),
  });

  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const filtered = !!type || !!q.trim();
  const total = list.data?.total;
  // Each type's pending count under the current search (issue 20: counts on every filter).
  const byType = list.data?.byType;
  const allTypes = byType ? Object.values(byType).reduce((a, b) => a + b, 0) : undefined;

  return (
    <PageFrame
      className={chosen.length > 0 ? 'pb-40' : undefined}
      head={
        isAdmin
          ? PAGE_HEADS['/admin/contribution-hub']
          : {
              ...PAGE_HEADS['/admin/contribution-hub'],
              back: HUB,
              eyebrow: 'Review',
              description: `Pending contributions, oldest first, except your own and your invitees’. You can award up to ${maxPoints ?? 0} XP each; reject tells them why; request changes sends it back once.`,
            }
      }
      actions={
        <QueueTools
          list={list}
          csv={
            isAdmin ? (
              <DownloadCsv path="/admin/exports/contributions" query={{ type: type || undefined, q }} />
            ) : null
          }
        >
          {total !== undefined ? (
            <Badge
              tone={total > 0 ? 'pending' : 'neutral'}
              className="tabular-nums"
              aria-live="polite"
              data-testid="pending-count"
            >
              {total} pending
            </Badge>
          ) : null}
        </QueueTools>
      }
    >
      <div className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-[12rem_1fr] sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-type`}>Type</Label>
          <Select
            id={`${ids}-type`}
            value={type}
            onChange={(e) => setType(e.target.value as ContributionType | '')}
          >
            <option value="">{withCount('All types', allTypes)}</option>
            {CONTRIBUTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {withCount(TYPE_LABEL[t], byType ? (byType[t] ?? 0) : undefined)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-q`}>Search</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-subtle"
              aria-hidden="true"
            />
            <Input
              id={`${ids}-q`}
              type="search"
              value={search}
              maxLength={LIMITS.searchChars}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Title or contributor"
              className="pl-10"
              autoComplete="off"
            />
          </div>
        </div>
      </div>

      {list.isPending ? (
        <QueueSkeleton />
      ) : list.isError && !list.data ? (
        <div className="grid justify-items-start gap-4">
          <Alert>{MSG.contribution.loadFailed}</Alert>
          <Button variant="secondary" onClick={() => void list.refetch()} pending={list.isFetching}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<Search />}
            title={MSG.contribution.none}
            description="Nothing pending matches these filters."
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setType('');
                  setSearch('');
                }}
              >
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<Inbox />}
            title="You’re all caught up"
            description="No contributions are waiting for review. New ones appear here, oldest first."
            link={
              isAdmin
                ? { ...ADMIN_HOME, label: 'Back to Admin home' }
                : { ...HUB, label: 'Back to the Contribution Hub' }
            }
          />
        )
      ) : (
        <section aria-label="Pending contributions" className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <label className="-ml-2 inline-flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-fg-soft hover:text-fg">
              <Checkbox
                ref={selectAll}
                checked={allChosen}
                onChange={(e) => setSelected(e.target.checked ? new Set(visibleIds) : new Set())}
              />
              Select all <span className="tabular-nums text-muted">({items.length})</span>
            </label>
            {list.data && list.data.total > items.length ? (
              <p className="text-xs text-subtle">
                Showing the oldest {items.length} of {list.data.total}.
              </p>
            ) : null}
          </div>
          <ul
            className={cn(
              'grid grid-cols-1 items-start gap-4 transition-opacity lg:grid-cols-2',
              list.isPlaceholderData && 'opacity-60',
            )}
          >
            {items.map((c) => (
              <li key={c.id} className="min-w-0">
                <QueueCard
                  item={c}
                  selected={selected.has(c.id)}
                  onSelect={(on) => toggle(c.id, on)}
                  onOpen={() => setReviewing(c)}
                  error={failures.get(c.id)}
                />
              </li>
            ))}
          </ul>
          <LoadMore label="Load more contributions" pages={paged} />
        </section>
      )}

      {chosen.length > 0 ? (
        <section
          aria-label="Bulk actions"
          className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-ink/90 pb-safe backdrop-blur-xl"
          data-testid="bulk-bar"
        >
          <div className="container-content flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
            <p className="text-sm font-medium text-fg tabular-nums" aria-live="polite">
              {chosen.length} selected
            </p>
            <Button variant="ghost" size="sm" className="h-11" onClick={() => setSelected(new Set())}>
              Clear
            </Button>
            <div className="ml-auto flex flex-1 justify-end gap-2 sm:flex-none">
              <Button
                variant="danger"
                className="flex-1 sm:flex-none"
                onClick={() => setBulkAction('reject')}
              >
                <X aria-hidden="true" />
                Reject
              </Button>
              <Button className="flex-1 sm:flex-none" onClick={() => setBulkAction('reward')}>
                <Award aria-hidden="true" />
                Reward
              </Button>
            </div>
          </div>
        </section>
      ) : null}

      <ReviewDialog
        item={reviewing}
        maxPoints={maxPoints}
        pending={single.isPending}
        onOpenChange={(open) => !open && setReviewing(null)}
        onDecide={(decision) => reviewing && single.mutate({ item: reviewing, decision })}
      />
      <BulkDialog
        action={bulkAction}
        maxPoints={maxPoints}
        count={chosen.length}
        pending={bulk.isPending}
        onOpenChange={(open) => !open && setBulkAction(null)}
        onDecide={(decision) => bulk.mutate({ ids: chosen, decision })}
      />
    </PageFrame>
  );
}
