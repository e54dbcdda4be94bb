import { Activity, ArrowRight, HandCoins, Rocket, Trophy, Zap } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/client/components/empty-state';
import { Badge, type BadgeProps } from '@/client/components/ui/badge';
import { buttonVariants } from '@/client/components/ui/button';
import { useApplicationState } from '@/client/lib/application-state';
import { cn } from '@/client/lib/cn';
import { formatDate } from '@/client/lib/format';
import { useSession } from '@/client/lib/session';
import { MSG } from '@/shared/messages';
import { FIRST_CONTRIBUTION, INVITE_FRIEND, primaryStep, projectsStep } from '@/shared/rules/journey';
import type { ActivityItem, Dashboard } from '@/shared/schemas/dashboard';

type Group = {
  key: keyof Dashboard['recent'];
  title: string;
  to: string;
  action: string;
  icon: ComponentType<{ className?: string }>;
};

const GROUPS: Group[] = [
  { key: 'projects', title: MSG.nav.projects, to: '/projects', action: 'Browse projects', icon: Rocket },
  { key: 'bounties', title: MSG.nav.bounties, to: '/bounties', action: 'Browse bounties', icon: Trophy },
  { key: 'grants', title: MSG.nav.grants, to: '/grants', action: 'Explore grants', icon: HandCoins },
  { key: 'contributions', title: 'Contributions', to: '/contribution-hub', action: 'Contribute', icon: Zap },
];

function statusTone(status: string): BadgeProps['tone'] {
  const s = status.toLowerCase();
  if (s === 'pending') return 'pending';
  if (s === 'approved' || s === 'active' || s === 'rewarded') return 'approved';
  if (s === 'declined' || s === 'rejected' || s === 'expired') return 'declined';
  return 'neutral';
}

function ActivityRow({ item }: { item: ActivityItem }) {
  const date = item.date ? formatDate(item.date) : '';
  return (
    <li className="flex min-h-11 items-center gap-3 py-2">
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-fg [overflow-wrap:anywhere]">{item.title}</span>
        <span className="block text-xs tabular-nums text-subtle">
          {date ? <time dateTime={item.date ?? undefined}>{date}</time> : MSG.dashboard.recent}
        </span>
      </span>
      {item.status ? (
        <Badge tone={statusTone(item.status)} className="shrink-0 capitalize">
          {item.status}
        </Badge>
      ) : null}
    </li>
  );
}

/** Spec §2 Dashboard: up to 3 each of projects, bounty applications, grants and contributions. */
export function RecentActivity({ recent }: { recent: Dashboard['recent'] }) {
  const total = GROUPS.reduce((n, g) => n + recent[g.key].length, 0);
  // Calls to action the viewer can follow (issue 20): a builder is not offered "Create a project".
  const { viewer } = useSession();
  const application = useApplicationState(viewer);
  const primary = viewer ? primaryStep(viewer, application) : FIRST_CONTRIBUTION;
  const projects = viewer ? projectsStep(viewer, application) : { to: '/projects', label: 'Browse projects' };
  return (
    <section aria-labelledby="activity-title" className="grid grid-cols-1 content-start gap-4">
      <h2 id="activity-title" className="text-lg font-semibold tracking-tight">
        Recent Activity
      </h2>
      {total === 0 ? (
        <EmptyState
          className="py-10 sm:py-12"
          icon={<Activity />}
          title="Nothing here yet"
          description={
            <>
              {MSG.dashboard.emptyActivity}
              {application === 'pending' ? (
                <span className="mt-2 block" data-testid="application-waiting">
                  Your startup application is with the team: you will be told here and by e-mail once it is
                  decided.
                </span>
              ) : null}
            </>
          }
          action={
            <>
              <Link to={primary.to} className={buttonVariants({ variant: 'primary' })}>
                {primary.label}
              </Link>
              {primary === INVITE_FRIEND ? null : (
                <Link to={INVITE_FRIEND.to} className={buttonVariants({ variant: 'secondary' })}>
                  {INVITE_FRIEND.label}
                </Link>
              )}
              <Link to="/bounties" className={buttonVariants({ variant: 'secondary' })}>
                Browse bounties
              </Link>
            </>
          }
        />
      ) : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {GROUPS.map((g) => {
            const items = recent[g.key];
            return (
              <div key={g.key} className="min-w-0 rounded-2xl border border-line bg-surface p-4">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="flex items-center gap-2 text-sm font-semibold text-fg-soft">
                    <g.icon className="size-4 text-accent-from" aria-hidden="true" />
                    {g.title}
                  </h3>
                  <Link
                    to={g.to}
                    className="-mr-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-xs text-muted hover:text-fg"
                    aria-label={`All ${g.title.toLowerCase()}`}
                  >
                    All <ArrowRight className="size-3.5" aria-hidden="true" />
                  </Link>
                </div>
                {items.length ? (
                  <ul className="mt-1 divide-y divide-line/60">
                    {items.map((item) => (
                      <ActivityRow key={item.id} item={item} />
                    ))}
                  </ul>
                ) : (
                  <p className="mt-2 text-sm text-subtle">
                    None yet.{' '}
                    <Link
                      to={g.key === 'projects' ? projects.to : g.to}
                      className={cn('inline-flex min-h-11 items-center text-accent-to hover:underline')}
                    >
                      {g.key === 'projects' ? projects.label : g.action}
                    </Link>
                  </p>
                )}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
