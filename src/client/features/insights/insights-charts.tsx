/**
 * The insights charts: each a titled card with a summary a screen reader hears. The pictures
 * (recharts, chart-pictures.tsx) are code of their own, fetched once the page's figures are
 * on screen and drawn as each card comes near the viewport, so the chart library is never
 * part of the page's first task (e2e/bundle-budget.e2e.ts).
 */
import { type ComponentType, lazy, type ReactNode, useEffect, useRef, useState } from 'react';
import { LazyPart } from '@/client/components/lazy-part';
import { Skeleton } from '@/client/components/ui/skeleton';
import type { Insights } from '@/shared/schemas/insights';

type Pictures = typeof import('./chart-pictures');
let pictures: Promise<Pictures> | undefined;
/** The pictures' code, fetched once (again after a failure, at the next card that asks). */
export function loadChartPictures(): Promise<Pictures> {
  pictures ??= import('./chart-pictures').catch((error: unknown) => {
    pictures = undefined;
    throw error;
  });
  return pictures;
}
/**
 * One picture of chart-pictures.tsx, as a component that suspends until the code is in. If the
 * download fails, the cards that asked say so, and a card drawn later (the page opened again)
 * asks anew.
 */
function picture<P extends object>(pick: (m: Pictures) => ComponentType<P>) {
  const make = (): ComponentType<P> =>
    lazy(() =>
      loadChartPictures().then(
        (m) => ({ default: pick(m) }),
        (error: unknown) => {
          current = make();
          throw error;
        },
      ),
    );
  let current = make();
  // Read once by each card as it mounts and kept (useState): a retry at every render would loop.
  return () => current;
}
const signupsPicture = picture((m) => m.SignupsPicture);
const contributionsPicture = picture((m) => m.ContributionsPicture);
const reviewTimePicture = picture((m) => m.ReviewTimePicture);
const xpPicture = picture((m) => m.XpPicture);
const funnelPicture = picture((m) => m.FunnelPicture);

/**
 * Whether the element has come within a screen of the viewport. A chart is drawn only
 * then (issue 16): six charts drawn at once held the main thread for most of a second on
 * a phone, and most of them are below the fold.
 */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '100px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/** A titled chart card; `summary` is what a screen reader hears instead of the picture. */
export function ChartCard({
  id,
  title,
  summary,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  /** The picture, drawn once the card is near the viewport. */
  children: ReactNode;
}) {
  const [box, near] = useNearViewport<HTMLDivElement>();
  return (
    <section
      className="grid min-w-0 gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5"
      data-testid={`chart-${id}`}
      aria-labelledby={`chart-${id}-title`}
    >
      <h2 id={`chart-${id}-title`} className="text-base font-semibold text-fg">
        {title}
      </h2>
      <p className="sr-only">{summary}</p>
      <div ref={box} className="h-60 w-full" aria-hidden="true">
        {near ? (
          <LazyPart
            placeholder={<Skeleton className="h-full w-full rounded-xl" />}
            failedClassName="grid h-full place-items-center text-center text-sm text-muted"
          >
            {children}
          </LazyPart>
        ) : null}
      </div>
    </section>
  );
}

/** A chart card for one part of the insights: its title and summary read from the data it draws. */
function chartOf<D>(
  id: string,
  title: (data: D) => string,
  summary: (data: D) => string,
  pictureOf: () => ComponentType<{ data: D }>,
) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per chart, at module level, as lazyDialog is
  return function Chart({ data }: { data: D }) {
    const [Picture] = useState(pictureOf);
    return (
      <ChartCard id={id} title={title(data)} summary={summary(data)}>
        <Picture data={data} />
      </ChartCard>
    );
  };
}

const total = <T,>(rows: T[], of: (row: T) => number) => rows.reduce((sum, row) => sum + of(row), 0);

export const SignupsChart = chartOf<Insights['signups']>(
  'signups',
  () => 'Sign-ups per day',
  (d) => `${d.total} sign-ups, ${d.verified} verified.`,
  signupsPicture,
);

export const ContributionsChart = chartOf<Insights['contributions']>(
  'contributions',
  () => 'Contributions per day',
  (d) =>
    `${total(d, (r) => r.submitted)} submitted, ${total(d, (r) => r.rewarded)} rewarded, ${total(d, (r) => r.rejected)} rejected.`,
  contributionsPicture,
);

export const ReviewTimeChart = chartOf<Insights['review']>(
  'review',
  (d) => `Time to review (hours) against the ${d.promiseHours}-hour promise`,
  (d) =>
    `Median ${d.medianHours ?? '—'} h, p90 ${d.p90Hours ?? '—'} h; ${d.withinPromise} of ${d.reviewed} reviewed within ${d.promiseHours} h.`,
  reviewTimePicture,
);

export const XpChart = chartOf<Insights['xpPerWeek']>(
  'xp',
  () => 'XP awarded per week',
  (d) => `${total(d, (w) => w.xp)} XP awarded over ${d.length} weeks.`,
  xpPicture,
);

/** A funnel as horizontal bars, widest stage first. */
export function FunnelChart({
  id,
  title,
  stages,
}: {
  id: string;
  title: string;
  stages: { stage: string; n: number }[];
}) {
  const [FunnelPicture] = useState(funnelPicture);
  return (
    <ChartCard id={id} title={title} summary={stages.map((s) => `${s.stage}: ${s.n}`).join(', ')}>
      <FunnelPicture stages={stages} />
    </ChartCard>
  );
}
