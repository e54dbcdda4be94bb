import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Circle, CircleCheck, Hourglass, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ProgressBar } from '@/client/components/ui/progress-bar';
import { myApplicationQuery, myBountyRequestsQuery } from '@/client/lib/shared-queries';
import { readLocal, writeLocal } from '@/client/lib/storage';
import { gettingStarted } from '@/shared/rules/getting-started';
import type { Me } from '@/shared/schemas/account';

/** Dismissal is this browser's choice: a localStorage key per user (issue 20). */
export const dismissKey = (uid: string) => `sysfi.gettingStarted.dismissed.${uid}`;

/**
 * A new user's first steps, ticked from their own record as they go: verify, profile, first
 * contribution, an invite and, for startups, the application. Hidden once all are done or
 * once dismissed.
 */
/**
 * The checklist's state for this user: its steps, the next one, and this browser's
 * dismissal. The checklist and the phone's at-a-glance card both read it (one query).
 */
export function useChecklist(user: Me) {
  const [dismissed, setDismissed] = useState(() => readLocal(dismissKey(user.uid)) === '1');
  const startupPending = user.role === 'startup' && user.status !== 'approved';
  const mine = useQuery({ ...myApplicationQuery, enabled: startupPending && !dismissed });
  const project = user.role === 'project';
  const requests = useQuery({ ...myBountyRequestsQuery, enabled: project && !dismissed });
  const items = gettingStarted(
    user,
    mine.data ? (mine.data.latest?.status === 'pending' ? 'pending' : null) : undefined,
    requests.data ? requests.data.applications.length > 0 : undefined,
  );
  // A pending startup's application step (a project member's request step) is not known until it
  // is read: no count and no next step that the answer would turn over ("2 of 5" flipping to "3 of 5").
  const checking = !dismissed && ((startupPending && mine.isPending) || (project && requests.isPending));
  return {
    items,
    dismissed,
    checking,
    // The next step is one the user can take: a step the team has (waiting) is not it.
    next: checking ? undefined : items.find((i) => !i.done && !i.waiting),
    dismiss: () => {
      writeLocal(dismissKey(user.uid), '1');
      setDismissed(true);
    },
  };
}

export function GettingStarted({ user }: { user: Me }) {
  const { items, dismissed, checking, next, dismiss } = useChecklist(user);
  const left = items.filter((i) => !i.done).length;
  if (dismissed || items.length === 0 || left === 0) return null;
  const doneCount = items.length - left;

  return (
    <section
      aria-labelledby="getting-started-title"
      className="relative rounded-2xl border border-line bg-surface p-5 sm:p-6"
      data-testid="getting-started"
    >
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <h2 id="getting-started-title" className="text-lg font-semibold tracking-tight text-fg">
            Getting started
          </h2>
          <p className="text-sm text-muted">
            {checking ? null : (
              <>
                <span className="tabular-nums">
                  {doneCount} of {items.length}
                </span>{' '}
                done.{' '}
              </>
            )}
            Each step ticks itself as you go.
          </p>
        </div>
        <button
          type="button"
          onClick={dismiss}
          className="-mr-2 -mt-2 grid size-11 shrink-0 place-items-center rounded-lg text-subtle hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent-to"
        >
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">Dismiss the getting-started list</span>
        </button>
      </div>
      <ProgressBar value={doneCount} max={items.length} label="Getting started" className="mt-4 h-1.5" />
      <ol className="mt-4 grid gap-1 sm:grid-cols-2 sm:gap-x-6">
        {items.map((i) =>
          checking && !i.done && (i.key === 'apply' || i.key === 'request') ? (
            <li key={i.key} className="flex min-h-11 items-center gap-3 text-sm text-muted" aria-busy="true">
              <Circle className="size-5 shrink-0 animate-pulse text-subtle" aria-hidden="true" />
              {i.label}
            </li>
          ) : (
            <li key={i.key} className="flex min-h-11 items-center gap-3" data-done={i.done}>
              {i.done ? (
                <CircleCheck className="size-5 shrink-0 text-approved" aria-hidden="true" />
              ) : i.waiting ? (
                <Hourglass className="size-5 shrink-0 text-pending" aria-hidden="true" />
              ) : (
                <Circle className="size-5 shrink-0 text-subtle" aria-hidden="true" />
              )}
              {i.done ? (
                <span className="text-sm text-muted line-through decoration-subtle/60">
                  {i.label}
                  <span className="sr-only"> (done)</span>
                </span>
              ) : (
                <Link
                  to={i.to}
                  className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-fg hover:text-accent-to"
                >
                  {i.label}
                  {i === next ? <ArrowRight className="size-4 text-accent-to" aria-hidden="true" /> : null}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
    </section>
  );
}
