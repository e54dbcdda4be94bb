import { Award, MessageSquareWarning, X } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { TweetEmbed } from '@/client/components/tweet-embed';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { When } from '@/client/components/when';
import { MSG } from '@/shared/messages';
import type { Contribution } from '@/shared/schemas/contributions';
import type { BulkDecision, Decision } from '../api';
import { ContributionLink } from '../contribution-parts';
import { ChangesForm, RejectForm, RewardForm } from './review-forms';

const TAB =
  'inline-flex h-11 flex-1 items-center justify-center gap-2 rounded-lg text-sm font-medium text-muted transition-colors hover:text-fg data-[state=active]:bg-surface-3 data-[state=active]:text-fg data-[state=active]:shadow-sm [&_svg]:size-4';

/** Reward | Reject | Request changes (not after one resubmission), each with its own form. */
function DecisionTabs({
  pending,
  onDecide,
  maxPoints,
  canSendBack,
}: {
  pending: boolean;
  onDecide: (d: Decision) => void;
  maxPoints: number | undefined;
  canSendBack: boolean;
}) {
  const [tab, setTab] = useState<Decision['action']>('reward');
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(v) => setTab(v === 'reject' || v === 'changes' ? v : 'reward')}
      className="grid min-w-0 grid-cols-1 gap-5"
    >
      <Tabs.List aria-label="Decision" className="flex gap-1 rounded-xl border border-line bg-ink-2 p-1">
        <Tabs.Trigger value="reward" className={TAB}>
          <Award className="text-approved" aria-hidden="true" />
          Reward
        </Tabs.Trigger>
        <Tabs.Trigger value="reject" className={TAB}>
          <X className="text-declined" aria-hidden="true" />
          Reject
        </Tabs.Trigger>
        {canSendBack ? (
          <Tabs.Trigger value="changes" className={TAB}>
            <MessageSquareWarning className="text-pending" aria-hidden="true" />
            <span className="sm:hidden">Changes</span>
            <span className="hidden sm:inline">{MSG.reviewers.requestChanges}</span>
          </Tabs.Trigger>
        ) : null}
      </Tabs.List>
      <Tabs.Content value="reward" className="outline-none">
        <RewardForm
          pending={pending}
          maxPoints={maxPoints}
          submitLabel="Reward"
          onSubmit={(points) => onDecide({ action: 'reward', points })}
        />
      </Tabs.Content>
      <Tabs.Content value="reject" className="outline-none">
        <RejectForm
          pending={pending}
          submitLabel="Reject"
          onSubmit={(reason) => onDecide({ action: 'reject', reason })}
        />
      </Tabs.Content>
      {canSendBack ? (
        <Tabs.Content value="changes" className="outline-none">
          <ChangesForm pending={pending} onSubmit={(note) => onDecide({ action: 'changes', note })} />
        </Tabs.Content>
      ) : null}
    </Tabs.Root>
  );
}

/** Clicking a pending contribution: its details, the tweet, and Reward / Reject. */
export function ReviewDialog({
  item,
  maxPoints,
  pending,
  onOpenChange,
  onDecide,
}: {
  item: Contribution | null;
  /** A reviewer's limit per item; none for the admin. */
  maxPoints: number | undefined;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onDecide: (d: Decision) => void;
}) {
  return (
    <Dialog open={!!item} onOpenChange={(o) => !pending && onOpenChange(o)}>
      {item ? (
        <DialogContent
          title={`Review “${item.title}”`}
          description={
            <>
              By <span className="text-fg-soft">{item.contributor}</span> ·{' '}
              <When at={item.createdAt} as="dateTime" />
            </>
          }
          className="sm:max-w-xl [&_h2]:break-words"
          data-testid="review-dialog"
        >
          <div className="grid min-w-0 grid-cols-1 gap-5">
            {item.resubmittedAt ? (
              <p className="text-xs text-muted" data-testid="resubmitted-note">
                {MSG.reviewers.resubmittedBadge} after a change request: “{item.changesNote}”
              </p>
            ) : null}
            {item.type === 'tweet' ? <TweetEmbed link={item.link} /> : null}
            {item.link || item.fileUrl ? <ContributionLink item={item} /> : null}
            <div className="border-t border-line pt-5">
              <DecisionTabs
                pending={pending}
                onDecide={onDecide}
                maxPoints={maxPoints}
                canSendBack={!item.resubmittedAt}
              />
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** The bulk bar's dialog: one points value or one reason for every selected item. */
export function BulkDialog({
  action,
  maxPoints,
  count,
  pending,
  onOpenChange,
  onDecide,
}: {
  action: BulkDecision['action'] | null;
  maxPoints: number | undefined;
  count: number;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onDecide: (d: BulkDecision) => void;
}) {
  const noun = count === 1 ? 'contribution' : 'contributions';
  return (
    <Dialog open={!!action} onOpenChange={(o) => !pending && onOpenChange(o)}>
      {action ? (
        <DialogContent
          title={`${action === 'reward' ? 'Reward' : 'Reject'} ${count} ${noun}`}
          description={
            action === 'reward'
              ? 'Each selected contribution gets the same points.'
              : 'Each selected contribution gets the same reason.'
          }
          data-testid="bulk-dialog"
        >
          {action === 'reward' ? (
            <RewardForm
              pending={pending}
              maxPoints={maxPoints}
              autoFocus
              submitLabel={`Reward ${count}`}
              onSubmit={(points) => onDecide({ action: 'reward', points })}
            />
          ) : (
            <RejectForm
              pending={pending}
              submitLabel={`Reject ${count}`}
              onSubmit={(reason) => onDecide({ action: 'reject', reason })}
            />
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
