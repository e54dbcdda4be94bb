import {
  BadgeCheck,
  Compass,
  HandCoins,
  type LucideIcon,
  Rocket,
  ShieldCheck,
  Sparkles,
  SquareChartGantt,
  Trophy,
  Zap,
} from 'lucide-react';
import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '@/client/components/page-header';
import { Badge } from '@/client/components/ui/badge';
import { IconTile } from '@/client/components/ui/icon-tile';
import { cn } from '@/client/lib/cn';
import { DEFAULT_ROLE, LIMITS } from '@/shared/limits';
import { PROJECT_GENRES, PROJECT_PHASES, roleLabel, SIGNUP_ROLES } from '@/shared/lists';
import { SecurityDoc } from './security-doc';
import { useActiveSection } from './use-active-section';

type Section = { id: string; title: string; icon: LucideIcon };

/** Spec §2: the docs side navigation, with these exact section ids. */
const SECTIONS: readonly Section[] = [
  { id: 'getting-started', title: 'Getting started', icon: Rocket },
  { id: 'how-to-contribute', title: 'How to contribute', icon: Zap },
  { id: 'metrics', title: 'Metrics', icon: SquareChartGantt },
  { id: 'leaderboard', title: 'Leaderboard', icon: Trophy },
  { id: 'bounties', title: 'Bounties', icon: BadgeCheck },
  { id: 'discovery', title: 'Discovery zone', icon: Compass },
  { id: 'grants', title: 'Grants', icon: HandCoins },
  { id: 'account-security', title: 'Account security', icon: ShieldCheck },
];
const SECTION_IDS = SECTIONS.map((s) => s.id);

const LEADERBOARD_REFRESH_HOURS = LIMITS.leaderboardCacheMs / (60 * 60 * 1000);
const COOLDOWN_HOURS = LIMITS.reapplyCooldownHours;

const ROLE_NOTES: Record<string, string> = {
  startup: 'Submits project applications; once approved, creates projects. Can request bounties.',
  creator: 'Makes content about the ecosystem and earns XP for it.',
  'Community Member': 'Takes part, shares and supports the community.',
  project: 'Represents a live project. Can open the application hub and request bounties.',
  ambassador: 'Grows the community and brings new contributors in.',
  developer: 'Builds tools, integrations and claims technical bounties.',
};

function DocSection({ section, children }: { section: Section; children: ReactNode }) {
  return (
    <section
      id={section.id}
      tabIndex={-1}
      aria-labelledby={`${section.id}-title`}
      className="scroll-mt-36 border-b border-line/70 py-10 outline-none first:pt-0 last:border-0 lg:scroll-mt-24"
    >
      <div className="mb-5 flex items-center gap-3">
        <IconTile icon={section.icon} />
        <h2 id={`${section.id}-title`} className="text-2xl font-semibold tracking-tight text-fg">
          {section.title}
        </h2>
      </div>
      <div className="grid gap-4 text-[15px] leading-7 text-fg-soft">{children}</div>
    </section>
  );
}

function H3({ children }: { children: ReactNode }) {
  return <h3 className="mt-3 text-base font-semibold text-fg">{children}</h3>;
}

function List({ children }: { children: ReactNode }) {
  return <ul className="grid list-disc gap-2 pl-5 marker:text-accent-from">{children}</ul>;
}

/** A key statement of the program, drawn so it stands out. */
function Callout({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-3 rounded-xl border border-accent-from/25 bg-accent-from/[0.07] px-4 py-3 text-fg">
      <Sparkles className="mt-1.5 size-4 shrink-0 text-accent-from" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

function Metric({ code, name, children }: { code: string; name: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-line bg-surface p-4">
      <dt className="flex items-baseline gap-2">
        <span className="text-lg font-semibold text-accent-gradient">{code}</span>
        <span className="text-sm font-medium text-fg">{name}</span>
      </dt>
      <dd className="mt-1 text-sm leading-6 text-muted">{children}</dd>
    </div>
  );
}

function SideNav({
  active,
  onJump,
}: {
  active: string;
  onJump: (e: MouseEvent<HTMLAnchorElement>, id: string) => void;
}) {
  const scroller = useRef<HTMLUListElement>(null);

  // Keep the active chip visible in the horizontal scroller (mobile), without moving the page.
  useEffect(() => {
    const list = scroller.current;
    const chip = list?.querySelector<HTMLElement>(`[data-id="${active}"]`);
    if (!list || !chip || list.scrollWidth <= list.clientWidth) return;
    const left = chip.offsetLeft - list.clientWidth / 2 + chip.clientWidth / 2;
    list.scrollTo({ left, behavior: 'smooth' });
  }, [active]);

  return (
    <nav
      aria-label="Docs sections"
      className="sticky top-16 z-30 -mx-4 border-b border-line bg-ink/90 px-4 backdrop-blur-xl sm:-mx-6 sm:px-6 lg:top-24 lg:mx-0 lg:self-start lg:border-0 lg:bg-transparent lg:px-0 lg:backdrop-blur-none"
    >
      <p className="mb-3 hidden text-xs font-semibold uppercase tracking-[0.14em] text-subtle lg:block">
        On this page
      </p>
      <ul
        ref={scroller}
        className="no-scrollbar flex gap-1 overflow-x-auto py-2 lg:grid lg:overflow-visible lg:border-l lg:border-line lg:py-0"
      >
        {SECTIONS.map((s) => {
          const on = s.id === active;
          return (
            <li key={s.id} data-id={s.id} className="shrink-0">
              <a
                href={`#${s.id}`}
                onClick={(e) => onJump(e, s.id)}
                aria-current={on ? 'location' : undefined}
                className={cn(
                  'flex min-h-11 items-center whitespace-nowrap rounded-full px-3.5 text-sm font-medium transition-colors',
                  'lg:-ml-px lg:rounded-none lg:border-l-2 lg:px-4',
                  on
                    ? 'bg-surface-2 text-fg lg:border-accent-from lg:bg-transparent'
                    : 'text-muted hover:text-fg lg:border-transparent',
                )}
              >
                {s.title}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function DocsPage() {
  const [active, pin] = useActiveSection(SECTION_IDS);
  const { hash } = useLocation();

  // Arriving with #section (e.g. from the footer): go there once the page is drawn.
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    const raf = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
    return () => cancelAnimationFrame(raf);
  }, [hash]);

  const onJump = (e: MouseEvent<HTMLAnchorElement>, id: string) => {
    const el = document.getElementById(id);
    if (!el) return;
    e.preventDefault();
    pin(id);
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    el.focus({ preventScroll: true });
    // Keep the router's history state; only the fragment changes.
    window.history.replaceState(window.history.state, '', `#${id}`);
  };

  return (
    <div className="container-content pb-16 pt-8 sm:pt-12">
      <PageHeader
        eyebrow="Documentation"
        title="How Sysfi Labs works"
        description="Roles, contributions, XP, the leaderboard, bounties, the discovery zone and grants: everything you need to take part."
      />
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-8 lg:mt-12 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-16">
        <SideNav active={active} onJump={onJump} />

        <article className="min-w-0 max-w-3xl">
          <DocSection section={SECTIONS[0]!}>
            <p>
              Sysfi Labs is the community contributor platform and launchpad of the ecosystem. You contribute,
              discover projects, claim bounties, apply for grants and access resources, and your work earns XP
              (experience points) that ranks you on the leaderboard.
            </p>
            <H3>Create your account</H3>
            <List>
              <li>
                <Link to="/signup" className="font-medium text-accent-to underline-offset-4 hover:underline">
                  Sign up
                </Link>{' '}
                with your e-mail, a display name (unique across the platform) and a password of at least{' '}
                {LIMITS.passwordMin} characters.
              </li>
              <li>
                Open the link we e-mail you to verify your address. Until then, member pages stay locked. If
                you open it in another browser or on another device, enter your password to finish: your other
                devices are then signed out.
              </li>
              <li>
                If someone signed up with your address before you could verify it, sign up again with it: an
                unverified account is replaced by yours, and only you can verify it.
              </li>
              <li>If a friend invited you, use their link: they earn XP when you verify.</li>
            </List>
            <H3>Roles</H3>
            <p>
              Pick the role that fits you when you sign up. If you don't pick one, you join as a{' '}
              <strong className="font-semibold text-fg">{roleLabel(DEFAULT_ROLE)}</strong>.
            </p>
            <ul className="grid gap-2 sm:grid-cols-2">
              {SIGNUP_ROLES.map((r) => (
                <li key={r} className="rounded-xl border border-line bg-surface p-4">
                  <p className="font-medium text-fg">{roleLabel(r)}</p>
                  <p className="mt-1 text-sm leading-6 text-muted">{ROLE_NOTES[r]}</p>
                </li>
              ))}
            </ul>
            <p>Applications, bounty requests and contributions are reviewed by the Sysfi Labs admin team.</p>
          </DocSection>

          <DocSection section={SECTIONS[1]!}>
            <p>
              Contributions are how you earn XP day to day. Today the Contribution Hub accepts posts on X
              (tweets) that share or explain the ecosystem.
            </p>
            <List>
              <li>
                Open the <strong className="font-semibold text-fg">Hub</strong>, choose Contribute and paste
                the link to your tweet (a link with{' '}
                <code className="rounded bg-surface-2 px-1.5 py-0.5 text-sm">/status/</code> in it).
              </li>
              <li>
                Every contribution is reviewed by the admin or a reviewer the admin trusts, who rewards it
                with XP or rejects it with a reason. A reviewer never reviews their own work or that of people
                they invited.
              </li>
              <li>
                A reviewer may instead ask for changes, with a note on your card. You can edit the
                contribution and resubmit it once; that does not count toward your daily limit.
              </li>
              <li>
                You can submit at most{' '}
                <strong className="font-semibold text-fg">{LIMITS.contributionsPerDay}</strong> contributions
                per day. The day starts at midnight in the time zone of your profile, which is your browser's
                zone when you sign up. You can change it on your profile; a change applies from your next day,
                and for a day after it the limit also counts your last 24 hours.
              </li>
              <li>The same link can only be submitted once.</li>
            </List>
            <Callout>Rewards are processed within {LIMITS.rewardsProcessedHours} hours.</Callout>
          </DocSection>

          <DocSection section={SECTIONS[2]!}>
            <p>Your Contribution Hub shows four numbers about your contributions.</p>
            <dl className="grid gap-3 sm:grid-cols-2">
              <Metric code="VC" name="Approved">
                Contributions the admin approved and rewarded.
              </Metric>
              <Metric code="RC" name="Rejected">
                Contributions that were rejected, each with its reason.
              </Metric>
              <Metric code="TC" name="Total">
                Every contribution you have submitted.
              </Metric>
              <Metric code="SR" name="Success rate">
                Approved ÷ total × 100, to one decimal.
              </Metric>
            </dl>
            <p>
              Example: with 7 approved out of 9 submitted, your success rate is{' '}
              <span className="font-medium tabular-nums text-fg">77.8%</span>.
            </p>
          </DocSection>

          <DocSection section={SECTIONS[3]!}>
            <p>
              The leaderboard ranks the top{' '}
              <strong className="font-semibold text-fg">{LIMITS.leaderboardSize}</strong> contributors by XP.
              It appears on your dashboard, together with your own rank.
            </p>
            <List>
              <li>Only users with at least {LIMITS.leaderboardMinPoints} point appear on it.</li>
              <li>Ties are broken by time: whoever reached the score first ranks higher.</li>
              <li>
                Tabs show XP earned this week (from Monday), this month and in the current season (UTC),
                besides all time. Seasons are set by the team; when one ends its results are final, everyone
                on its board finds their final rank in their inbox, and its top 3 and top 10 get a badge on
                their public profiles (/u/your-name, which you can hide from your profile).
              </li>
              <li>
                Referrals count too: share your invite link from your profile. When a friend signs up with it
                and verifies their e-mail, you earn{' '}
                <strong className="font-semibold text-fg">+{LIMITS.referralRewardPoints} XP</strong> and one
                more Smart Connection, once your own e-mail is verified too. One mailbox counts once: a +tag
                or Gmail's dots reach the same inbox, and your own inbox never counts.
              </li>
            </List>
            <Callout>The leaderboard updates every {LEADERBOARD_REFRESH_HOURS} hours.</Callout>
          </DocSection>

          <DocSection section={SECTIONS[4]!}>
            <p>
              Bounties are tasks with a reward and a deadline. Browse them on the Bounties page and filter by
              active, expired or the ones you applied to.
            </p>
            <List>
              <li>
                The card shows how many days remain:{' '}
                <Badge tone="approved">more than {LIMITS.bountyUrgentDays} days</Badge>{' '}
                <Badge tone="pending">{LIMITS.bountyUrgentDays} days or fewer</Badge>{' '}
                <Badge tone="declined">Expired</Badge>
              </li>
              <li>
                Days remaining count whole calendar days, in your time zone, from today to the deadline’s date
                shown beside it: a deadline on the 12th reads “2 days remaining” on the 10th and “1 day
                remaining” on the 11th. A deadline lasts until the end of its day, so on the 12th the card
                reads “Ends today”, and from midnight on it reads “Expired”.
              </li>
              <li>
                Apply before the deadline; you can apply to each bounty once. Once you have applied, submit
                your work from the card (a link and a note); you can edit it until the deadline.
              </li>
              <li>
                After the deadline the bounty’s requester (or the admin) reads the submissions and picks up to{' '}
                {LIMITS.bountyWinnersMax} winners, 1st to 3rd. The requester cannot apply to their own bounty
                or win it, and only the ecosystem team can attach an XP prize to a place, paid once. Winners
                are told in their inbox and by e-mail, and the card shows the podium.
              </li>
              <li>
                Requesters have {LIMITS.winnersDueDays} days after the deadline: they see a countdown, get a
                reminder on day {LIMITS.winnersReminderDay}, and cannot request a new bounty while one of
                theirs is past those {LIMITS.winnersDueDays} days without winners.
              </li>
              <li>
                Startups and projects can request a new bounty from the application hub. Requests are reviewed
                by the admin; after a rejection you can send a new one {COOLDOWN_HOURS} hours after your last
                submission.
              </li>
            </List>
            <Callout>Bounty winners are picked within {LIMITS.winnersDueDays} days.</Callout>
          </DocSection>

          <DocSection section={SECTIONS[5]!}>
            <p>
              The discovery zone is where projects of the ecosystem are listed: see what is being built, visit
              their website, GitHub and X account, and filter active or archived projects.
            </p>
            <List>
              <li>
                Startups apply with a project application (website, GitHub, whitepaper, team, genre, phase and
                goals).
              </li>
              <li>Once the admin approves it, the startup can create projects and publish them here.</li>
            </List>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="rounded-xl border border-line bg-surface p-4">
                <p className="text-sm font-medium text-fg">Genres</p>
                <p className="mt-1 text-sm leading-6 text-muted">{PROJECT_GENRES.join(' · ')}</p>
              </div>
              <div className="rounded-xl border border-line bg-surface p-4">
                <p className="text-sm font-medium text-fg">Phases</p>
                <p className="mt-1 text-sm leading-6 text-muted">{PROJECT_PHASES.join(' → ')}</p>
              </div>
            </div>
          </DocSection>

          <DocSection section={SECTIONS[6]!}>
            <p>
              Grants fund projects that grow the ecosystem. Apply with a proposal and the amount you request,
              then follow its status under My Applications.
            </p>
            <p className="flex flex-wrap items-center gap-2">
              <Badge tone="pending">Pending</Badge>
              <Badge tone="approved">Approved</Badge>
              <Badge tone="declined">Declined</Badge>
            </p>
            <p>You can edit a proposal while it is still pending.</p>
            <Callout>Grants are reviewed quarterly.</Callout>
          </DocSection>

          <DocSection section={SECTIONS[7]!}>
            <SecurityDoc />
          </DocSection>
        </article>
      </div>
    </div>
  );
}
