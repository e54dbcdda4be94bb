import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Loading } from '@/client/components/loading';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { LoadError } from '@/client/components/query-states';
import { Alert } from '@/client/components/ui/alert';
import { buttonVariants } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/lib/cn';
import { byId, focusResult } from '@/client/lib/focus-result';
import { MSG } from '@/shared/messages';
import type { BountyRequest } from '@/shared/schemas/bounties';
import { myRequestsQuery } from './api';
import { LockedCard, Requests, useLockRefresh } from './my-requests';
import { REQUEST_TITLE_ID, RequestForm } from './request-form';

const SENT_ID = 'bounty-request-sent';

/** Spec §2 Bounty application form (/application/bounty-application; startup and project roles). */
export function BountyRequestPage() {
  const mine = useQuery(myRequestsQuery);
  useLockRefresh(mine.data?.canApplyAt ?? null, mine.refetch);
  const lockedUntil =
    mine.data?.canApplyAt && new Date(mine.data.canApplyAt).getTime() > Date.now()
      ? mine.data.canApplyAt
      : null;

  // A rejected request the requester chose to fix: the form starts from it (remounted by its id).
  const [draft, setDraft] = useState<BountyRequest | null>(null);
  // The request just sent: said above the lock that now hides the form, and focused (issue 20).
  const [sent, setSent] = useState<BountyRequest | null>(null);
  const onSubmitted = (r: BountyRequest) => {
    setDraft(null);
    setSent(r);
    focusResult(byId(SENT_ID));
  };
  const reuse = (r: BountyRequest) => {
    setDraft(r);
    focusResult(byId(REQUEST_TITLE_ID));
  };

  let main: ReactNode;
  // A rejected request can fill the form only while the form is shown.
  let onReuse: ((r: BountyRequest) => void) | undefined;
  if (mine.isPending) {
    main = (
      <Loading
        label="Loading the form"
        className="grid gap-6 rounded-2xl border border-line bg-surface p-5 sm:p-8"
      >
        <Skeleton className="h-6 w-56" />
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className={cn('rounded-xl', i === 1 ? 'h-40' : 'h-11')} />
          </div>
        ))}
      </Loading>
    );
  } else if (mine.isError) {
    main = (
      <LoadError
        message="Couldn't load your bounty requests. Please try again."
        onRetry={() => void mine.refetch()}
        retrying={mine.isFetching}
      />
    );
  } else if (mine.data?.overdueWinners) {
    // Superteam Earn's rule (issue 19): winners of an overdue bounty come first.
    const o = mine.data.overdueWinners;
    main = (
      <div
        className="grid justify-items-start gap-4 rounded-2xl border border-pending/30 bg-surface p-5 sm:p-8"
        data-testid="winners-overdue"
      >
        <Alert>{MSG.winners.blocked(o.title)}</Alert>
        <Link to={`/bounties?winners=${encodeURIComponent(o.id)}`} className={buttonVariants()}>
          <Trophy aria-hidden="true" />
          {MSG.winners.pickWinners}
        </Link>
      </div>
    );
  } else if (lockedUntil) {
    main = (
      <div className="grid gap-4">
        {sent ? (
          <div id={SENT_ID} className="scroll-mt-24 outline-offset-4">
            <Alert tone="success">{MSG.bounty.sentFor(sent.title)}</Alert>
          </div>
        ) : null}
        <LockedCard until={lockedUntil} />
      </div>
    );
  } else {
    onReuse = reuse;
    main = (
      <RequestForm
        key={draft?.id ?? 'new'}
        draft={draft}
        onClearDraft={() => setDraft(null)}
        onSubmitted={onSubmitted}
      />
    );
  }

  return (
    <PageFrame head={PAGE_HEADS['/application/bounty-application']}>
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">{main}</div>
        <Requests mine={mine.data} onReuse={onReuse} />
      </div>
    </PageFrame>
  );
}
