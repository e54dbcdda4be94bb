/**
 * /u/{name}: a public profile (issue 19), for visitors too. Name, avatar, role, bio and
 * links, XP and all-time rank, bounties won, projects, approved grants and the approved
 * contributions, paged. Never the e-mail (the API has none to give). A hidden, disabled
 * or unknown profile shows the not-found page. The server drew the first paint and the
 * link preview tags (server/features/profile/public-page.ts).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ExternalLink, Globe, Medal, Rocket, Trophy, Zap } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '@/client/components/avatar';
import { GitHubIcon, XIcon } from '@/client/components/brand-icons';
import { Ledger, LedgerRow } from '@/client/components/ledger';
import { LoadMore, QueryError, QueryView } from '@/client/components/query-states';
import { Badge } from '@/client/components/ui/badge';
import { buttonVariants } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { XpGain } from '@/client/components/xp-gain';
import { formatDate, formatNumber } from '@/client/lib/format';
import { moreOf } from '@/client/lib/paged';
import { externalLinkProps, safeUrl } from '@/client/lib/url';
import { roleLabel } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import { placeLabel } from '@/shared/rules/bounty';
import type { PublicProfile } from '@/shared/schemas/public-profile';
import { publicContributionsQuery, publicProfileQuery } from './api';

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="grid content-start gap-3 rounded-2xl border border-line bg-surface p-5"
    >
      <h2 className="inline-flex items-center gap-2 font-display text-lg text-fg [&_svg]:size-4 [&_svg]:text-subtle">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function ExtLink({ href, icon, children }: { href: string | null; icon: ReactNode; children: string }) {
  const safe = safeUrl(href);
  if (!safe) return null;
  return (
    <a
      href={safe}
      {...externalLinkProps}
      className="inline-flex min-h-11 items-center gap-1.5 text-sm text-accent-to underline-offset-4 hover:underline [&_svg]:size-3.5"
    >
      {icon}
      <span className="break-all">{children}</span>
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function Contributions({ name }: { name: string }) {
  const q = useInfiniteQuery(publicContributionsQuery(name));
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  if (q.isPending) return <Skeleton className="h-24 w-full" />;
  if (q.isError && items.length === 0) return <QueryError query={q} />;
  if (items.length === 0) return <p className="text-sm text-muted">No approved contributions yet.</p>;
  return (
    <>
      <Ledger testId="public-contributions">
        {items.map((c) => (
          <LedgerRow key={c.id} what={c.title}>
            <XpGain points={c.rewardPoints} />
            {c.reviewedAt ? <span className="text-xs text-muted">{formatDate(c.reviewedAt)}</span> : null}
          </LedgerRow>
        ))}
      </Ledger>
      <LoadMore label="Load more contributions" pages={moreOf(q)} />
    </>
  );
}

function Profile({ data, name }: { data: PublicProfile; name: string }) {
  const p = data.profile;
  useEffect(() => {
    document.title = `${p.displayName} · Sysfi Labs`;
  }, [p.displayName]);
  return (
    <>
      <header className="flex flex-wrap items-center gap-5">
        <Avatar seed={p.uid} photoURL={p.photoURL} size={88} />
        <div className="grid min-w-0 gap-1">
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-accent-from">
            {roleLabel(p.role)}
          </p>
          <h1 className="break-words font-display text-3xl text-fg sm:text-4xl">{p.displayName}</h1>
          <p
            className="flex flex-wrap items-center gap-2 tabular-nums text-fg-soft"
            data-testid="public-stats"
          >
            <span>{formatNumber(p.xp)} XP</span>
            {p.rank ? <Badge tone="neutral">Rank #{formatNumber(p.rank)}</Badge> : null}
            <span className="text-sm text-muted">joined {formatDate(p.joinedAt)}</span>
          </p>
        </div>
      </header>
      {data.badges.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Season badges" data-testid="season-badges">
          {data.badges.map((b) => (
            <li key={b.seasonId}>
              <Badge tone={b.badge === 'top3' ? 'approved' : 'neutral'}>
                <Medal className="size-3.5" aria-hidden="true" />
                {b.badge === 'top3' ? MSG.seasons.badgeTop3 : MSG.seasons.badgeTop10} · {b.name} (#{b.rank})
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {p.bio ? <p className="max-w-2xl whitespace-pre-line break-words text-muted">{p.bio}</p> : null}
      <div className="flex flex-wrap gap-x-5">
        <ExtLink href={p.twitterHandle ? `https://x.com/${p.twitterHandle}` : null} icon={<XIcon />}>
          {p.twitterHandle ? `@${p.twitterHandle}` : ''}
        </ExtLink>
        <ExtLink href={p.githubHandle ? `https://github.com/${p.githubHandle}` : null} icon={<GitHubIcon />}>
          {p.githubHandle ?? ''}
        </ExtLink>
        <ExtLink href={p.personalWebsite} icon={<Globe />}>
          {p.personalWebsite ?? ''}
        </ExtLink>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Section title="Bounties won" icon={<Trophy />}>
          {data.bountiesWon.length === 0 ? (
            <p className="text-sm text-muted">None yet.</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {data.bountiesWon.map((b) => (
                <li key={b.bountyId} className="flex items-center justify-between gap-3">
                  <span className="inline-flex min-w-0 items-center gap-2 text-fg-soft">
                    <Medal className="size-4 shrink-0 text-approved" aria-hidden="true" />
                    <span className="font-semibold text-fg">{placeLabel(b.place)}</span>
                    <span className="truncate">{b.title}</span>
                  </span>
                  <XpGain points={b.prizeXp} />
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Projects and grants" icon={<Rocket />}>
          {data.projects.length === 0 && data.grants.length === 0 ? (
            <p className="text-sm text-muted">None yet.</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {data.projects.map((pr) => (
                <li key={pr.id} className="flex items-center justify-between gap-3">
                  <span className="min-w-0 truncate text-fg-soft">{pr.title}</span>
                  <ExtLink href={pr.website} icon={<ExternalLink />}>
                    Website
                  </ExtLink>
                </li>
              ))}
              {data.grants.map((g) => (
                <li key={g.id} className="flex items-center justify-between gap-3">
                  <span className="min-w-0 truncate text-fg-soft">
                    Grant{g.project ? ` for ${g.project}` : ''}
                  </span>
                  <span className="tabular-nums text-approved">
                    {formatNumber(Number(g.amount))} {g.currency}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
      <Section title="Approved contributions" icon={<Zap />}>
        <Contributions name={name} />
      </Section>
    </>
  );
}

export function PublicProfilePage() {
  const { name = '' } = useParams();
  const q = useQuery(publicProfileQuery(name));
  return (
    <div className="container-content grid grid-cols-1 gap-6 pb-16 pt-8 sm:pt-12">
      <QueryView
        query={q}
        loading={{ label: 'Loading the profile', row: <Skeleton className="h-40 w-full" /> }}
      >
        {(data) =>
          data ? (
            <Profile data={data} name={name} />
          ) : (
            <div className="grid justify-items-start gap-4" data-testid="profile-not-found">
              <h1 className="font-display text-3xl text-fg">Profile not found</h1>
              <p className="text-muted">This profile does not exist, or its owner keeps it private.</p>
              <Link to="/" className={buttonVariants({ variant: 'secondary' })}>
                Back to Home
              </Link>
            </div>
          )
        }
      </QueryView>
    </div>
  );
}
