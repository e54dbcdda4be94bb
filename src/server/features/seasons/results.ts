/**
 * Season results (issue 19: "a season result" lands in the inbox). Once a season has ended,
 * everyone on its board is told their final rank and XP in it, and the top 3 and top 10
 * their badge; those with a badge also get a mail unless they turned 'seasons' mail off.
 *
 * An hourly job (and one run at start) claims one ended season at a time by setting
 * seasons.results_sent_at in the transaction that writes its notices, so retries and
 * several processes tell each member once; the inbox's dedupe key makes sure of it.
 * Notices are written by one INSERT … SELECT over the season's board (any size); the unread
 * counters move in the same statement. Only the top of the board is told live over the bus;
 * the rest see the count on their next page (it comes with /api/me).
 */
import { sql } from 'drizzle-orm';
import type { AppDeps } from '@/server/context';
import { scheduledJobStarter } from '@/server/lib/scheduled-job';
import { renderMail } from '@/server/mail/templates';
import { LIMITS } from '@/shared/limits';
import { announce } from '../notifications/inbox';
import { unsubscribeHeaders } from '../notifications/unsubscribe-link';

export const SEASON_RESULTS_QUEUE = 'season-results';
export const SEASON_RESULTS_CRON = '7 * * * *';
/** How many from the top are told live; the badge holders are well inside it. */
const ANNOUNCE_TOP = 50;

type Deps = Pick<AppDeps, 'handle' | 'mailer' | 'env' | 'now' | 'log' | 'bus'>;

type Told = {
  user_id: string;
  r: number;
  title: string;
  body: string;
  email: string;
  name: string;
  opted_out: boolean;
};

/** Tells the members of every ended season not told yet; returns how many notices were added. */
export async function sendSeasonResults(deps: Deps): Promise<number> {
  const now = deps.now();
  let total = 0;
  for (;;) {
    const done = await deps.handle.db.transaction(async (tx) => {
      const claimed = (await tx.execute(sql`
        update seasons set results_sent_at = ${now}
        where id = (select id from seasons where ends_at <= ${now} and results_sent_at is null
                    order by ends_at limit 1 for update skip locked)
        returning id, name`)) as unknown as { rows: Array<{ id: string; name: string }> };
      const season = claimed.rows[0];
      if (!season) return null;
      const key = `season:${season.id}`;
      // rank() over points: 1 + the listed members with more points, as windowRank counts.
      // The notice's words are written here only; the mail repeats them.
      const res = (await tx.execute(sql`
        with ranked as (
          select user_id, points, rank() over (order by points desc)::int as r
          from window_scores where window_key = ${key} and listed and points >= ${LIMITS.leaderboardMinPoints}
        ), added as (
          insert into notifications (user_id, category, title, body, link, dedupe_key)
          select user_id, 'seasons',
            'Season “' || ${season.name} || '” has ended: you finished #' || to_char(r, 'FM999,999,999'),
            'You earned ' || to_char(points, 'FM999,999,999') || ' XP in it.'
              || case when r <= 3 then ' Your Top 3 badge is on your public profile.'
                      when r <= 10 then ' Your Top 10 badge is on your public profile.' else '' end,
            '/dashboard', ${`${key}:`} || user_id
          from ranked
          on conflict (dedupe_key) do nothing
          returning user_id, title, body
        ), counted as (
          update "user" u set unread_notifications = u.unread_notifications + 1
          from added where u.id = added.user_id
          returning u.id, u.email, u.name, 'seasons' = any(u.mail_opt_out) as opted_out
        )
        select (select count(*) from counted)::int as n, coalesce((
          select json_agg(t order by t.r) from (
            select c.id as user_id, r.r, a.title, a.body, c.email, c.name, c.opted_out
            from counted c join ranked r on r.user_id = c.id join added a on a.user_id = c.id
            where r.r <= ${ANNOUNCE_TOP}) t), '[]'::json) as top`)) as unknown as {
        rows: Array<{ n: number; top: Told[] | string }>;
      };
      const row = res.rows[0]!;
      const top: Told[] = typeof row.top === 'string' ? JSON.parse(row.top) : row.top;
      for (const m of top) {
        const badge = m.r <= 3 ? 'Top 3' : m.r <= 10 ? 'Top 10' : null;
        if (!badge || m.opted_out) continue;
        await deps.mailer.enqueue(
          m.email,
          {
            ...renderMail({
              subject: `You finished in the ${badge} of ${season.name}`,
              name: m.name,
              paragraphs: [`${m.title}.`, m.body],
              action: { label: 'See the leaderboard', url: `${deps.env.APP_URL}/dashboard` },
            }),
            headers: unsubscribeHeaders(deps.env, m.user_id, 'seasons', now),
          },
          tx,
        );
      }
      return { season: season.name, told: Number(row.n), top: top.map((m) => m.user_id) };
    });
    if (!done) break;
    total += done.told;
    deps.log.info({ season: done.season, told: done.told }, 'season results sent');
    for (const id of done.top) await announce(deps.bus, id);
  }
  if (total > 0) void deps.mailer.deliverDue();
  return total;
}

/** Registers the job (hourly, and once soon after start); returns a stop function. */
export const startSeasonResults = scheduledJobStarter(
  SEASON_RESULTS_QUEUE,
  SEASON_RESULTS_CRON,
  sendSeasonResults,
);
