import { useQuery } from '@tanstack/react-query';
import {
  Activity,
  ChevronDown,
  ChevronUp,
  CloudOff,
  ExternalLink,
  FolderKanban,
  HandCoins,
  type LucideIcon,
  Sparkles,
  Trophy,
} from 'lucide-react';
import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/client/components/empty-state';
import { Eyebrow } from '@/client/components/eyebrow';
import { LazyPart } from '@/client/components/lazy-part';
import { Loading } from '@/client/components/loading';
import { StaleNotice } from '@/client/components/stale-notice';
import { StatCard, StatCardSkeletons } from '@/client/components/stat-card';
import { Badge } from '@/client/components/ui/badge';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { Glow } from '@/client/components/ui/glow';
import { IconTile } from '@/client/components/ui/icon-tile';
import { Skeleton, SkeletonBars } from '@/client/components/ui/skeleton';
import { Spinner } from '@/client/components/ui/spinner';
import { errorMessage } from '@/client/lib/api';
import { configQueryOptions } from '@/client/lib/config';
import { formatNumber } from '@/client/lib/format';
import { useSession } from '@/client/lib/session';
import { readLocal, writeLocal } from '@/client/lib/storage';
import { externalLinkProps, safeUrl } from '@/client/lib/url';
import { LIMITS } from '@/shared/limits';
import { ownRoleLabel } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import type { Dashboard } from '@/shared/schemas/dashboard';
import { AdminDesk } from './admin-desk';
import { useDashboard } from './api';
import { AtAGlance } from './at-a-glance';
import { GettingStarted } from './getting-started';
import { Leaderboard } from './leaderboard';
import { RecentActivity } from './recent-activity';

/** The chart is its own chunk: the numbers show first, the picture follows. */
const XpChart = lazy(() => import('./xp-chart').then((m) => ({ default: m.XpChart })));

/** This browser's choice to fold the promo to one line (issue 20); the app's own key. */
export const PROMO_FOLDED_KEY = 'sysfi.promo.folded';

function PromoBanner() {
  const config = useQuery(configQueryOptions);
  const mintUrl = safeUrl(config.data?.nftMintUrl);
  const [folded, setFolded] = useState(() => readLocal(PROMO_FOLDED_KEY) === '1');
  const fold = (next: boolean) => {
    writeLocal(PROMO_FOLDED_KEY, next ? '1' : '0');
    setFolded(next);
  };
  const title = (
    <>
      <span className="text-accent-gradient">10%</span> of the max supply pool reward
    </>
  );
  if (folded) {
    return (
      <section
        aria-labelledby="promo-title"
        className="border-accent-gradient flex min-w-0 items-center justify-between gap-3 rounded-2xl py-1 pl-4 pr-1"
        data-testid="promo"
      >
        <h2 id="promo-title" className="flex min-w-0 items-center gap-2 text-sm font-medium text-fg">
          <Sparkles className="size-4 shrink-0 text-accent-to" aria-hidden="true" />
          <span className="truncate">{title}</span>
        </h2>
        <Button
          variant="ghost"
          size="sm"
          className="h-11 shrink-0"
          aria-expanded={false}
          onClick={() => fold(false)}
        >
          Show
          <ChevronDown aria-hidden="true" />
        </Button>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="promo-title"
      className="border-accent-gradient relative overflow-hidden rounded-2xl p-5 sm:p-6"
      data-testid="promo"
    >
      <Glow className="-right-16 -top-20 size-64 opacity-20" />
      <button
        type="button"
        aria-expanded={true}
        onClick={() => fold(true)}
        className="absolute top-1 right-1 z-10 grid size-11 place-items-center rounded-lg text-subtle hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent-to"
      >
        <ChevronUp className="size-5" aria-hidden="true" />
        <span className="sr-only">Fold the NFT reward banner</span>
      </button>
      <div className="relative flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between sm:pr-10">
        <div className="flex items-start gap-4 pr-8 sm:pr-0">
          <IconTile icon={Sparkles} tone="gradient" size="lg" />
          <div className="min-w-0">
            <h2 id="promo-title" className="text-base font-semibold text-fg sm:text-lg">
              {title}
            </h2>
            <p className="mt-1 text-sm leading-6 text-muted">
              Reserved for holders of the Sysfi NFT collection. Mint yours to share in it.
            </p>
          </div>
        </div>
        {mintUrl ? (
          <a href={mintUrl} {...externalLinkProps} className={buttonVariants({ className: 'sm:shrink-0' })}>
            {MSG.dashboard.mintNft}
            <ExternalLink aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : config.isPending ? (
          <Skeleton className="h-11 w-32 rounded-xl" />
        ) : null}
      </div>
    </section>
  );
}

function XpCard({ data }: { data: Dashboard }) {
  const { myRank, xpHistory } = data;
  return (
    <section aria-labelledby="xp-title" className="grid grid-cols-1 content-start gap-4">
      <h2 id="xp-title" className="text-lg font-semibold tracking-tight">
        Your XP
      </h2>
      <div className="rounded-2xl border border-line bg-surface p-5">
        {/* A phone has the points and rank at the top already (AtAGlance): here only the chart. */}
        <div className="flex items-start justify-between gap-4 max-sm:hidden">
          <div>
            <p className="text-sm text-muted">{MSG.leaderboard.xpPoints}</p>
            <p className="mt-1 text-3xl font-semibold tracking-tight tabular-nums">
              <span className="text-accent-gradient">{formatNumber(myRank.pointBalance)}</span>
            </p>
          </div>
          <div className="text-right">
            <p className="text-sm text-muted">Rank</p>
            <p className="mt-1 text-3xl font-semibold tracking-tight tabular-nums text-fg">
              {myRank.rank === null ? '—' : `#${formatNumber(myRank.rank)}`}
            </p>
          </div>
        </div>
        <div className="sm:mt-5">
          {xpHistory.length === 0 ? (
            <div className="grid justify-items-start gap-3 rounded-xl border border-dashed border-line-strong p-4">
              <p className="text-sm leading-6 text-muted">
                Your XP over time appears here once you earn some. Invite a friend for +
                {LIMITS.referralRewardPoints} XP or submit a contribution.
              </p>
              <Link
                to="/profile"
                className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'h-11' })}
              >
                Get your invite link
              </Link>
            </div>
          ) : (
            <LazyPart placeholder={<Skeleton className="h-44 w-full rounded-xl" />}>
              <XpChart history={xpHistory} />
            </LazyPart>
          )}
        </div>
      </div>
    </section>
  );
}

/** The four numbers at the top of the page: label, the field of `stats`, icon and hint. */
const STATS: readonly (readonly [string, keyof Dashboard['stats'], LucideIcon, string])[] = [
  ['My Projects', 'myProjects', FolderKanban, 'Active projects you own'],
  ['Bounties', 'bounties', Trophy, 'Your applications'],
  ['Grants', 'grants', HandCoins, 'Proposals submitted'],
  ['Total Contributions', 'totalContributions', Activity, 'Submitted in the Hub'],
];

const STATS_GRID = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4';

/** Shaped like the page, so nothing jumps when the data lands. */
function DashboardSkeleton() {
  return (
    <Loading label="Loading your dashboard" className="grid gap-8">
      <StatCardSkeletons count={STATS.length} className={STATS_GRID} />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="grid content-start gap-4 lg:col-span-3">
          <Skeleton className="h-6 w-40" />
          <SkeletonBars
            className="grid gap-3 sm:grid-cols-2"
            bars={['h-40 rounded-2xl', 'h-40 rounded-2xl', 'h-40 rounded-2xl', 'h-40 rounded-2xl']}
          />
        </div>
        <SkeletonBars
          className="grid content-start gap-4 lg:col-span-2"
          bars={['h-6 w-24', 'h-72 rounded-2xl']}
        />
      </div>
    </Loading>
  );
}

/**
 * The page's heading: the greeting with the user's name (spec §4 "Welcome line"), and their
 * role. Not "Welcome back": the first visit after sign-up is no return.
 */
function DashboardHeader({ name, role, refreshing }: { name?: string; role?: string; refreshing?: boolean }) {
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid min-w-0 gap-2">
        <Eyebrow>{MSG.nav.dashboard}</Eyebrow>
        {name === undefined ? (
          <Skeleton className="h-9 w-full max-w-72 sm:h-10" />
        ) : (
          <h1 className="text-balance text-3xl font-semibold tracking-tight text-fg sm:text-4xl">
            Welcome, <span className="break-words">{name}</span>
          </h1>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3 text-xs text-subtle" aria-live="polite">
        {refreshing ? (
          <span className="inline-flex items-center gap-1.5" data-testid="refreshing">
            <Spinner className="size-3.5" /> Updating…
          </span>
        ) : null}
        {role === undefined ? (
          <Skeleton className="h-6 w-24 rounded-full" />
        ) : (
          <Badge tone="accent">{role}</Badge>
        )}
      </div>
    </header>
  );
}

/**
 * The page before its data is in: the static first paint of /dashboard
 * (app/static-shell.tsx). The server fills in the name and role when it knows the
 * user (the build passes markers for them), else they are placeholders too.
 */
export function DashboardPageSkeleton({ name, role }: { name?: string; role?: string }) {
  return (
    <div className="container-content grid grid-cols-1 gap-8 pb-16 pt-8 sm:pt-12">
      <DashboardHeader name={name} role={role} />
      <PromoBanner />
      <DashboardSkeleton />
    </div>
  );
}

export function DashboardPage() {
  const { user } = useSession();
  const dash = useDashboard();
  if (!user) return null;
  const name = user.displayName || user.email;
  const data = dash.data;

  return (
    <div className="container-content grid grid-cols-1 gap-8 pb-16 pt-8 sm:pt-12">
      <DashboardHeader
        name={name}
        role={ownRoleLabel(user.role, user.isAdmin)}
        refreshing={dash.isRefreshing}
      />
      {user.isAdmin ? <AdminDesk /> : null}
      <AtAGlance user={user} data={data} />
      <GettingStarted user={user} />

      <StaleNotice what="your dashboard" view={dash} onRetry={() => void dash.refetch()} />

      <PromoBanner />

      {!data ? (
        dash.error ? (
          <EmptyState
            icon={<CloudOff />}
            title="Couldn’t load your dashboard"
            description={errorMessage(dash.error)}
            action={<Button onClick={() => void dash.refetch()}>Try again</Button>}
          />
        ) : (
          <DashboardSkeleton />
        )
      ) : (
        <>
          <section aria-label="Your stats" className={STATS_GRID}>
            {STATS.map(([label, key, Icon, hint]) => (
              <StatCard
                key={key}
                label={label}
                value={formatNumber(data.stats[key])}
                icon={<Icon />}
                hint={hint}
              />
            ))}
          </section>

          <div className="grid grid-cols-1 gap-8 lg:grid-cols-5 lg:gap-6">
            <div className="min-w-0 lg:col-span-3">
              <RecentActivity recent={data.recent} />
            </div>
            <div className="min-w-0 lg:col-span-2">
              <XpCard data={data} />
            </div>
          </div>
        </>
      )}

      <Leaderboard
        board={data?.leaderboard}
        boardIsLive={!!data && !dash.isFromCache}
        myRank={data?.myRank}
        me={user}
        isRefreshing={dash.isRefreshing}
        onRefresh={() => void dash.refetch()}
      />
    </div>
  );
}
