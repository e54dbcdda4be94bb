/**
 * The insights charts' pictures (recharts). insights-charts.tsx loads this file once the
 * page's figures are on screen, so the chart library is never part of a page's first task
 * (e2e/bundle-budget.e2e.ts). Each picture is hidden from screen readers (its card's summary
 * speaks for it), so it must not take keyboard focus either: recharts' keyboard layer is off.
 */
import type { ReactElement } from 'react';
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

/**
 * The grid, the axes and the tooltip of bars laid sideways: one bar per `dataKey` category;
 * `counts` keeps the ticks whole, `max` keeps a value (the review promise) inside the scale.
 */
function SidewaysAxes({
  dataKey,
  width,
  counts = false,
  max,
}: {
  dataKey: string;
  width: number;
  counts?: boolean;
  max?: number;
}) {
  return (
    <>
      <CartesianGrid stroke={C.grid} horizontal={false} />
      <XAxis
        type="number"
        allowDecimals={!counts}
        {...axis}
        domain={max === undefined ? undefined : [0, (top: number) => Math.ceil(Math.max(top, max) * 1.1)]}
      />
      <YAxis type="category" dataKey={dataKey} width={width} {...axis} />
      <Tooltip {...tooltip} />
    </>
  );
}

/** A picture filling its card's box. */
function Frame({ children }: { children: ReactElement }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      {children}
    </ResponsiveContainer>
  );
}

/** Counts over time as bars, one series per entry of `bars`, with a legend when there are several. */
function TimeBars({
  data,
  x,
  yWidth,
  bars,
}: {
  data: object[];
  x: 'day' | 'week';
  yWidth: number;
  bars: { key: string; name: string; fill: string }[];
}) {
  return (
    <Frame>
      <BarChart data={data} accessibilityLayer={false}>
        <TimeAxes x={x} yWidth={yWidth} />
        {bars.length > 1 ? <Legend /> : null}
        {bars.map((b) => (
          <Bar key={b.key} dataKey={b.key} name={b.name} fill={b.fill} radius={[4, 4, 0, 0]} />
        ))}
      </BarChart>
    </Frame>
  );
}

export function SignupsPicture({ data }: { data: Insights['signups'] }) {
  return (
    <TimeBars
      data={data.days}
      x="day"
      yWidth={32}
      bars={[
        { key: 'signups', name: 'Sign-ups', fill: C.a },
        { key: 'verified', name: 'Verified', fill: C.b },
      ]}
    />
  );
}

export function ContributionsPicture({ data }: { data: Insights['contributions'] }) {
  return (
    <Frame>
      <LineChart data={data} accessibilityLayer={false}>
        <TimeAxes x="day" yWidth={32} />
        <Legend />
        <Line type="monotone" dataKey="submitted" name="Submitted" stroke={C.a} strokeWidth={2} dot={false} />
        <Line type="monotone" dataKey="rewarded" name="Rewarded" stroke={C.ok} strokeWidth={2} dot={false} />
        <Line type="monotone" dataKey="rejected" name="Rejected" stroke={C.no} strokeWidth={2} dot={false} />
      </LineChart>
    </Frame>
  );
}

export function ReviewTimePicture({ data }: { data: Insights['review'] }) {
  const bars = [
    { name: 'Median', hours: data.medianHours ?? 0 },
    { name: 'p90', hours: data.p90Hours ?? 0 },
  ];
  return (
    <Frame>
      <BarChart data={bars} layout="vertical" margin={{ right: 24 }} accessibilityLayer={false}>
        <SidewaysAxes dataKey="name" width={56} max={data.promiseHours} />
        <ReferenceLine
          x={data.promiseHours}
          stroke={C.wait}
          strokeDasharray="4 4"
          label={{ value: 'Promise', fill: C.wait, fontSize: 12 }}
        />
        <Bar dataKey="hours" name="Hours" fill={C.b} radius={[0, 4, 4, 0]} />
      </BarChart>
    </Frame>
  );
}

export function XpPicture({ data }: { data: Insights['xpPerWeek'] }) {
  return <TimeBars data={data} x="week" yWidth={48} bars={[{ key: 'xp', name: 'XP', fill: C.a }]} />;
}

/** A funnel as horizontal bars, widest stage first. */
export function FunnelPicture({ stages }: { stages: { stage: string; n: number }[] }) {
  return (
    <Frame>
      <BarChart data={stages} layout="vertical" margin={{ right: 24 }} accessibilityLayer={false}>
        <SidewaysAxes dataKey="stage" width={88} counts />
        <Bar dataKey="n" name="Count" fill={C.b} radius={[0, 4, 4, 0]} />
      </BarChart>
    </Frame>
  );
}
