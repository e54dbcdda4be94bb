import {
  CalendarClock,
  CalendarX2,
  CircleCheck,
  Clock,
  Coins,
  FileUp,
  Hourglass,
  type LucideIcon,
  Medal,
  Send,
  Trophy,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { ClampedText } from '@/client/components/clamped-text';
import { ProfileName } from '@/client/components/profile-name';
import { Button } from '@/client/components/ui/button';
import { Skeleton, SkeletonBars } from '@/client/components/ui/skeleton';
import { When } from '@/client/components/when';
import { XpGain } from '@/client/components/xp-gain';
import { cn } from '@/client/lib/cn';
import { safeUrl } from '@/client/lib/url';
import { MSG } from '@/shared/messages';
import {
  bountyCountdown,
  type Countdown,
  canPickWinners,
  placeLabel,
  winnersDue,
} from '@/shared/rules/bounty';
import type { Bounty } from '@/shared/schemas/bounties';

const TONE = {
  red: { className: 'border-declined/30 bg-declined/10 text-declined', icon: CalendarX2 },
  yellow: { className: 'border-pending/30 bg-pending/10 text-pending', icon: Hourglass },
  green: { className: 'border-approved/30 bg-approved/10 text-approved', icon: Clock },
  none: { className: 'border-line bg-surface-2 text-fg-soft', icon: CalendarClock },
} as const;

/** Days remaining, in the spec's words and colours, with an icon: colour is never the only signal. */
export function CountdownBadge({ countdown, className }: { countdown: Countdown; className?: string }) {
  const t = TONE[countdown.tone];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-2.5 py-1 text-xs font-semibold tabular-nums',
        t.className,
        className,
      )}
      data-tone={countdown.tone}
    >
      <t.icon className="size-3.5" aria-hidden="true" />
      {countdown.label}
    </span>
  );
}

/** A stored image: a same-origin /uploads/… path or an https URL from object storage. */
export function imageSrc(value: string): string | undefined {
  const u = safeUrl(value);
  return u && (u.startsWith('/') || u.startsWith('https://')) ? u : undefined;
}

/** One line of the card's facts: its name (with an icon, if any) on the left, `value`'s classes on the right. */
function Fact({
  icon: Icon,
  label,
  value,
  children,
}: {
  icon?: LucideIcon;
  label: string;
  value: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      {Icon ? (
        <dt className="inline-flex items-center gap-1.5 text-muted">
          <Icon className="size-4 text-subtle" aria-hidden="true" />
          {label}
        </dt>
      ) : (
        <dt className="text-muted">{label}</dt>
      )}
      <dd className={value}>{children}</dd>
    </div>
  );
}

const MAX_CHIPS = 3;

/**
 * Spec §2 bounty card: title, reward, description, deadline ('No deadline'), days
 * remaining, and 'Apply Now' / 'Bounty Expired' / 'Application Submitted'.
 */
export function BountyCard({
  bounty: b,
  now,
  timeZone,
  onApply,
  onSubmitWork,
  onPickWinners,
  isOwn,
  isAdmin = false,
}: {
  bounty: Bounty;
  now: Date;
  timeZone: string;
  onApply: (b: Bounty) => void;
  /** Issue 19: an applicant's work, until the deadline. */
  onSubmitWork?: (b: Bounty) => void;
  /** Issue 19: the requester's (or the admin's) podium, after the deadline. */
  onPickWinners?: (b: Bounty) => void;
  /** The viewer asked for this bounty: applying to one's own is pointless, so it says so. */
  isOwn: boolean;
  isAdmin?: boolean;
}) {
  const countdown = bountyCountdown(b.deadline, now, timeZone);
  const announced = b.winners.length > 0;
  const picking = (isOwn || isAdmin) && canPickWinners(b.deadline, b.winnersAnnouncedAt, now);
  // The requester's 7-day countdown after the deadline (issue 19).
  const due = isOwn ? winnersDue(b.deadline, b.winnersAnnouncedAt, now) : null;
  const titleId = `bounty-${b.id}`;
  const cover = b.images.map(imageSrc).find(Boolean);
  const extra = b.criteria.length - MAX_CHIPS;

  let action: ReactNode;
  if (picking && onPickWinners) {
    action = (
      <div className="grid gap-2">
        {due ? (
          <p
            className={cn(
              'text-center text-xs font-semibold',
              due.overdue ? 'text-declined' : 'text-pending',
            )}
            data-testid="winners-due"
          >
            {due.overdue ? MSG.winners.overdue : MSG.winners.dueIn(due.daysLeft)}
          </p>
        ) : null}
        <Button block onClick={() => onPickWinners(b)} aria-describedby={titleId}>
          <Trophy aria-hidden="true" />
          {MSG.winners.pickWinners}
        </Button>
      </div>
    );
  } else if (b.applied) {
    action = (
      <div className="grid gap-2">
        <Button variant="secondary" block disabled aria-describedby={titleId}>
          <CircleCheck aria-hidden="true" />
          {MSG.bounty.applicationSubmitted}
        </Button>
        {!countdown.expired && !announced && onSubmitWork ? (
          <Button block onClick={() => onSubmitWork(b)} aria-describedby={titleId}>
            <FileUp aria-hidden="true" />
            {MSG.winners.submitWork}
          </Button>
        ) : null}
      </div>
    );
  } else if (countdown.expired) {
    action = (
      <Button variant="secondary" block disabled aria-describedby={titleId}>
        <CalendarX2 aria-hidden="true" />
        {MSG.bounty.bountyExpired}
      </Button>
    );
  } else if (isOwn) {
    action = (
      <Button variant="secondary" block disabled aria-describedby={titleId}>
        Your bounty
      </Button>
    );
  } else {
    action = (
      <Button block onClick={() => onApply(b)} aria-describedby={titleId}>
        <Send aria-hidden="true" />
        {MSG.bounty.applyNow}
      </Button>
    );
  }

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border transition-colors',
        // Expired: quieter without fading its text (opacity took the 'Expired' badge to 4.11:1):
        // a dashed edge, the page's own background, a grey cover.
        countdown.expired
          ? 'border-dashed border-line bg-ink-2 [&_img]:opacity-50 [&_img]:grayscale'
          : 'border-line bg-surface hover:border-line-strong',
      )}
    >
      {cover ? (
        <div className="aspect-[2/1] overflow-hidden border-b border-line bg-surface-2">
          <img src={cover} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
        </div>
      ) : null}
      <div className="flex flex-1 flex-col gap-4 p-5">
        {/* The reward is the card's headline; the only full-colour element is the primary button. */}
        {/* Wraps rather than cuts: on a phone the countdown goes under a long reward. */}
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
          <p
            className={cn(
              'inline-flex min-w-0 max-w-full items-center gap-2 text-2xl font-semibold tracking-tight tabular-nums',
              countdown.expired ? 'text-fg-soft' : 'text-fg',
            )}
            data-testid="bounty-reward"
          >
            <Coins className="size-5 shrink-0 text-subtle" aria-hidden="true" />
            <span className="sr-only">Reward: </span>
            <span className="min-w-0 [overflow-wrap:anywhere]">{b.reward}</span>
          </p>
          <CountdownBadge countdown={countdown} className="mt-1" />
        </div>

        <div className="grid gap-2">
          <h2
            id={titleId}
            className="break-words text-base font-semibold leading-snug tracking-tight text-fg"
          >
            {b.title}
          </h2>
          <ClampedText
            id={`${titleId}-about`}
            text={b.description}
            className="text-sm leading-6 text-muted"
          />
        </div>

        {b.criteria.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Criteria">
            {b.criteria.slice(0, MAX_CHIPS).map((c) => (
              <li
                key={c}
                className="rounded-full border border-line bg-surface-2 px-2.5 py-0.5 text-xs text-fg-soft"
              >
                {c}
              </li>
            ))}
            {extra > 0 ? (
              <li className="rounded-full px-1.5 py-0.5 text-xs text-subtle" title={b.criteria.join(', ')}>
                +{extra} more
              </li>
            ) : null}
          </ul>
        ) : null}

        <dl className="mt-auto grid gap-1.5 border-t border-line pt-4 text-sm">
          <Fact icon={CalendarClock} label="Deadline" value="text-right tabular-nums text-fg-soft">
            {b.deadline ? <When at={b.deadline} as="date" /> : MSG.bounty.noDeadline}
          </Fact>
          <Fact icon={Users} label="Applicants" value="tabular-nums text-fg-soft">
            {b.applicants}
          </Fact>
          {b.requesterName ? (
            <Fact label="Posted by" value="min-w-0 truncate text-right text-fg-soft">
              <ProfileName name={b.requesterName} linked={b.requesterProfile} />
            </Fact>
          ) : null}
        </dl>
        {announced ? <PodiumList winners={b.winners} /> : null}
        {action}
      </div>
    </article>
  );
}

export function BountyCardSkeleton() {
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5">
      <SkeletonBars
        className="flex justify-between"
        bars={['h-7 w-28 rounded-full', 'h-7 w-32 rounded-full']}
      />
      <Skeleton className="h-6 w-3/4" />
      <SkeletonBars className="grid gap-2" bars={['h-4 w-full', 'h-4 w-11/12', 'h-4 w-2/3']} />
      <SkeletonBars className="flex gap-1.5" bars={['h-5 w-16 rounded-full', 'h-5 w-20 rounded-full']} />
      <SkeletonBars className="grid gap-2 border-t border-line pt-4" bars={['h-4 w-full', 'h-4 w-full']} />
      <Skeleton className="h-11 w-full rounded-xl" />
    </div>
  );
}

/** The announced podium on a bounty card. */
export function PodiumList({
  winners,
}: {
  winners: Array<{ place: number; displayName: string; profile: boolean; prizeXp: number }>;
}) {
  return (
    <div
      className="grid gap-1.5 rounded-xl border border-approved/25 bg-approved/[0.06] p-3"
      data-testid="podium"
    >
      <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-fg">
        <Medal className="size-4 text-approved" aria-hidden="true" />
        {MSG.winners.winnersTitle}
      </p>
      <ol className="grid gap-1 text-sm">
        {winners.map((w) => (
          <li key={w.place} className="flex items-center justify-between gap-3">
            <span className="min-w-0 truncate text-fg-soft">
              <span className="font-semibold tabular-nums text-fg">{placeLabel(w.place)}</span>{' '}
              <ProfileName name={w.displayName} linked={w.profile} />
            </span>
            <XpGain points={w.prizeXp} />
          </li>
        ))}
      </ol>
    </div>
  );
}
