import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Loading } from '@/client/components/loading';
import { PageHeader } from '@/client/components/page-header';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { LoadError } from '@/client/components/query-states';
import { Alert } from '@/client/components/ui/alert';
import { Skeleton, SkeletonBars } from '@/client/components/ui/skeleton';
import { byId, focusResult } from '@/client/lib/focus-result';
import { MSG } from '@/shared/messages';
import { myApplicationQuery } from './api';
import { ApplicationForm } from './application-form';
import { ApplicationStatusCard, useCooldownRefresh } from './application-status';
import { canApplyNow } from './cooldown';

function FormSkeleton() {
  return (
    <Loading label="Loading" className="grid gap-6 rounded-2xl border border-line bg-surface p-5 sm:p-8">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-11 w-full" />
      <SkeletonBars className="grid gap-5 sm:grid-cols-2" bars={['h-11', 'h-11']} />
      <Skeleton className="h-4 w-24" />
      <SkeletonBars className="grid gap-5 sm:grid-cols-2" bars={['h-11', 'h-11']} />
      <Skeleton className="h-11 w-full" />
    </Loading>
  );
}

/** Spec §2 Project application form, §5 rules: startups only; hidden while pending or cooling down. */
export function ProjectApplicationPage() {
  const mine = useQuery(myApplicationQuery);
  useCooldownRefresh(mine.data, mine.refetch);
  const [submitted, setSubmitted] = useState(false);
  const open = canApplyNow(mine.data);

  let content: ReactNode;
  if (mine.isPending) content = <FormSkeleton />;
  else if (mine.isError)
    content = (
      <LoadError
        message={MSG.projectApplication.failed}
        onRetry={() => void mine.refetch()}
        retrying={mine.isFetching}
      />
    );
  else if (submitted)
    content = (
      <div className="grid gap-4 rounded-2xl outline-offset-4" id="application-result">
        <Alert tone="success">{MSG.projectApplication.submitted}</Alert>
        <ApplicationStatusCard mine={mine.data} />
      </div>
    );
  else if (mine.data.latest?.status === 'approved')
    // Approved (issue 20): the application and what to do next, not a blank form.
    content = (
      <div className="grid gap-4">
        <Alert tone="success">Your startup is approved. There is nothing more to apply for here.</Alert>
        <ApplicationStatusCard mine={mine.data} />
      </div>
    );
  else if (!open)
    content = (
      <div className="grid gap-4">
        <Alert tone="info">{MSG.projectApplication.cooldown}</Alert>
        <ApplicationStatusCard mine={mine.data} />
      </div>
    );
  else
    content = (
      <div className="grid gap-6">
        {mine.data.latest ? <ApplicationStatusCard mine={mine.data} showActions={false} /> : null}
        {mine.data.latest?.status === 'rejected' ? (
          <Alert tone="info">{MSG.projectApplication.refilled}</Alert>
        ) : null}
        <ApplicationForm
          from={mine.data.latest?.status === 'rejected' ? mine.data.latest : undefined}
          onSubmitted={() => {
            setSubmitted(true);
            focusResult(byId('application-result'));
          }}
        />
      </div>
    );

  return (
    <div className="container-content pb-16 pt-8 sm:pt-12">
      <div className="mx-auto grid max-w-4xl gap-8">
        <PageHeader {...PAGE_HEADS['/application/project-application']} />
        {content}
      </div>
    </div>
  );
}
