import { useId } from 'react';
import { formatDate, formatNumber } from '@/client/lib/format';

/** The dashboard endpoint sends at most this many ledger events (oldest first). */
const HISTORY_LIMIT = 100;

export type XpPoint = { at: string; balance: number };

/** The chart's fixed window (issue 20): the last 30 days, one point per day. */
export const XP_WINDOW_DAYS = 30;

export type XpDay = { day: number; balance: number };

/**
 * Pure: the balance at the end of each of the last `days` local days, today last. The
 * ledger starts every account at 0, so when the history is complete (fewer events than the
 * endpoint's limit) days before the first event read 0; a truncated history starts at its
 * first known balance.
 */
export function xpDaily(history: XpPoint[], now: number, days = XP_WINDOW_DAYS): XpDay[] {
  const events = history
    .map((h) => ({ t: Date.parse(h.at), v: h.balance }))
    .filter((p) => !Number.isNaN(p.t))
    .sort((a, b) => a.t - b.t);
  if (events.length === 0) return [];
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  let balance = history.length < HISTORY_LIMIT ? 0 : events[0]!.v;
  let i = 0;
  const out: XpDay[] = [];
  for (let k = days - 1; k >= 0; k--) {
    const start = new Date(today);
    start.setDate(today.getDate() - k);
    const end = new Date(start);
    end.setDate(start.getDate() + 1);
    while (i < events.length && events[i]!.t < end.getTime()) balance = events[i++]!.v;
    out.push({ day: start.getTime(), balance });
  }
  return out;
}

const W = 600;
const H = 160;
const PAD_TOP = 12;

/** Hand-rolled SVG (no chart library): XP balance at the end of each of the last 30 days. */
export function XpChart({ history, now = Date.now() }: { history: XpPoint[]; now?: number }) {
  const gradientId = useId();
  const series = xpDaily(history, now);
  if (series.length < 2) return null;

  const max = Math.max(...series.map((p) => p.balance), 1);
  const min = Math.min(0, ...series.map((p) => p.balance));
  const x = (i: number) => (i / (series.length - 1)) * W;
  const y = (v: number) => PAD_TOP + (1 - (v - min) / (max - min || 1)) * (H - PAD_TOP);

  const line = series
    .map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.balance).toFixed(1)}`)
    .join(' ');
  const area = `${line} L${W},${H} L0,${H} Z`;
  const first = series[0]!;
  const last = series[series.length - 1]!;
  const start = formatDate(first.day);
  const middle = formatDate(series[Math.floor(series.length / 2)]!.day);
  const gained = last.balance - first.balance;
  const summary = `XP over the last ${series.length} days: from ${formatNumber(first.balance)} on ${start} to ${formatNumber(last.balance)} today (${gained >= 0 ? '+' : ''}${formatNumber(gained)}).`;

  return (
    <figure className="grid gap-2">
      <div className="relative">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="h-36 w-full overflow-visible sm:h-40"
          role="img"
          aria-label={summary}
        >
          <defs>
            <linearGradient id={`${gradientId}-fill`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#a78bfa" stopOpacity="0.35" />
              <stop offset="1" stopColor="#22d3ee" stopOpacity="0" />
            </linearGradient>
            <linearGradient
              id={`${gradientId}-line`}
              x1="0"
              y1="0"
              x2={W}
              y2="0"
              gradientUnits="userSpaceOnUse"
            >
              <stop offset="0" stopColor="#a78bfa" />
              <stop offset="1" stopColor="#22d3ee" />
            </linearGradient>
          </defs>
          {[0.25, 0.5, 0.75].map((f) => (
            <line
              key={f}
              x1="0"
              x2={W}
              y1={PAD_TOP + f * (H - PAD_TOP)}
              y2={PAD_TOP + f * (H - PAD_TOP)}
              stroke="#1f2a44"
              strokeDasharray="4 6"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <path d={area} fill={`url(#${gradientId}-fill)`} />
          <path
            d={line}
            fill="none"
            stroke={`url(#${gradientId}-line)`}
            strokeWidth="2.5"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <span className="pointer-events-none absolute left-0 top-0 rounded bg-surface/80 px-1 text-[11px] tabular-nums text-subtle">
          {formatNumber(max)} XP
        </span>
        <span className="pointer-events-none absolute bottom-0 left-0 rounded bg-surface/80 px-1 text-[11px] tabular-nums text-subtle">
          {formatNumber(min)}
        </span>
      </div>
      <figcaption className="flex justify-between text-xs tabular-nums text-subtle">
        <span>{start}</span>
        <span className="max-sm:hidden">{middle}</span>
        <span>Today</span>
      </figcaption>
    </figure>
  );
}
