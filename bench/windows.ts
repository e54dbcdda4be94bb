/**
 * The leaderboard's time windows at 1 M users (issue 19: "Top 50 and own rank stay as fast
 * as today for every window at 1 M users and 10 M ledger rows"). Starts the compiled server
 * on PostgreSQL in a database of its own (BENCH_WINDOWS_DB, default bench_windows: dropped
 * and created again), seeds BENCH_WINDOWS_USERS users and their window_scores rows (this
 * week: 1 in 5 users active, this month: 1 in 2, the current season: everyone), then
 * measures GET /api/leaderboard/window for each window as a signed-in member ranked in the
 * middle (top 50 and own rank in one request), with autocannon, 10 connections.
 *
 * The reads touch window_scores and user only (ADR 0019), never point_events: the ledger's
 * size does not enter them, so the ledger is not seeded here.
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     node --import tsx bench/windows.ts
 *
 * Writes bench/windows.report.md.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../e2e/support/server';
import { windowKeyAt } from '../src/server/features/seasons/windows';
import { signUpRemote } from '../tests/support/remote';
import { startSmtp } from '../tests/support/smtp';

const base =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const DB = process.env.BENCH_WINDOWS_DB ?? 'bench_windows';
const USERS = Number(process.env.BENCH_WINDOWS_USERS ?? 1_000_000);
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TARGET_P99 = 25;

const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB}`);
const url = new URL(base);
url.pathname = `/${DB}`;
const smtp = await startSmtp();
const app = await startServer({
  smtpUrl: smtp.url,
  requireClient: false,
  env: { LOG_LEVEL: 'error', DATABASE_URL: url.toString() },
});
try {
  const member = await signUpRemote(app.url, smtp, { email: 'member@bench.test' });
  const cookie = member.client.cookieHeader();
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const now = new Date();
  const week = windowKeyAt('week', now);
  const month = windowKeyAt('month', now);
  const seedStart = performance.now();
  await db.query(
    `insert into seasons (id, name, starts_at, ends_at) values ('bench', 'Bench season', now() - interval '30 days', now() + interval '30 days'),
       ('skew', 'Bunched season', now() - interval '400 days', now() - interval '300 days')`,
  );
  await db.query(
    `insert into "user" (id, name, email, email_verified, username, role, created_at, updated_at, score_reached_at, disabled_at)
     select 'bw' || i, 'Member ' || i, 'm' || i || '@bench.test', true, 'member ' || i, 'builder', now(), now(), now(),
       case when i % 997 = 0 then now() end
     from generate_series(1, $1::int) i`,
    [USERS],
  );
  // Points spread over 0–49,999; who reached them first spread over the window.
  for (const [key, every] of [
    [week, 5],
    [month, 2],
    ['season:bench', 1],
  ] as const) {
    await db.query(
      `insert into window_scores (window_key, user_id, points, reached_at, listed)
       select $1, 'bw' || i, ((i::bigint * 7919) % 50000)::int, now() - ((i % 100000) || ' seconds')::interval,
         i % 997 <> 0
       from generate_series(1, $2::int) i where i % $3 = 0`,
      [key, USERS, every],
    );
  }
  // A past season where scores bunch at the bottom, as real ones do: 9 in 10 users under
  // 100 XP (one band), the rest spread up to 50,000.
  await db.query(
    `insert into window_scores (window_key, user_id, points, reached_at, listed)
     select 'season:skew', 'bw' || i,
       case when i % 10 < 9 then 1 + ((i::bigint * 7919) % 99)::int else 100 + ((i::bigint * 7919) % 49900)::int end,
       now() - interval '350 days' - ((i % 100000) || ' seconds')::interval, i % 997 <> 0
     from generate_series(1, $1::int) i`,
    [USERS],
  );
  // The viewer in the middle of every board (in the bunched one, inside the crowded band).
  const [{ id: me }] = (await db.query(`select id from "user" where email = 'member@bench.test'`)).rows;
  for (const [key, pts] of [
    [week, 25000],
    [month, 25000],
    ['season:bench', 25000],
    ['season:skew', 50],
  ] as const)
    await db.query(`insert into window_scores values ($1, $2, $3, now())`, [key, me, pts]);
  // The bands, as awardPoints would have kept them.
  await db.query(
    `insert into window_bands select window_key, floor(points / 100)::int, count(*)::int from window_scores where points >= 1 and listed group by 1, 2`,
  );
  await db.query(
    `insert into window_buckets select window_key, points, count(*)::int from window_scores where points >= 1 and listed group by 1, 2`,
  );
  // Autovacuum visits a table after a bulk insert; the bench does it at once, so the counts
  // read the index alone as they would in steady state.
  await db.query('vacuum analyze');
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const rows = Number((await db.query('select count(*) from window_scores')).rows[0].count);
  await db.end();
  const load = Number((os.loadavg()[0] ?? 0).toFixed(1));

  const ping = await autocannon({ url: `${app.url}/api/ping`, connections: CONNECTIONS, duration: SECONDS });
  const floor = { rps: Math.round(ping.requests.average), p50: ping.latency.p50, p99: ping.latency.p99 };
  const results: Array<{ label: string; rps: number; p50: number; p99: number; rank: number | null }> = [];
  for (const [label, q] of [
    [`this week (${(USERS / 5).toLocaleString('en')} users)`, 'window=week'],
    [`this month (${(USERS / 2).toLocaleString('en')} users)`, 'window=month'],
    [`current season (${USERS.toLocaleString('en')} users)`, 'window=season'],
    [
      `a past season, 9 in 10 under 100 XP (${USERS.toLocaleString('en')} users)`,
      'window=season&season=skew',
    ],
  ] as const) {
    const target = `${app.url}/api/leaderboard/window?${q}`;
    const check = await fetch(target, { headers: { cookie } });
    if (check.status !== 200) throw new Error(`${label}: ${check.status} ${await check.text()}`);
    const body = (await check.json()) as { entries: unknown[]; me: { rank: number | null } };
    if (body.entries.length !== 50) throw new Error(`${label}: ${body.entries.length} entries`);
    const r = await autocannon({
      url: target,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { cookie },
    });
    if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)
      throw new Error(`${label}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
    results.push({
      label,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      rank: body.me.rank,
    });
    console.info(label, results.at(-1));
  }
  const worst = Math.max(...results.map((r) => r.p99));
  const report = `## Leaderboard windows at ${USERS.toLocaleString('en')} users

Run: ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL (database ${DB}), the compiled server (one process).
Seeded ${USERS.toLocaleString('en')} users and ${rows.toLocaleString('en')} window_scores rows in ${seedSeconds.toFixed(1)} s (1 in 997 disabled).
GET /api/leaderboard/window as a signed-in member ranked in the middle of each board: the top 50 and the member's rank, in one request; ${CONNECTIONS} connections, ${SECONDS} s per case.
The week, month and current season spread scores evenly over 0–49,999 points; the past season bunches them as real boards do (9 in 10 users under 100 XP, so one band holds about 900,000), with the member inside that band. A rank reads bands and exact-score buckets only (ADR 0019), so bunching costs nothing.
1-minute load average ${load} before the timed runs.

| window | member's rank | req/s | p50 ms | p99 ms | target p99 < ${TARGET_P99} ms |
|---|---:|---:|---:|---:|---|
| GET /api/ping (no database; the machine's floor in this run) | – | ${floor.rps} | ${floor.p50} | ${floor.p99} | – |
${results.map((r) => `| ${r.label} | ${r.rank?.toLocaleString('en') ?? '–'} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.p99 < TARGET_P99 ? 'met' : `missed by ${r.p99 - TARGET_P99 + 1} ms`} |`).join('\n')}

Worst p99 ${worst} ms (target < ${TARGET_P99} ms): ${worst < TARGET_P99 ? 'met' : 'missed'}.
`;
  console.info(`\n${report}`);
  writeFileSync(new URL('./windows.report.md', import.meta.url), report);
} finally {
  await app.stop();
  await smtp.close();
  await admin.end();
}
