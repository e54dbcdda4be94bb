import { useQuery } from '@tanstack/react-query';
import { ArrowRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { StaffSecondFactorNotice } from '@/client/components/staff-second-factor';
import { buttonVariants } from '@/client/components/ui/button';
import { formatNumber } from '@/client/lib/format';
import { adminQueuesQuery, waitingIn } from '@/client/lib/shared-queries';

/**
 * The admin's first stop on the dashboard (third first-time-user review: the admin landed on a
 * builder's dashboard with nothing saying what waited for them): what the queues hold, one tap
 * from Admin home, and the two-factor step the admin screens will ask for first.
 */
export function AdminDesk() {
  const queues = useQuery(adminQueuesQuery);
  const waiting = queues.data ? waitingIn(queues.data.queues) : undefined;
  return (
    <section
      aria-labelledby="admin-desk-title"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-accent-from/30 bg-accent-from/[0.06] p-4 sm:p-5"
      data-testid="admin-desk"
    >
      <ShieldCheck className="size-5 shrink-0 text-accent-from" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 id="admin-desk-title" className="font-semibold text-fg">
          You run this community
        </h2>
        <p className="text-sm text-muted" aria-live="polite">
          {waiting === undefined
            ? 'Counting what waits for you…'
            : waiting === 0
              ? 'Nothing waits for a decision right now.'
              : `${formatNumber(waiting)} ${waiting === 1 ? 'item waits' : 'items wait'} for a decision.`}
        </p>
      </div>
      <Link to="/admin" className={buttonVariants({ variant: 'primary' })}>
        Open Admin home
        <ArrowRight aria-hidden="true" />
      </Link>
      <div className="basis-full empty:hidden">
        <StaffSecondFactorNotice />
      </div>
    </section>
  );
}
