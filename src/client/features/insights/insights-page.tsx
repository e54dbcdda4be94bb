/**
 * /admin/insights (issue 18): how the community is doing over 7, 30 or 90 days, the
 * review queue's health against the 24-hour promise, and abuse signals to look at
 * (flags only: nothing here acts on an account).
 */
import { useQuery } from '@tanstack/react-query';
import { AlarmClock, Flag, Inbox, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DownloadCsv } from '@/client/components/download-csv';
import { PageFrame } from '@/client/components/page-frame';
import { PAGE_HEADS } from '@/client/components/page-heads';
import { Loading, QueryError } from '@/client/components/query-states';
import { RefreshButton } from '@/client/components/refresh-button';
import { StatCard } from '@/client/components/stat-card';
import { FilterChips } from '@/client/components/ui/filter-chips';
import { Skeleton } from '@/client/components/ui/skeleton';
import { INSIGHT_PERIODS, type InsightPeriod } from '@/shared/lists';
import { MSG } from '@/shared/messages';
import type { Insights } from '@/shared/schemas/insights';
import { AbuseSignals } from './abuse-signals';
import { insightsQuery } from './api';
import {
  ContributionsChart,
  FunnelChart,
  loadChartPictures,
  ReviewTimeChart,
  SignupsChart,
  XpChart,
} from './insights-charts';

const PERIODS = INSIGHT_PERIODS.map((d) => ({ value: String(d) as `${InsightPeriod}`, label: `${d} days` }));
const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 1000) / 10}%`);
const hours = (v: number | null) => (v === null ? '—' : `${v} h`);

function QueueHealth({ queue, promise }: { queue: Insights['queue']; promise: number }) {
  return (
    <section aria-labelledby="queue-health" className="grid gap-3" data-testid="queue-health">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="queue-health" className="text-lg font-semibold text-fg">
          Queue health
        </h2>
        <Link
          to="/admin/contribution-hub"
          className="text-sm text-accent-to underline-offset-4 hover:underline"
        >
          Open the review queue
        </Link>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <StatCard label="Pending contributions" value={queue.pending} icon={<Inbox />} />
        <StatCard
          label={`Older than ${promise} h`}
          value={<span className={queue.overdue > 0 ? 'text-declined' : undefined}>{queue.overdue}</span>}
          icon={<AlarmClock />}
          hint={
            queue.overdue > 0
              ? 'Highlighted in the review queue; the admin gets one digest mail a day while any are overdue.'
              : 'None overdue.'
          }
        />
        <StatCard label="Oldest waiting" value={hours(queue.oldestHours)} icon={<Timer />} />
      </div>
    </section>
  );
}

function Referrals({ data }: { data: Insights['referrals'] }) {
  return (
    <section
      aria-labelledby="referrals"
      className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      <h2 id="referrals" className="text-base font-semibold text-fg">
        Referrals
      </h2>
      <p className="text-sm text-muted" data-testid="referral-conversion">
        {data.referred} referred sign-ups, {data.verified} verified ({pct(data.conversion)} conversion),{' '}
        {data.rewarded} rewarded.
      </p>
      {data.top.length === 0 ? (
        <p className="text-sm text-muted">No referred sign-ups in this period.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Top referrers</caption>
          <thead className="text-muted">
            <tr>
              <th className="py-1 font-medium">Top referrers</th>
              <th className="py-1 text-right font-medium">Referred</th>
              <th className="py-1 text-right font-medium">Verified</th>
            </tr>
          </thead>
          <tbody>
            {data.top.map((r) => (
              <tr key={r.id} className="border-t border-line">
                <td className="py-1.5 text-fg-soft">{r.name ?? r.id}</td>
                <td className="py-1.5 text-right tabular-nums">{r.referred}</td>
                <td className="py-1.5 text-right tabular-nums">{r.verified}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Each funnel's stages, in order: the label and the count it reads. */
const BOUNTY_STAGES = [
  ['Requested', 'requested'],
  ['Approved', 'approved'],
  ['Published', 'published'],
  ['Applicants', 'applicants'],
] as const;
const GRANT_STAGES = [
  ['Submitted', 'submitted'],
  ['Approved', 'approved'],
  ['Declined', 'declined'],
  ['Pending', 'pending'],
] as const;
const stagesOf = <K extends string>(stages: readonly (readonly [string, K])[], counts: Record<K, number>) =>
  stages.map(([stage, key]) => ({ stage, n: counts[key] }));

function Body({ data }: { data: Insights }) {
  const { bounties: b, grants: g } = data;
  // The figures are on screen: now fetch the charts' pictures (each draws near the viewport).
  useEffect(() => {
    loadChartPictures().catch(() => undefined);
  }, []);
  return (
    <div className="grid gap-8">
      <QueueHealth queue={data.queue} promise={data.review.promiseHours} />
      <div className="grid gap-3 sm:grid-cols-4">
        <StatCard label="Sign-ups" value={data.signups.total} />
        <StatCard label="Verified rate" value={pct(data.signups.verifiedRate)} />
        <StatCard label="Median review" value={hours(data.review.medianHours)} />
        <StatCard
          label="p90 review"
          value={hours(data.review.p90Hours)}
          hint={`${data.review.withinPromise} of ${data.review.reviewed} within ${data.review.promiseHours} h`}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <SignupsChart data={data.signups} />
        <ContributionsChart data={data.contributions} />
        <ReviewTimeChart data={data.review} />
        <XpChart data={data.xpPerWeek} />
        <FunnelChart id="bounty-funnel" title="Bounty funnel" stages={stagesOf(BOUNTY_STAGES, b)} />
        <FunnelChart id="grant-funnel" title="Grant funnel" stages={stagesOf(GRANT_STAGES, g)} />
      </div>
      <Referrals data={data.referrals} />
      <AbuseSignals data={data.abuse} />
    </div>
  );
}

export function InsightsPage() {
  const [period, setPeriod] = useState<`${InsightPeriod}`>('30');
  const days = Number(period) as InsightPeriod;
  const q = useQuery(insightsQuery(days));
  return (
    <PageFrame
      head={PAGE_HEADS['/admin/insights']}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <DownloadCsv path="/admin/exports/users" label="Members CSV" />
          <DownloadCsv path="/admin/exports/xp-ledger" label="XP ledger CSV" />
          <RefreshButton fetching={q.isFetching} onRefresh={() => void q.refetch()} />
        </div>
      }
    >
      <FilterChips legend="Period" options={PERIODS} value={period} onChange={setPeriod} />
      {q.data ? (
        <div
          aria-busy={q.isPlaceholderData}
          data-period={q.isPlaceholderData ? undefined : q.data.period.days}
        >
          <Body data={q.data} />
        </div>
      ) : q.isError ? (
        <QueryError query={q} fallback={MSG.admin.error} />
      ) : (
        <Loading label="Loading insights" count={4} className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-72 rounded-2xl" />
        </Loading>
      )}
      <p className="flex items-center gap-2 text-xs text-subtle">
        <Flag className="size-3.5" aria-hidden="true" />
        Exports stream as CSV; cells that would start a spreadsheet formula begin with an apostrophe.
      </p>
    </PageFrame>
  );
}
