import { useQuery } from '@tanstack/react-query';
import {
  ArrowRight,
  ChartNoAxesCombined,
  ClipboardCheck,
  FilePlus2,
  Lock,
  type LucideIcon,
  MailWarning,
  ScrollText,
  ShieldCheck,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Loading } from '@/client/components/loading';
import { PageFrame, type PageHead } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { ReviewStatusBadge } from '@/client/components/review-status-badge';
import { Alert } from '@/client/components/ui/alert';
import { Badge } from '@/client/components/ui/badge';
import { buttonVariants } from '@/client/components/ui/button';
import { IconTile } from '@/client/components/ui/icon-tile';
import { Skeleton, SkeletonBars } from '@/client/components/ui/skeleton';
import { cn } from '@/client/lib/cn';
import { useSession } from '@/client/lib/session';
import { mailQueueQuery } from '@/client/lib/shared-queries';
import { MSG } from '@/shared/messages';
import { myApplicationQuery, pendingApplicationsQuery } from './api';
import { ApplicationStatusCard, useCooldownRefresh } from './application-status';

type HubCardProps = {
  title: string;
  description: string;
  icon: LucideIcon;
  /** Where the card goes; without it the card is shown disabled with `disabledReason`. */
  to?: string;
  disabledReason?: string;
  aside?: ReactNode;
};

function HubCard({ title, description, icon: Icon, to, disabledReason, aside }: HubCardProps) {
  const body = (
    <>
      <IconTile icon={Icon} tone={to ? 'gradient' : 'muted'} className="sm:size-12 sm:[&>svg]:size-6" />
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="text-base font-semibold text-fg">{title}</span>
          {aside}
        </span>
        <span className="text-sm leading-6 text-muted">{description}</span>
        {disabledReason ? (
          <span className="mt-1 inline-flex items-start gap-1.5 text-sm font-medium text-fg-soft">
            <Lock className="mt-1 size-3.5 shrink-0 text-subtle" aria-hidden="true" />
            {disabledReason}
          </span>
        ) : null}
      </span>
      {to ? (
        <ArrowRight
          className="size-5 shrink-0 self-center text-subtle transition-transform group-hover:translate-x-0.5 group-hover:text-fg"
          aria-hidden="true"
        />
      ) : null}
    </>
  );
  const base = 'flex h-full items-start gap-4 rounded-2xl border p-5 sm:p-6';
  if (!to) {
    return (
      <div aria-disabled="true" className={cn(base, 'border-line/70 bg-surface/60')}>
        {body}
      </div>
    );
  }
  return (
    <Link
      to={to}
      className={cn(
        base,
        'group border-line bg-surface transition-colors hover:border-line-strong hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-to',
      )}
    >
      {body}
    </Link>
  );
}

/** The admin's queue size on the approvals card. */
function usePendingCount(enabled: boolean) {
  return useQuery({
    ...pendingApplicationsQuery,
    enabled,
    select: (d) => String(d.pending),
  });
}

/** The cards of a hub, two to a row from tablet width. */
function HubCards({ cards }: { cards: HubCardProps[] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {cards.map((card) => (
        <li key={card.title}>
          <HubCard {...card} />
        </li>
      ))}
    </ul>
  );
}

/** A queue's size beside its card's title; loud when there is something to do. */
function CountBadge({
  count,
  label,
  tone,
}: {
  count: number | string | undefined;
  label: string;
  tone: 'pending' | 'declined';
}) {
  if (count === undefined) return null;
  return (
    <Badge tone={count !== 0 && count !== '0' ? tone : 'neutral'} className="tabular-nums">
      {count} {label}
    </Badge>
  );
}

/** The admin's tools, in the order the hub lists them. */
const ADMIN_TOOLS = [
  {
    to: '/admin/project-approvals',
    icon: ShieldCheck,
    title: MSG.projectApplication.approveTitle,
    description:
      "Review startups' project applications: approve them to let the startup create projects, or reject them with a reason.",
  },
  {
    to: '/admin/bounty-approvals',
    icon: ClipboardCheck,
    title: MSG.projectApplication.bountyTitle,
    description: 'Approve, reject or reset bounty requests from startups and projects, newest first.',
  },
  {
    to: '/admin/insights',
    icon: ChartNoAxesCombined,
    title: 'Insights',
    description:
      'Sign-ups, contributions, review times against the 24-hour promise, referrals, funnels, queue health and abuse flags; CSV exports.',
  },
  {
    to: '/admin/mail',
    icon: MailWarning,
    title: MSG.mail.title,
    description: 'Mail that could not be delivered after every retry, with a button to send each one again.',
  },
  {
    to: '/admin/users',
    icon: Users,
    title: MSG.moderation.usersTitle,
    description:
      'Search members by name or e-mail, filter by role, verified and disabled, and open one to see their XP, items, referrals and sessions.',
  },
  {
    to: '/admin/audit',
    icon: ScrollText,
    title: MSG.moderation.auditTitle,
    description:
      'Every admin decision and moderation action, who made it and why, filtered by actor, action and date.',
  },
] as const satisfies readonly (HubCardProps & { to: string })[];

function AdminHub() {
  const pending = usePendingCount(true);
  const failedMail = useQuery({ ...mailQueueQuery, select: (d) => d.failed });
  const asides: Partial<Record<(typeof ADMIN_TOOLS)[number]['to'], ReactNode>> = {
    '/admin/project-approvals': <CountBadge count={pending.data} label="pending" tone="pending" />,
    '/admin/mail': <CountBadge count={failedMail.data} label="failed" tone="declined" />,
  };
  return <HubCards cards={ADMIN_TOOLS.map((tool) => ({ ...tool, aside: asides[tool.to] }))} />;
}

function StartupStatus() {
  const mine = useQuery(myApplicationQuery);
  useCooldownRefresh(mine.data, mine.refetch);
  if (mine.isPending) {
    return (
      <Loading label="Loading your application" className="rounded-2xl border border-line bg-surface p-6">
        <div className="flex gap-4">
          <Skeleton className="size-10 shrink-0 rounded-xl" />
          <SkeletonBars
            className="grid flex-1 gap-2"
            bars={['h-5 w-full max-w-56', 'h-4 w-40', 'h-4 w-full max-w-md']}
          />
        </div>
      </Loading>
    );
  }
  if (mine.isError) return <Alert>Couldn&apos;t load your application status. Please try again later.</Alert>;
  return <ApplicationStatusCard mine={mine.data} />;
}

/** An applicant's forms and status (the static first paint draws a startup's, app/static-shell.tsx). */
export function ApplicantHub({ startup }: { startup: boolean }) {
  const mine = useQuery({ ...myApplicationQuery, enabled: startup });
  const status = mine.data?.latest?.status;
  return (
    <div className="grid gap-6">
      <HubCards
        cards={[
          {
            to: startup ? '/application/project-application' : undefined,
            icon: FilePlus2,
            title: MSG.projectApplication.applyTitle,
            description:
              'Apply with your website, GitHub, whitepaper, team, genre, phase and goals. Approved startups can create projects.',
            disabledReason: startup ? undefined : MSG.projectApplication.startupOnly,
            aside: status ? <ReviewStatusBadge status={status} /> : null,
          },
          {
            to: '/application/bounty-application',
            icon: ClipboardCheck,
            title: MSG.projectApplication.bountyRequestTitle,
            description:
              'Ask for a bounty to be listed for the community, with a reward, a deadline and the criteria that matter.',
          },
        ]}
      />
      {startup ? <StartupStatus /> : null}
    </div>
  );
}

const adminHubHead = {
  eyebrow: 'Admin',
  title: 'Review applications',
  description: 'Decide on what startups and projects submit. Every decision is e-mailed to the applicant.',
} satisfies PageHead;

/** Spec §2 Applications hub: the admin's review cards, or the applicant's forms and status. */
export function ApplicationHubPage() {
  const { user } = useSession();
  if (!user) return null;
  const admin = user.isAdmin;
  return (
    <PageFrame
      head={admin ? adminHubHead : PAGE_HEADS['/application']}
      actions={
        // The spec's review cards are a part of the admin's work; Admin home has every queue and tool.
        admin ? (
          <Link to="/admin" className={buttonVariants({ variant: 'secondary' })}>
            All admin tools
            <ArrowRight aria-hidden="true" />
          </Link>
        ) : undefined
      }
    >
      {admin ? <AdminHub /> : <ApplicantHub startup={user.role === 'startup'} />}
    </PageFrame>
  );
}
