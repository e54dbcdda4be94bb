import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, PencilLine, Send } from 'lucide-react';
import { LabelledSection } from '@/client/components/labelled-section';
import { ProfileName } from '@/client/components/profile-name';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { Skeleton } from '@/client/components/ui/skeleton';
import { When } from '@/client/components/when';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { formatDate } from '@/client/lib/format';
import { MSG } from '@/shared/messages';
import type { Grant } from '@/shared/schemas/grants';
import { grantDetailQuery } from './api';
import { GrantStatusBadge } from './status';

const EVENT = {
  Submitted: { icon: Send, className: 'border-accent-from/40 bg-accent-from/15 text-accent-from' },
  Edited: { icon: PencilLine, className: 'border-line-strong bg-surface-3 text-fg-soft' },
  Approved: { icon: CircleCheck, className: 'border-approved/40 bg-approved/15 text-approved' },
  Declined: { icon: CircleX, className: 'border-declined/40 bg-declined/15 text-declined' },
} as const;

/** 'View Details': the full proposal and its history (submitted, edited, decided with the admin's note). */
export function GrantDetailsDialog({
  grant,
  onOpenChange,
  onEdit,
}: {
  grant: Grant | null;
  onOpenChange: (open: boolean) => void;
  onEdit: (g: Grant) => void;
}) {
  const detail = useQuery({ ...grantDetailQuery(grant?.id ?? ''), enabled: !!grant });
  const g = detail.data?.grant ?? grant;
  return (
    <Dialog open={!!grant} onOpenChange={onOpenChange}>
      {g ? (
        <DialogContent
          title={g.projectTitle ?? MSG.grant.unknownProject}
          description={`Grant application · submitted ${formatDate(g.submittedAt)}`}
          className="sm:max-w-2xl"
        >
          <div className="grid gap-6">
            <dl className="grid grid-cols-2 gap-3 rounded-xl border border-line bg-ink-2/60 p-4 text-sm sm:grid-cols-3">
              <div className="grid gap-1">
                <dt className="text-muted">Amount</dt>
                <dd className="font-semibold tabular-nums text-fg">{g.amountRequested}</dd>
              </div>
              <div className="grid justify-items-start gap-1">
                <dt className="text-muted">Status</dt>
                <dd>
                  <GrantStatusBadge status={g.status} />
                </dd>
              </div>
              <div className="col-span-2 grid gap-1 sm:col-span-1">
                <dt className="text-muted">Applicant</dt>
                <dd className="truncate text-fg-soft">
                  {g.applicantName ? <ProfileName name={g.applicantName} linked={g.applicantProfile} /> : '—'}
                </dd>
              </div>
            </dl>

            {g.adminMessage ? (
              <div
                className={cn(
                  'rounded-xl border px-4 py-3 text-sm',
                  g.status === 'declined'
                    ? 'border-declined/30 bg-declined/5'
                    : 'border-approved/30 bg-approved/5',
                )}
              >
                <p className="font-medium text-fg">Message from the admin</p>
                <p className="mt-1 whitespace-pre-line break-words text-fg-soft">{g.adminMessage}</p>
              </div>
            ) : null}

            <LabelledSection title="Proposal" level="h3" className="gap-2">
              <p className="whitespace-pre-line break-words text-sm leading-7 text-fg-soft">{g.proposal}</p>
            </LabelledSection>

            <LabelledSection title="History" level="h3" className="gap-3">
              {detail.isPending ? (
                <div className="grid gap-3" aria-busy="true">
                  <Skeleton className="h-10 w-2/3" />
                  <Skeleton className="h-10 w-1/2" />
                </div>
              ) : detail.isError ? (
                <Alert>{errorMessage(detail.error)}</Alert>
              ) : (
                <ol className="relative grid gap-4 before:absolute before:bottom-3 before:left-[15px] before:top-3 before:w-px before:bg-line">
                  {detail.data.grant.history.map((h) => {
                    const e = EVENT[h.event as keyof typeof EVENT] ?? EVENT.Edited;
                    return (
                      <li key={`${h.at}-${h.event}`} className="relative flex gap-3">
                        <span
                          className={cn(
                            'relative z-10 grid size-8 shrink-0 place-items-center rounded-full border',
                            e.className,
                          )}
                        >
                          <e.icon className="size-3.5" aria-hidden="true" />
                        </span>
                        <div className="grid min-w-0 gap-0.5 pt-1">
                          <p className="text-sm font-medium text-fg">{h.event}</p>
                          <p className="text-xs tabular-nums text-muted">
                            <When at={h.at} as="moment" />
                          </p>
                          {h.note ? (
                            <p className="mt-1 whitespace-pre-line break-words text-sm text-fg-soft">
                              {h.note}
                            </p>
                          ) : null}
                        </div>
                      </li>
                    );
                  })}
                </ol>
              )}
            </LabelledSection>

            <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={() => onOpenChange(false)}>
                Close
              </Button>
              {g.mine && g.status === 'pending' ? (
                <Button variant="secondary" onClick={() => onEdit(g)}>
                  <PencilLine aria-hidden="true" />
                  {MSG.grant.edit}
                </Button>
              ) : null}
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
