import { useId } from 'react';
import { formatDate, formatNumber } from '@/client/lib/format';

/** The dashboard endpoint sends at most this many ledger events (oldest first). */
const HISTORY_LIMIT = 100;

export type XpPoint = { at: string; balance: number };

type Pt = { t: number; v: number };

/**
 * Pure: the step series to draw. The ledger starts every account at 0, so when
 * the history is complete (fewer events than the endpoint's limit) the line
 * starts from 0 at the first event; it always runs on to `now` at the current
 * balance.
 */
export function xpSeries(history: XpPoint[], now: number): Pt[] {
  const pts = history
    .map((h) => ({ t: Date.parse(h.at), v: h.balance }))
    .filter((p) => !Number.isNaN(p.t))
    .sort((a, b) => a.t - b.t);
  if (pts.length === 0) return [];
  const first = pts[0]!;
  const out: Pt[] = history.length < HISTORY_LIMIT ? [{ t: first.t, v: 0 }] : [];
  for (const p of pts) {
    const prev = out[out.length - 1];
    if (prev && prev.t < p.t) out.push({ t: p.t, v: prev.v }); // hold the old value until the event
    out.push(p);
  }
  const last = out[out.length - 1]!;
  out.push({ t: Math.max(now, last.t), v: last.v });
  return out;
}

const W = 600;
const H = 160;
const PAD_TOP = 12;

/** Hand-rolled SVG (no chart library): XP balance over time, from the XP ledger. */
export function XpChart({ history, now = Date.now() }: { history: XpPoint[]; now?: number }) {
  const gradientId = useId();
  const series = xpSeries(history, now);
  const current = history.length ? history[history.length - 1]!.balance : 0;
  if (series.length < 2) return null;

  const t0 = series[0]!.t;
  const t1 = series[series.length - 1]!.t;
  const span = Math.max(t1 - t0, 1);
  const max = Math.max(...series.map((p) => p.v), 1);
  const min = Math.min(0, ...series.map((p) => p.v));
  const x = (t: number) => ((t - t0) / span) * W;
  const y = (v: number) => PAD_TOP + (1 - (v - min) / (max - min || 1)) * (H - PAD_TOP);

  const line = series.map((p, i) => `${i ? 'L' : 'M'}${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ');
  const area = `${line} L${W},${H} L0,${H} Z`;
  const start = formatDate(t0);
  const end = formatDate(t1);
  const summary = `XP over time: from ${formatNumber(series[0]!.v)} on ${start} to ${formatNumber(current)} on ${end}.`;

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
      </div>
      <figcaption className="flex justify-between text-xs tabular-nums text-subtle">
        <span>{start}</span>
        <span>{end}</span>
      </figcaption>
    </figure>
  );
}
