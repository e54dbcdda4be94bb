import { Activity, ArrowRight, Gift, Sparkles, Trophy, Users, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { abbreviateCount } from '../../../shared/format';
import { LIMITS } from '../../../shared/limits';
import { roleLabel } from '../../../shared/lists';
import { MSG } from '../../../shared/messages';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { StatCard } from '../../components/stat-card';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';
import { useSession } from '../../lib/session';

const QUICK_ACTIONS = [
  {
    to: '/contribution-hub',
    label: 'Submit a contribution',
    hint: `Up to ${LIMITS.contributionsPerDay} a day`,
    icon: Zap,
  },
  { to: '/bounties', label: 'Browse bounties', hint: 'Rewards for real work', icon: Trophy },
  { to: '/profile', label: 'Invite friends', hint: `+${LIMITS.referralRewardPoints} XP each`, icon: Gift },
];

export function DashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  const name = user.displayName || user.email;

  return (
    <div className="container-content grid gap-10 pb-16 pt-8 sm:pt-12">
      <PageHeader
        eyebrow="Dashboard"
        title={
          <>
            Welcome, <span className="break-words">{name}</span>
          </>
        }
        description="Your XP, your connections and what to do next."
        actions={<Badge tone="accent">{roleLabel(user.role)}</Badge>}
      />

      <section aria-label="Your stats" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <StatCard
          className="col-span-2 lg:col-span-1"
          label="XP"
          value={formatNumber(user.pointBalance)}
          icon={<Sparkles />}
          accent
          hint={MSG.leaderboard.xpPoints}
        />
        <StatCard
          label={MSG.profile.smartConnection}
          value={abbreviateCount(user.referralCount)}
          icon={<Users />}
          hint="Friends who joined with your link"
        />
        <StatCard
          label="Total Contributions"
          value={formatNumber(user.totalContributions ?? 0)}
          icon={<Activity />}
          hint="Submitted in the Hub"
        />
      </section>

      <section aria-labelledby="quick-title" className="grid gap-4">
        <h2 id="quick-title" className="text-lg font-semibold tracking-tight">
          Next steps
        </h2>
        <ul className="grid gap-3 md:grid-cols-3">
          {QUICK_ACTIONS.map((a) => (
            <li key={a.to}>
              <Link
                to={a.to}
                className="group flex min-h-11 items-center gap-4 rounded-2xl border border-line bg-surface p-4 transition-colors hover:border-line-strong hover:bg-surface-2"
              >
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-gradient text-ink">
                  <a.icon className="size-5" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-fg">{a.label}</span>
                  <span className="block text-sm text-muted">{a.hint}</span>
                </span>
                <ArrowRight
                  className="size-4 text-subtle transition-transform group-hover:translate-x-0.5 group-hover:text-fg"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="activity-title" className="grid content-start gap-4">
          <h2 id="activity-title" className="text-lg font-semibold tracking-tight">
            Recent activity
          </h2>
          <EmptyState
            icon={<Activity />}
            title="Activity is coming soon"
            description="Your latest projects, bounty applications, grants and contributions will be listed here."
            action={
              <Link to="/docs#how-to-contribute" className={buttonVariants({ variant: 'secondary' })}>
                How to contribute
              </Link>
            }
          />
        </section>

        <section aria-labelledby="leaderboard-title" className="grid content-start gap-4">
          <h2 id="leaderboard-title" className="text-lg font-semibold tracking-tight">
            Leaderboard
          </h2>
          <div className="overflow-hidden rounded-2xl border border-line bg-surface">
            <img
              src="/leaderboard-banner.svg"
              alt=""
              width={1200}
              height={240}
              loading="lazy"
              className="aspect-[5/1] w-full object-cover"
            />
            <div className="p-6">
              <p className="font-semibold text-fg">
                Top {LIMITS.leaderboardSize} contributors,{' '}
                <span className="text-accent-gradient">coming soon</span>
              </p>
              <p className="mt-2 text-sm leading-6 text-muted">
                Rankings by XP, with your own rank, will appear here. Ties go to whoever reached the score
                first.
              </p>
              <Link
                to="/docs#leaderboard"
                className={cn(buttonVariants({ variant: 'link' }), 'mt-4 min-h-11 text-sm')}
              >
                How ranking works
              </Link>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}
