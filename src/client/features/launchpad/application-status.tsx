import { ArrowRight, ChevronDown, FileText } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { REVIEW_STATUS, ReviewStatusBadge } from '@/client/components/review-status-badge';
import { buttonVariants } from '@/client/components/ui/button';
import { IconTile } from '@/client/components/ui/icon-tile';
import { When } from '@/client/components/when';
import { cn } from '@/client/lib/cn';
import { formatMoment } from '@/client/lib/format';
import type { MyApplication } from './api';
import { ApplicationDetails } from './application-details';
import { canApplyNow, cooldownEnd } from './cooldown';

/** Re-reads the application state the moment a cooldown ends, so the form opens by itself. */
export function useCooldownRefresh(mine: MyApplication | undefined, refetch: () => unknown) {
  const end = cooldownEnd(mine)?.getTime();
  useEffect(() => {
    if (end === undefined) return;
    // setTimeout holds at most ~24.8 days; a cooldown is far shorter.
    const wait = Math.min(Math.max(end - Date.now(), 0) + 500, 2 ** 31 - 1);
    const t = window.setTimeout(() => void refetch(), wait);
    return () => window.clearTimeout(t);
  }, [end, refetch]);
}

/**
 * The startup's latest project application: pending, approved, or rejected with
 * its reason and when a new one may be sent (in the viewer's local time).
 */
export function ApplicationStatusCard({
  mine,
  className,
  showActions = true,
}: {
  mine: MyApplication;
  className?: string;
  /** Links to the form or the projects page, where they make sense. */
  showActions?: boolean;
}) {
  const a = mine.latest;
  const end = cooldownEnd(mine);
  const openNow = canApplyNow(mine);

  if (!a) {
    return (
      <section
        aria-labelledby="application-status-title"
        className={cn('flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 sm:p-6', className)}
      >
        <div className="flex items-start gap-4">
          <IconTile icon={FileText} />
          <div className="grid min-w-0 gap-1">
            <h2 id="application-status-title" className="font-semibold text-fg">
              Your application
            </h2>
            <p className="text-sm leading-6 text-muted">
              You haven&apos;t applied yet. Once your project application is approved, you can create projects
              in the discovery zone.
            </p>
          </div>
        </div>
      </section>
    );
  }

  const s = REVIEW_STATUS[a.status];
  return (
    <section
      aria-labelledby="application-status-title"
      className={cn(
        'relative overflow-hidden rounded-2xl border bg-surface p-5 sm:p-6',
        a.status === 'pending' && 'border-pending/25',
        a.status === 'approved' && 'border-approved/25',
        a.status === 'rejected' && 'border-declined/25',
        className,
      )}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <IconTile icon={s.icon} tone={a.status === 'rejected' ? 'declined' : a.status} />
        <div className="grid min-w-0 flex-1 gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <h2 id="application-status-title" className="min-w-0 break-words font-semibold text-fg">
              Your application: {a.name}
            </h2>
            <ReviewStatusBadge status={a.status} />
          </div>
          <p className="text-sm text-muted">
            Submitted <When at={a.submittedAt} as="moment" />
            {a.decidedAt && a.status !== 'pending' ? (
              <>
                {' · '}
                {a.status === 'approved' ? 'approved' : 'rejected'} <When at={a.decidedAt} as="moment" />
              </>
            ) : null}
          </p>

          {a.status === 'pending' ? (
            <p className="text-sm leading-6 text-fg-soft">
              The admin is reviewing it. You&apos;ll get an e-mail with the decision, and you can send a new
              application once this one is resolved.
            </p>
          ) : null}

          {a.status === 'approved' ? (
            <p className="text-sm leading-6 text-fg-soft">
              Your startup is approved: you can now create projects in the discovery zone.
            </p>
          ) : null}

          {a.status === 'rejected' ? (
            <div className="grid gap-2 text-sm leading-6">
              {a.reason ? (
                <p className="rounded-xl border border-line bg-surface-2 px-3.5 py-2.5 text-fg-soft">
                  <span className="font-medium text-fg">Reason: </span>
                  <span className="break-words">{a.reason}</span>
                </p>
              ) : null}
              <p className="text-fg-soft">
                {end && !openNow ? (
                  <>
                    You can reapply after{' '}
                    <time dateTime={end.toISOString()} className="font-medium text-fg">
                      {formatMoment(end.toISOString())}
                    </time>
                    .
                  </>
                ) : (
                  'You can send a new application now.'
                )}
              </p>
            </div>
          ) : null}

          {showActions && a.status === 'approved' ? (
            <div className="mt-2">
              <Link to="/projects" className={buttonVariants({ variant: 'primary' })}>
                Create a project
                <ArrowRight aria-hidden="true" />
              </Link>
            </div>
          ) : null}
          {showActions && a.status === 'rejected' && openNow ? (
            <div className="mt-2">
              <Link
                to="/application/project-application"
                className={buttonVariants({ variant: 'secondary' })}
              >
                Apply again
                <ArrowRight aria-hidden="true" />
              </Link>
            </div>
          ) : null}
          <details className="group mt-1" data-testid="application-sent">
            <summary className="flex min-h-11 w-fit cursor-pointer items-center gap-1.5 rounded-lg text-sm font-medium text-accent-to hover:underline">
              What you sent
              <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
            </summary>
            <div className="mt-2 grid gap-3">
              <p className="text-sm text-fg-soft">
                {a.genre} · {a.phase}
              </p>
              <ApplicationDetails a={a} />
            </div>
          </details>
        </div>
      </div>
    </section>
  );
}
