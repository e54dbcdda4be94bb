import {
  ArrowRight,
  BookOpen,
  Compass,
  HandCoins,
  Library,
  type LucideIcon,
  MailCheck,
  Sparkles,
  Trophy,
  Zap,
} from 'lucide-react';
import { Link } from 'react-router';
import { Eyebrow } from '@/client/components/eyebrow';
import { buttonVariants } from '@/client/components/ui/button';
import { IconTile } from '@/client/components/ui/icon-tile';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/lib/cn';
import { useSession } from '@/client/lib/session';
import { SHELL_LIMITS } from '@/shared/limits-shell';
import { HOME_MSG } from '@/shared/messages-shell';

type Feature = { title: string; path: string; icon: LucideIcon; body: string };

/** Spec §1: four feature cards; 'Learn more' goes to the page when signed in, else to /login. */
const FEATURES: Feature[] = [
  {
    title: HOME_MSG.cards.projects,
    path: '/projects',
    icon: Compass,
    body: 'Explore the startups and builders launching in the ecosystem and follow what they ship.',
  },
  {
    title: HOME_MSG.cards.bounties,
    path: '/bounties',
    icon: Trophy,
    body: 'Pick up tasks with clear rewards and deadlines, and get recognised for the work you deliver.',
  },
  {
    title: HOME_MSG.cards.grants,
    path: '/grants',
    icon: HandCoins,
    body: 'Turn an idea into a funded proposal. Grant applications are reviewed every quarter.',
  },
  {
    title: HOME_MSG.cards.resources,
    path: '/resources',
    icon: Library,
    body: 'Guides, tools and documents curated for the builders and contributors of the community.',
  },
];

const FACTS = [
  { value: `Top ${SHELL_LIMITS.leaderboardSize}`, label: 'contributors on the leaderboard' },
  { value: `+${SHELL_LIMITS.referralRewardPoints} XP`, label: 'for every friend who verifies' },
  { value: `${SHELL_LIMITS.contributionsPerDay} / day`, label: 'contributions you can submit' },
  { value: `${SHELL_LIMITS.rewardsProcessedHours} h`, label: 'to process rewards' },
];

const STEPS = [
  {
    icon: MailCheck,
    title: 'Create your account',
    body: 'Sign up with your e-mail, pick your role and verify your address.',
  },
  {
    icon: Zap,
    title: 'Contribute',
    body: 'Share the ecosystem on X, launch projects, claim bounties and apply for grants.',
  },
  {
    icon: Sparkles,
    title: 'Earn XP and climb',
    body: 'Approved work earns XP. The best contributors rise to the top of the leaderboard.',
  },
];

/** Renders the title with its brand name in the accent gradient, keeping the exact text. */
function HeroTitle({ text }: { text: string }) {
  const brand = 'Sysfi Labs';
  const at = text.indexOf(brand);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span className="text-accent-gradient">{brand}</span>
      {text.slice(at + brand.length)}
    </>
  );
}

/** A section's heading: its eyebrow over its h2 (`id` names the section). */
function SectionTitle({
  id,
  eyebrow,
  title,
  className,
}: {
  id: string;
  eyebrow: string;
  title: string;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Eyebrow>{eyebrow}</Eyebrow>
      <h2 id={id} className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {title}
      </h2>
    </div>
  );
}

export function HomePage() {
  const { user, pending } = useSession();
  const signedIn = !!user;

  return (
    <div className="relative isolate">
      {/* Backdrop: a soft violet/cyan glow over a faint grid. */}
      <div
        className="pointer-events-none absolute inset-x-0 -top-16 -z-10 h-[44rem] overflow-hidden"
        aria-hidden="true"
      >
        <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.035)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.035)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(ellipse_60%_55%_at_50%_35%,black,transparent)]" />
        <div className="absolute left-1/2 top-0 h-[30rem] w-[30rem] -translate-x-[85%] rounded-full bg-[#8b5cf6] opacity-25 blur-[120px]" />
        <div className="absolute left-1/2 top-24 h-[26rem] w-[26rem] -translate-x-[5%] rounded-full bg-[#22d3ee] opacity-15 blur-[120px]" />
      </div>

      <section
        className="container-content pb-16 pt-12 text-center sm:pb-24 sm:pt-20"
        aria-labelledby="home-title"
      >
        <p className="mx-auto inline-flex animate-rise items-center gap-2 rounded-full border border-line bg-surface/70 px-3.5 py-1.5 text-xs font-medium text-fg-soft backdrop-blur">
          <span className="size-1.5 rounded-full bg-accent-gradient" aria-hidden="true" />
          Community contributor platform &amp; launchpad
        </p>
        <h1
          id="home-title"
          className="mx-auto mt-6 max-w-4xl animate-rise text-balance text-4xl font-semibold tracking-tight text-fg [animation-delay:60ms] sm:text-6xl lg:text-7xl"
        >
          <HeroTitle text={HOME_MSG.title} />
        </h1>
        <p className="mx-auto mt-6 max-w-2xl animate-rise text-pretty text-base leading-7 text-muted [animation-delay:120ms] sm:text-lg sm:leading-8">
          {HOME_MSG.tagline}
        </p>
        <div className="mt-10 flex animate-rise flex-col items-stretch justify-center gap-3 [animation-delay:180ms] sm:flex-row sm:items-center">
          {pending ? (
            // Static first paint, session unknown: the button's place, without a label yet.
            <Skeleton className="h-12 rounded-xl sm:w-48" />
          ) : (
            <Link
              to={signedIn ? '/dashboard' : '/signup'}
              className={cn(buttonVariants({ size: 'lg' }), 'group px-7')}
            >
              {signedIn ? HOME_MSG.ctaSignedIn : HOME_MSG.ctaSignedOut}
              <ArrowRight className="transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
            </Link>
          )}
          <Link to="/docs" className={cn(buttonVariants({ variant: 'secondary', size: 'lg' }), 'px-7')}>
            <BookOpen aria-hidden="true" />
            Read the docs
          </Link>
        </div>

        <dl className="mx-auto mt-16 grid max-w-4xl grid-cols-2 gap-px overflow-hidden rounded-2xl border border-line bg-line sm:mt-20 lg:grid-cols-4 [&>div]:bg-surface/90">
          {FACTS.map((f) => (
            <div key={f.label} className="flex flex-col-reverse justify-end gap-1 px-4 py-5 sm:px-6 sm:py-6">
              <dt className="text-xs leading-5 text-muted sm:text-sm">{f.label}</dt>
              <dd className="text-xl font-semibold tracking-tight tabular-nums text-accent-gradient sm:text-2xl">
                {f.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="container-content pb-16 sm:pb-24" aria-labelledby="features-title">
        <SectionTitle
          id="features-title"
          eyebrow="What you can do"
          title="One place to build, contribute and grow"
          className="mb-8 sm:mb-10"
        />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <li
              key={f.title}
              className="group relative flex flex-col rounded-2xl border border-line bg-surface p-6 transition-colors hover:border-line-strong hover:bg-surface-2"
            >
              <div className="grid size-11 place-items-center rounded-xl border border-line bg-ink-2 text-accent-from transition-colors group-hover:border-accent-from/40">
                <f.icon className="size-5" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-base font-semibold text-fg">{f.title}</h3>
              <p className="mt-2 flex-1 text-sm leading-6 text-muted">{f.body}</p>
              <Link
                // Signed out: log in, then on to the card's page (guard.tsx returnPath).
                to={signedIn ? f.path : `/login?next=${encodeURIComponent(f.path)}`}
                className="mt-5 inline-flex min-h-11 items-center gap-1.5 self-start text-sm font-medium text-accent-to after:absolute after:inset-0 after:rounded-2xl hover:underline"
                aria-label={`${HOME_MSG.learnMore}: ${f.title}`}
              >
                {HOME_MSG.learnMore}
                <ArrowRight
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="container-content pb-16 sm:pb-24" aria-labelledby="how-title">
        <div className="rounded-3xl border border-line bg-surface/60 p-6 sm:p-10">
          <SectionTitle id="how-title" eyebrow="How it works" title="From first sign-up to the leaderboard" />
          <ol className="mt-8 grid gap-6 md:grid-cols-3 md:gap-8">
            {STEPS.map((s, i) => (
              <li key={s.title} className="relative flex gap-4 md:flex-col">
                <div className="flex items-center gap-3">
                  <IconTile icon={s.icon} tone="gradient" size="lg" />
                  <span className="hidden text-sm font-medium tabular-nums text-subtle md:inline">
                    Step {i + 1}
                  </span>
                </div>
                <div>
                  <h3 className="font-semibold text-fg">
                    <span className="sr-only">Step {i + 1}: </span>
                    {s.title}
                  </h3>
                  <p className="mt-1.5 text-sm leading-6 text-muted">{s.body}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="container-content pb-20 sm:pb-28" aria-labelledby="cta-title">
        <div className="relative overflow-hidden rounded-3xl border-accent-gradient px-6 py-12 text-center sm:px-12 sm:py-16">
          {/* Glow's markup written out: the home page is the first route, and the shared Glow would be a
              chunk of its own on it (e2e/bundle-budget.e2e.ts). */}
          <div
            className="pointer-events-none absolute -bottom-32 left-1/2 h-64 w-[36rem] -translate-x-1/2 rounded-full bg-accent-gradient opacity-20 blur-3xl"
            aria-hidden="true"
          />
          <h2
            id="cta-title"
            className="relative text-balance text-2xl font-semibold tracking-tight sm:text-3xl"
          >
            {signedIn ? 'Pick up where you left off' : 'Start earning XP today'}
          </h2>
          <p className="relative mx-auto mt-3 max-w-xl text-muted">
            {signedIn
              ? 'Your dashboard shows your XP, your rank and what to do next.'
              : `Invite friends and earn ${SHELL_LIMITS.referralRewardPoints} XP for each one who verifies their e-mail.`}
          </p>
          <Link
            to={signedIn ? '/dashboard' : '/signup'}
            className={cn(buttonVariants({ size: 'lg' }), 'relative mt-8 px-7')}
          >
            {signedIn ? 'Open your dashboard' : 'Create your account'}
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </section>
    </div>
  );
}
