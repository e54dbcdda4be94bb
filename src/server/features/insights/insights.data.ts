/**
 * The admin's insights (issue 18): how the community is doing over the last 7, 30 or
 * 90 days. Plain SQL that PGlite and PostgreSQL both run (percentile_cont included);
 * days are UTC calendar days, weeks start on Monday (date_trunc('week')).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { LIMITS } from '@/shared/limits';
import { REVIEW_PROMISE_MS } from '@/shared/rules/review';
import type { Insights } from '@/shared/schemas/insights';
import { ownerEnabled } from '../users/owner-enabled';
import { abuseSignals } from './abuse.data';

const DAY_MS = 86_400_000;

async function rows<R>(db: DbExecutor, q: SQL): Promise<R[]> {
  return ((await db.execute(q)) as unknown as { rows: R[] }).rows;
}

const n = (v: unknown) => Number(v ?? 0);
const ratio = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 1000;
const hours = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);

/** The period's UTC days, oldest first, as YYYY-MM-DD. */
export function periodDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

const day = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;

export async function insights(db: DbExecutor, now: Date, days: number): Promise<Insights> {
  const dayList = periodDays(now, days);
  const from = new Date(`${dayList[0]}T00:00:00Z`);
  const promise = LIMITS.rewardsProcessedHours;
  const overdueBefore = new Date(now.getTime() - REVIEW_PROMISE_MS); // shared/rules/review.ts isOverdue

  const [signups, submitted, decided, review, xp, referrals, top, bountyFunnel, grantFunnel, queue, abuse] =
    await Promise.all([
      rows<{ d: string; signups: number; verified: number }>(
        db,
        sql`select ${day(sql`created_at`)} as d, count(*)::int as signups,
              count(*) filter (where email_verified)::int as verified
            from "user" where created_at >= ${from} and created_at <= ${now} group by 1`,
      ),
      rows<{ d: string; n: number }>(
        db,
        sql`select ${day(sql`created_at`)} as d, count(*)::int as n from contributions
            where created_at >= ${from} and created_at <= ${now} group by 1`,
      ),
      rows<{ d: string; rewarded: number; rejected: number }>(
        db,
        sql`select ${day(sql`reviewed_at`)} as d,
              count(*) filter (where status = 'approved')::int as rewarded,
              count(*) filter (where status = 'rejected')::int as rejected
            from contributions where reviewed_at >= ${from} and reviewed_at <= ${now} group by 1`,
      ),
      rows<{ reviewed: number; within: number; median: number | null; p90: number | null }>(
        db,
        sql`select count(*)::int as reviewed,
              count(*) filter (where reviewed_at - created_at <= make_interval(hours => ${promise}))::int as within,
              percentile_cont(0.5) within group (order by extract(epoch from (reviewed_at - created_at)) / 3600) as median,
              percentile_cont(0.9) within group (order by extract(epoch from (reviewed_at - created_at)) / 3600) as p90
            from contributions where reviewed_at >= ${from} and reviewed_at <= ${now}`,
      ),
      rows<{ w: string; xp: number }>(
        db,
        sql`select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as w,
              sum(delta)::int as xp
            from point_events where delta > 0 and created_at >= ${from} and created_at <= ${now}
            group by 1 order by 1`,
      ),
      rows<{ referred: number; verified: number; rewarded: number }>(
        db,
        sql`select count(*)::int as referred,
              count(*) filter (where email_verified)::int as verified,
              count(*) filter (where referral_rewarded)::int as rewarded
            from "user" where referred_by is not null and created_at >= ${from} and created_at <= ${now}`,
      ),
      rows<{ id: string; name: string | null; referred: number; verified: number }>(
        db,
        sql`select r.referred_by as id, max(p.name) as name, count(*)::int as referred,
              count(*) filter (where r.email_verified)::int as verified
            from "user" r left join "user" p on p.id = r.referred_by
            where r.referred_by is not null and r.created_at >= ${from} and r.created_at <= ${now}
            group by r.referred_by order by 3 desc, 4 desc, 1 limit 10`,
      ),
      rows<{ requested: number; approved: number; rejected: number; published: number; applicants: number }>(
        db,
        sql`select count(*)::int as requested,
              count(*) filter (where a.status = 'approved')::int as approved,
              count(*) filter (where a.status = 'rejected')::int as rejected,
              count(b.id)::int as published,
              coalesce(sum((select count(*) from bounty_applicants x where x.bounty_id = b.id)), 0)::int as applicants
            from bounty_applications a left join bounties b on b.request_id = a.id
            where a.created_at >= ${from} and a.created_at <= ${now}`,
      ),
      rows<{ submitted: number; approved: number; declined: number; pending: number }>(
        db,
        sql`select count(*)::int as submitted,
              count(*) filter (where status = 'approved')::int as approved,
              count(*) filter (where status = 'declined')::int as declined,
              count(*) filter (where status = 'pending')::int as pending
            from grants where submitted_at >= ${from} and submitted_at <= ${now}`,
      ),
      rows<{ pending: number; overdue: number; oldest: Date | string | null }>(
        db,
        sql`select count(*)::int as pending,
              count(*) filter (where created_at < ${overdueBefore})::int as overdue,
              min(created_at) as oldest
            from contributions where status = 'pending' and ${ownerEnabled(sql`user_id`)}`,
      ),
      abuseSignals(db, from, now),
    ]);

  const byDay = <R extends { d: string }>(list: R[]) => new Map(list.map((r) => [r.d, r]));
  const s = byDay(signups);
  const sub = byDay(submitted);
  const dec = byDay(decided);
  const totalSignups = signups.reduce((a, r) => a + n(r.signups), 0);
  const totalVerified = signups.reduce((a, r) => a + n(r.verified), 0);
  const r = review[0];
  const ref = referrals[0];
  const bf = bountyFunnel[0];
  const gf = grantFunnel[0];
  const q = queue[0];
  const oldest = q?.oldest ? new Date(q.oldest) : null;

  return {
    period: { days, from: from.toISOString(), to: now.toISOString() },
    signups: {
      days: dayList.map((d) => ({ day: d, signups: n(s.get(d)?.signups), verified: n(s.get(d)?.verified) })),
      total: totalSignups,
      verified: totalVerified,
      verifiedRate: ratio(totalVerified, totalSignups),
    },
    contributions: dayList.map((d) => ({
      day: d,
      submitted: n(sub.get(d)?.n),
      rewarded: n(dec.get(d)?.rewarded),
      rejected: n(dec.get(d)?.rejected),
    })),
    review: {
      promiseHours: promise,
      reviewed: n(r?.reviewed),
      withinPromise: n(r?.within),
      medianHours: hours(r?.median),
      p90Hours: hours(r?.p90),
    },
    xpPerWeek: xp.map((w) => ({ week: w.w, xp: n(w.xp) })),
    referrals: {
      referred: n(ref?.referred),
      verified: n(ref?.verified),
      rewarded: n(ref?.rewarded),
      conversion: ratio(n(ref?.verified), n(ref?.referred)),
      top: top.map((t) => ({ id: t.id, name: t.name, referred: n(t.referred), verified: n(t.verified) })),
    },
    bounties: {
      requested: n(bf?.requested),
      approved: n(bf?.approved),
      rejected: n(bf?.rejected),
      published: n(bf?.published),
      applicants: n(bf?.applicants),
    },
    grants: {
      submitted: n(gf?.submitted),
      approved: n(gf?.approved),
      declined: n(gf?.declined),
      pending: n(gf?.pending),
    },
    queue: {
      pending: n(q?.pending),
      overdue: n(q?.overdue),
      oldestHours: oldest ? hours((now.getTime() - oldest.getTime()) / 3_600_000) : null,
    },
    abuse,
  };
}
