import {
  CalendarClock,
  CircleCheck,
  CircleX,
  Clock,
  Coins,
  ExternalLink,
  Link2,
  MessageSquareText,
  Trophy,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ExpandableText } from '@/client/components/expandable-text';
import {
  DecisionButtons,
  DecisionNote,
  QueueRow,
  RowPerson,
  RowSubmitted,
} from '@/client/components/queue-row';
import { Badge } from '@/client/components/ui/badge';
import { When } from '@/client/components/when';
import { adminErrorMessage } from '@/client/lib/admin-error';
import { formatMoment } from '@/client/lib/format';
import { toast } from '@/client/lib/toast';
import { safeUrl } from '@/client/lib/url';
import { safeHref } from '@/shared/links';
import { MSG } from '@/shared/messages';
import type { BountyRequest } from '@/shared/schemas/bounties';
import { useReviewRequest } from '../api';
import { DecisionDialog } from './decision-dialog';

const STATUS = {
  pending: { tone: 'pending', label: 'Pending', icon: Clock },
  approved: { tone: 'approved', label: 'Approved', icon: CircleCheck },
  rejected: { tone: 'declined', label: 'Rejected', icon: CircleX },
} as const;

/** The message for a failed decision (spec §8 Admin). */
function decisionError(err: unknown): string {
  return adminErrorMessage(err, MSG.admin.error, MSG.admin.statusErrorPrefix);
}

/** A stored image: same-origin /uploads/… or https from object storage. */
function imageSrc(value: string): string | undefined {
  const u = safeUrl(value);
  return u && (u.startsWith('/') || u.startsWith('https://')) ? u : undefined;
}
function Meta({ icon: Icon, label, children }: { icon: typeof Coins; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2.5 py-1.5">
      <Icon className="mt-0.5 size-4 shrink-0 text-subtle" aria-hidden="true" />
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-fg-soft">{children}</dd>
    </div>
  );
}

export function RequestCard({ request: r }: { request: BountyRequest }) {
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const titleId = `request-${r.id}-title`;
  const status = STATUS[r.status];
  const link = safeHref(r.resourceLink);

  const review = useReviewRequest(r, {
    onSuccess: (_res, { action }) =>
      toast.success(
        action === 'approve'
          ? 'Approved: the bounty is live on the board.'
          : action === 'reject'
            ? 'Request rejected.'
            : 'Request returned to pending.',
      ),
    onError: (err) => toast.error(decisionError(err)),
  });
  const busy = review.isPending ? review.variables?.action : null;
  // Leaving "approved" unpublishes the bounty, which the server refuses once anyone has applied.
  const locked = r.status === 'approved' && r.applicants > 0;

  const actions = locked ? (
    // No decision can unpublish it: the row says so where its buttons would be (details say why).
    <span className="text-xs text-muted">
      Stays live · {r.applicants === 1 ? '1 applicant' : `${r.applicants} applicants`}
    </span>
  ) : (
    <DecisionButtons
      decisions={[
        { action: 'reset', look: 'reset', label: 'Reset', hidden: r.status === 'pending' || locked },
        { action: 'reject', look: 'refuse', label: 'Reject', hidden: r.status === 'rejected' || locked },
        { action: 'approve', look: 'approve', label: 'Approve', hidden: r.status === 'approved' },
      ]}
      busy={busy}
      onPick={(action) => (action === 'reset' ? review.mutate({ action }) : setDialog(action))}
      describedBy={titleId}
    />
  );

  return (
    <>
      <QueueRow
        id={`request-${r.id}`}
        busy={!!busy}
        title={r.title}
        meta={
          <>
            <RowPerson name={r.requesterName ?? 'Unknown requester'} />
            <span className="inline-flex items-center gap-1.5 font-medium text-fg-soft">
              <Coins className="size-3.5 shrink-0 text-subtle" aria-hidden="true" />
              {r.reward}
            </span>
            <RowSubmitted at={r.createdAt} />
          </>
        }
        aside={
          <Badge tone={status.tone} className="w-fit">
            <status.icon className="size-3" aria-hidden="true" />
            {status.label}
          </Badge>
        }
        actions={actions}
      >
        <dl className="grid gap-x-6 rounded-xl border border-line bg-ink-2/60 px-4 py-2 sm:grid-cols-2">
          <Meta icon={Coins} label="Reward">
            <span className="font-medium text-fg">{r.reward}</span>
          </Meta>
          <Meta icon={CalendarClock} label="Deadline">
            Deadline <When at={r.deadline} as="date" />
          </Meta>
          <Meta icon={MessageSquareText} label="Contact">
            {r.contactInfo}
          </Meta>
          <Meta icon={Link2} label="Resource link">
            {link ? (
              <a
                href={link}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex max-w-full items-start gap-1 break-all text-accent-to underline-offset-4 hover:underline"
              >
                {link.replace(/^https?:\/\//, '')}
                <ExternalLink className="mt-1 size-3.5 shrink-0" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              <span className="text-subtle">No resource link</span>
            )}
          </Meta>
        </dl>
        <ExpandableText heading="Description" text={r.description} lines={5} maxChars={360} />

        {r.criteria.length > 0 ? (
          <div className="grid gap-2">
            <h3 className="text-sm font-medium text-fg-soft">Criteria</h3>
            <ul className="flex flex-wrap gap-1.5">
              {r.criteria.map((c) => (
                <li
                  key={c}
                  className="rounded-full border border-accent-from/30 bg-accent-from/10 px-2.5 py-1 text-xs font-medium text-accent-from"
                >
                  {c}
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {r.images.length > 0 ? (
          <div className="grid gap-2">
            <h3 className="text-sm font-medium text-fg-soft">Images</h3>
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
              {r.images.map((src, i) => {
                const s = imageSrc(src);
                if (!s) return null;
                return (
                  <li
                    key={src}
                    className="aspect-[4/3] overflow-hidden rounded-lg border border-line bg-surface-2"
                  >
                    <a
                      href={s}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="block size-full focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-to"
                    >
                      <img
                        src={s}
                        alt={`${r.title}, attachment ${i + 1}`}
                        loading="lazy"
                        decoding="async"
                        className="size-full object-cover transition-transform duration-300 hover:scale-105"
                      />
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}

        <DecisionNote
          verb="Reviewed"
          at={r.reviewedAt}
          format={formatMoment}
          message={r.adminMessage}
          gap="gap-1.5"
        >
          {r.bountyId ? (
            <p className="inline-flex items-center gap-1.5 text-fg-soft">
              <Trophy className="size-3.5 text-approved" aria-hidden="true" />
              Live on the board · {r.applicants} {r.applicants === 1 ? 'applicant' : 'applicants'}
            </p>
          ) : null}
          {locked ? (
            <p className="text-muted" data-testid="stays-published">
              {MSG.bounty.stayPublished}{' '}
              <Link
                to={`/admin/users/${encodeURIComponent(r.userId)}`}
                className="text-accent-to underline-offset-4 hover:underline"
              >
                Open the requester’s account
              </Link>
            </p>
          ) : null}
        </DecisionNote>
      </QueueRow>
      <DecisionDialog
        action={dialog ?? 'approve'}
        title={r.title}
        open={dialog !== null}
        onOpenChange={(o) => !o && setDialog(null)}
        onConfirm={(message) => {
          const action = dialog;
          setDialog(null);
          if (action) review.mutate({ action, ...(message ? { message } : {}) });
        }}
      />
    </>
  );
}
