import { Check, ChevronRight, RotateCcw, UserRound, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { PendingButton } from '@/client/components/pending-button';
import { Skeleton, SkeletonBars } from '@/client/components/ui/skeleton';
import { useDisclosure } from '@/client/lib/use-disclosure';
import { Loading } from './loading';
import { RefreshButton } from './refresh-button';
import { When } from './when';

/**
 * One item of an admin queue (issue 20: compact rows that expand on demand): its title, a
 * line of facts, its status and its actions in one row; the details open under it from
 * the title (a disclosure button, WAI-ARIA's pattern). The actions sit in the same place
 * whether the row is open or not, so the primary action never moves.
 */
export function QueueRow({
  id,
  title,
  meta,
  aside,
  actions,
  busy,
  children,
}: {
  /** Unique on the page: names the title and the details. */
  id: string;
  title: ReactNode;
  /** One line of facts under the title (who, when, how much). */
  meta: ReactNode;
  /** Status badges, an amount. */
  aside?: ReactNode;
  actions?: ReactNode;
  busy?: boolean;
  /** The details, drawn only while open. */
  children: ReactNode;
}) {
  const details = useDisclosure(`${id}-details`);
  const titleId = `${id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      aria-busy={busy ? true : undefined}
      className="rounded-2xl border border-line bg-surface"
      data-testid="queue-row"
    >
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:px-5">
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 className="min-w-0 text-base font-semibold tracking-tight text-fg">
            <button
              type="button"
              id={titleId}
              {...details.button}
              className="group -mx-1 inline-flex min-h-11 max-w-full items-center gap-2 rounded-lg px-1 text-left hover:text-accent-to focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-to"
            >
              <ChevronRight
                className="size-4 shrink-0 text-subtle transition-transform group-aria-expanded:rotate-90"
                aria-hidden="true"
              />
              <span className="min-w-0 break-words">{title}</span>
            </button>
          </h2>
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 pl-6 text-sm text-muted">
            {meta}
          </div>
        </div>
        {aside ? <div className="flex flex-wrap items-center gap-2 pl-6 sm:pl-0">{aside}</div> : null}
        {actions ? <div className="flex flex-wrap gap-2 pl-6 sm:shrink-0 sm:pl-0">{actions}</div> : null}
      </div>
      <div id={details.id} hidden={!details.open} className="grid gap-5 border-t border-line p-4 sm:p-5">
        {details.open ? children : null}
      </div>
    </article>
  );
}

/** A queue row while the queue loads. */
export function QueueRowSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:px-5">
      <SkeletonBars className="grid flex-1 gap-2" bars={['h-5 w-full max-w-64', 'h-4 w-full max-w-80']} />
      <Skeleton className="h-6 w-20 rounded-full" />
      <SkeletonBars className="flex gap-2" bars={['h-11 w-24 rounded-xl', 'h-11 w-28 rounded-xl']} />
    </div>
  );
}

/**
 * An admin queue's tools, the page's actions: what the page adds first (a live sign, a
 * count), then its CSV download (`csv`) and Refresh, which fetches the queue (`list`) again.
 */
export function QueueTools({
  list,
  csv,
  children,
}: {
  list: { isFetching: boolean; refetch: () => unknown };
  csv: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      {children}
      {csv}
      <RefreshButton fetching={list.isFetching} onRefresh={() => void list.refetch()} />
    </div>
  );
}

/** A queue while its first page loads: two row skeletons, announced as `label` ("Loading grants"). */
export function QueueRowsLoading({ label }: { label: string }) {
  return (
    <Loading label={label} count={2}>
      <QueueRowSkeleton />
    </Loading>
  );
}

/** Who sent a row's item, first in its line of facts (`meta`). */
export function RowPerson({ name }: { name: string }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <UserRound className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="truncate">{name}</span>
    </span>
  );
}

/** When a row's item was sent, in its line of facts (`meta`), as a moment ("Submitted …"). */
export function RowSubmitted({ at }: { at: string }) {
  return (
    <span>
      Submitted <When at={at} as="moment" />
    </span>
  );
}

/**
 * What became of a decided item, in its details: when it was decided ("Decided" or
 * "Reviewed", `at` shown by `format`), the admin's message, and any lines of the
 * feature's own (`children`). Nothing while there is nothing to say.
 */
export function DecisionNote({
  verb,
  at,
  format,
  message,
  gap = 'gap-1',
  children,
}: {
  verb: string;
  at: string | null;
  format: (iso: string) => string;
  message: string | null;
  gap?: 'gap-1' | 'gap-1.5';
  children?: ReactNode;
}) {
  if (!at && !message && !children) return null;
  return (
    <div className={`grid ${gap} rounded-xl border border-line bg-ink-2/60 px-4 py-3 text-sm`}>
      {at ? (
        <p className="text-muted">
          {verb} <time dateTime={at}>{format(at)}</time>
        </p>
      ) : null}
      {message ? (
        <p className="whitespace-pre-line break-words text-fg-soft">
          <span className="text-muted">Message: </span>
          {message}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** How each kind of decision looks in a queue: the yes, the no, and taking one back. */
const DECISION_LOOK = {
  approve: { variant: 'primary', Icon: Check },
  refuse: { variant: 'danger', Icon: X },
  reset: { variant: 'ghost', Icon: RotateCcw },
} as const;

/**
 * One of a queue row's decision buttons, described by the row's title. While a decision
 * on the row is being sent (`busy` names it), every button waits and the one sent shows
 * the spinner in place of its icon (PendingButton).
 */
export function DecisionButton<A extends string>({
  look,
  action,
  busy,
  onClick,
  describedBy,
  children,
}: {
  look: keyof typeof DECISION_LOOK;
  /** The decision this button makes. */
  action?: A;
  /** The decision on its way, if any. */
  busy?: A | null;
  onClick: () => void;
  /** The row's title id. */
  describedBy: string;
  children: ReactNode;
}) {
  const { variant, Icon } = DECISION_LOOK[look];
  return (
    <PendingButton
      variant={variant}
      pending={!!busy && busy === action}
      disabled={!!busy}
      onClick={onClick}
      aria-describedby={describedBy}
      icon={<Icon aria-hidden="true" />}
    >
      {children}
    </PendingButton>
  );
}

/** One decision a row offers: what it sends, how it looks and what its button says. */
export type Decision<A extends string> = {
  action: A;
  look: keyof typeof DECISION_LOOK;
  label: ReactNode;
  /** Not offered in the row's present state (a request already approved can't be approved again). */
  hidden?: boolean;
};

/**
 * A queue row's decision buttons, in order: each one sends its `action` to `onPick`, and
 * while one is on its way (`busy`), all of them wait (DecisionButton).
 */
export function DecisionButtons<A extends string>({
  decisions,
  busy,
  onPick,
  describedBy,
}: {
  decisions: readonly Decision<A>[];
  busy?: A | null;
  onPick: (action: A) => void;
  describedBy: string;
}) {
  return decisions
    .filter((d) => !d.hidden)
    .map((d) => (
      <DecisionButton
        key={d.action}
        look={d.look}
        action={d.action}
        busy={busy}
        onClick={() => onPick(d.action)}
        describedBy={describedBy}
      >
        {d.label}
      </DecisionButton>
    ));
}
