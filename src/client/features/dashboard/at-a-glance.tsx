import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useApplicationState } from '@/client/lib/application-state';
import { formatNumber } from '@/client/lib/format';
import { useSession } from '@/client/lib/session';
import { MSG } from '@/shared/messages';
import { primaryStep } from '@/shared/rules/journey';
import type { Me } from '@/shared/schemas/account';
import type { Dashboard } from '@/shared/schemas/dashboard';
import { useChecklist } from './getting-started';

/**
 * A phone's first screen (issue 20): the user's XP, rank and the one next step, above the
 * checklist and the promo. Wider screens have the XP card beside the activity instead.
 * The next step is the checklist's next unticked one while it is shown, else the role's
 * primary step (shared/rules/journey.ts).
 */
export function AtAGlance({ user, data }: { user: Me; data: Dashboard | undefined }) {
  const { viewer } = useSession();
  const checklist = useChecklist(user);
  const application = useApplicationState(viewer);
  const step =
    (!checklist.dismissed && checklist.next) || (viewer ? primaryStep(viewer, application) : undefined);
  const rank = data?.myRank;
  return (
    <section
      aria-label="At a glance"
      className="grid gap-4 rounded-2xl border border-line bg-surface p-4 sm:hidden"
      data-testid="at-a-glance"
    >
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="text-xs text-muted">{MSG.leaderboard.xpPoints}</dt>
          <dd className="mt-0.5 text-2xl font-semibold tracking-tight tabular-nums">
            {rank ? (
              <span className="text-accent-gradient">{formatNumber(rank.pointBalance)}</span>
            ) : (
              <Skeleton className="h-8 w-16" />
            )}
          </dd>
        </div>
        <div className="text-right">
          <dt className="text-xs text-muted">Rank</dt>
          <dd className="mt-0.5 text-2xl font-semibold tracking-tight tabular-nums text-fg">
            {rank ? (
              rank.rank === null ? (
                '—'
              ) : (
                `#${formatNumber(rank.rank)}`
              )
            ) : (
              <Skeleton className="ml-auto h-8 w-12" />
            )}
          </dd>
        </div>
      </dl>
      {step ? (
        <Link to={step.to} className={buttonVariants({ className: 'h-11 w-full justify-between' })}>
          <span>
            <span className="sr-only">Next step: </span>
            {step.label}
          </span>
          <ArrowRight aria-hidden="true" />
        </Link>
      ) : null}
    </section>
  );
}
