/**
 * The insights charts (recharts). Only the /admin/insights chunk imports this file, so
 * no other page downloads the chart library (e2e/bundle-budget.e2e.ts).
 */
import {
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Insights } from '@/shared/schemas/insights';

const C = {
  a: 'var(--color-accent-from)',
  b: 'var(--color-accent-to)',
  ok: 'var(--color-approved)',
  no: 'var(--color-declined)',
  wait: 'var(--color-pending)',
  grid: 'var(--color-line)',
  text: 'var(--color-muted)',
};
const axis = { stroke: C.text, fontSize: 12, tickLine: false } as const;
const tooltip = {
  contentStyle: {
    background: 'var(--color-surface-2)',
    border: '1px solid var(--color-line)',
    borderRadius: 12,
  },
  labelStyle: { color: 'var(--color-fg)' },
} as const;
const shortDay = (d: string) => d.slice(5);

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
          <ResponsiveContainer width="100%" height="100%">
            {/* The picture is hidden from screen readers (the summary speaks for it), so it must
              not take keyboard focus either: recharts' keyboard layer is turned off. */}
            {
              (isValidElement(children)
                ? cloneElement(children as ReactElement<{ accessibilityLayer?: boolean }>, {
                    accessibilityLayer: false,
                  })
                : children) as never
            }
          </ResponsiveContainer>
        ) : null}
      </div>
    </section>
  );
}

/** The grid, the axes and the tooltip of a count over time: `x` names the date, `yWidth` leaves room for the counts. */
function TimeAxes({ x, yWidth }: { x: 'day' | 'week'; yWidth: number }) {
  return (
    <>
      <CartesianGrid stroke={C.grid} vertical={false} />
      <XAxis dataKey={x} tickFormatter={shortDay} {...axis} />
      <YAxis allowDecimals={false} width={yWidth} {...axis} />
      <Tooltip {...tooltip} />
    </>
  );
}

export function SignupsChart({ data }: { data: Insights['signups'] }) {
  return (
    <ChartCard
      id="signups"
      title="Sign-ups per day"
      summary={`${data.total} sign-ups, ${data.verified} verified.`}
    >
      <BarChart data={data.days}>
        <TimeAxes x="day" yWidth={32} />
        <Legend />
        <Bar dataKey="signups" name="Sign-ups" fill={C.a} radius={[4, 4, 0, 0]} />
        <Bar dataKey="verified" name="Verified" fill={C.b} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}

export function ContributionsChart({ data }: { data: Insights['contributions'] }) {
  const sum = (k: 'submitted' | 'rewarded' | 'rejected') => data.reduce((a, d) => a + d[k], 0);
  return (
    <ChartCard
      id="contributions"
      title="Contributions per day"
      summary={`${sum('submitted')} submitted, ${sum('rewarded')} rewarded, ${sum('rejected')} rejected.`}
    >
      <LineChart data={data}>
        <TimeAxes x="day" yWidth={32} />
        <Legend />
        <Line type="monotone" dataKey="submitted" name="Submitted" stroke={C.a} strokeWidth={2} dot={false} />
        <Line type="monotone" dataKey="rewarded" name="Rewarded" stroke={C.ok} strokeWidth={2} dot={false} />
        <Line type="monotone" dataKey="rejected" name="Rejected" stroke={C.no} strokeWidth={2} dot={false} />
      </LineChart>
    </ChartCard>
  );
}

export function ReviewTimeChart({ data }: { data: Insights['review'] }) {
  const bars = [
    { name: 'Median', hours: data.medianHours ?? 0 },
    { name: 'p90', hours: data.p90Hours ?? 0 },
  ];
  return (
    <ChartCard
      id="review"
      title={`Time to review (hours) against the ${data.promiseHours}-hour promise`}
      summary={`Median ${data.medianHours ?? '—'} h, p90 ${data.p90Hours ?? '—'} h; ${data.withinPromise} of ${data.reviewed} reviewed within ${data.promiseHours} h.`}
    >
      <BarChart data={bars} layout="vertical" margin={{ right: 24 }}>
        <CartesianGrid stroke={C.grid} horizontal={false} />
        <XAxis
          type="number"
          {...axis}
          domain={[0, (max: number) => Math.max(max, data.promiseHours) * 1.1]}
        />
        <YAxis type="category" dataKey="name" width={56} {...axis} />
        <Tooltip {...tooltip} />
        <ReferenceLine
          x={data.promiseHours}
          stroke={C.wait}
          strokeDasharray="4 4"
          label={{ value: 'Promise', fill: C.wait, fontSize: 12 }}
        />
        <Bar dataKey="hours" name="Hours" fill={C.b} radius={[0, 4, 4, 0]} />
      </BarChart>
    </ChartCard>
  );
}

export function XpChart({ data }: { data: Insights['xpPerWeek'] }) {
  return (
    <ChartCard
      id="xp"
      title="XP awarded per week"
      summary={`${data.reduce((a, w) => a + w.xp, 0)} XP awarded over ${data.length} weeks.`}
    >
      <BarChart data={data}>
        <TimeAxes x="week" yWidth={48} />
        <Bar dataKey="xp" name="XP" fill={C.a} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}

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
  return (
    <ChartCard id={id} title={title} summary={stages.map((s) => `${s.stage}: ${s.n}`).join(', ')}>
      <BarChart data={stages} layout="vertical" margin={{ right: 24 }}>
        <CartesianGrid stroke={C.grid} horizontal={false} />
        <XAxis type="number" allowDecimals={false} {...axis} />
        <YAxis type="category" dataKey="stage" width={88} {...axis} />
        <Tooltip {...tooltip} />
        <Bar dataKey="n" name="Count" fill={C.b} radius={[0, 4, 4, 0]} />
      </BarChart>
    </ChartCard>
  );
}
