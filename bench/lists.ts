/**
 * Every paged list at a real ecosystem's size (issue 16, "Lists at scale"). Starts the
 * compiled server on PostgreSQL in a database of its own (BENCH_LISTS_DB, default
 * bench_lists: dropped and created again) and seeds, with generate_series in the
 * database:
 *
 * - 1,000,000 members (BENCH_LISTS_SCALE scales every count; 1 is the issue's size),
 * - 10,000,000 ledger rows (point_events),
 * - 500,000 contributions, 100,000 of them pending review,
 * - 20,000 projects, 20,000 bounties, 20,000 decided grants and 5,000 resources,
 * - and, for the admin queues, 100,000 pending grants, 100,000 pending bounty requests
 *   and 100,000 pending project applications.
 *
 * One member (signed up through the API, as the admin is) owns 5,000 decided
 * contributions, so their history and public profile have deep pages too.
 *
 * Then each list route is measured with autocannon (10 connections, BENCH_SECONDS each,
 * default 5) at its first page and at a deep page: the cursor is found by walking the
 * list through the API, 100 rows a page, as a client would, to about 90 % of the list
 * (at most BENCH_LISTS_DEEP rows in, default 95,000). Target: p99 < 25 ms at 10
 * connections. The public first pages are also read twice in a row to show the list
 * cache (a repeat read runs no statement).
 *
 *   npm run build && node --import tsx bench/lists.ts
 *   BENCH_LISTS_ONLY='admin|search' node --import tsx bench/lists.ts   (some cases, printed only)
 *
 * Writes bench/lists.report.md.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../e2e/support/server';
import { LIMITS } from '../src/shared/limits';
import { signUpRemote } from '../tests/support/remote';
import { startSmtp } from '../tests/support/smtp';

const base =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const DB = process.env.BENCH_LISTS_DB ?? 'bench_lists';
const SCALE = Number(process.env.BENCH_LISTS_SCALE ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const DEEP_MAX = Number(process.env.BENCH_LISTS_DEEP ?? 95_000);
/** Only the cases whose label matches (a regular expression), for a quick look at a few; the report then says so. */
const ONLY = process.env.BENCH_LISTS_ONLY ? new RegExp(process.env.BENCH_LISTS_ONLY, 'i') : null;
const CONNECTIONS = 10;
const TARGET_P99 = 25;
const n = (count: number) => Math.max(10, Math.round(count * SCALE));
const SIZE = {
  users: n(1_000_000),
  ledger: n(10_000_000),
  contributions: n(500_000),
  pendingContributions: n(100_000),
  projects: n(20_000),
  bounties: n(20_000),
  grants: n(20_000),
  resources: n(5_000),
  pendingGrants: n(100_000),
  pendingBountyRequests: n(100_000),
  pendingProjectApplications: n(100_000),
  heavyHistory: n(5_000),
};
const fmt = (v: number) => v.toLocaleString('en');

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

/** Seeds in steps of `step` rows, so progress shows and no statement runs for minutes. */
async function inSteps(db: pg.Client, label: string, total: number, step: number, statement: string) {
  const t = performance.now();
  for (let from = 1; from <= total; from += step) {
    await db.query(statement, [from, Math.min(from + step - 1, total)]);
  }
  console.info(`seeded ${fmt(total)} ${label} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

// A member id for the i-th seeded member (1-based), and a spread of them for row i.
const member = (expr: string) => `'bm' || lpad(((${expr}) % ${SIZE.users} + 1)::text, 9, '0')`;

try {
  const boss = await signUpRemote(app.url, smtp, { email: 'admin@sysfi.test' });
  const heavy = await signUpRemote(app.url, smtp, { role: 'builder' });
  const adminCookie = boss.client.cookieHeader();
  const memberCookie = heavy.client.cookieHeader();
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const seedStart = performance.now();
  // Bulk load without triggers (counters, list versions) and their per-row cost: the lists
  // read rows, not counters. Foreign keys are triggers too; every id below exists.
  await db.query(`set session_replication_role = replica`);

  await inSteps(
    db,
    'members',
    SIZE.users,
    100_000,
    `insert into "user" (id, name, email, email_verified, username, role, status, point_balance,
       created_at, updated_at, score_reached_at, disabled_at)
     select 'bm' || lpad(i::text, 9, '0'), 'Member ' || i, 'm' || i || '@seed.test', i % 7 <> 0,
       'member ' || i, (array['builder','creator','developer','ambassador','startup','project'])[1 + i % 6],
       'approved', (i * 7919) % 5000, now() - i * interval '30 seconds', now(), now() - i * interval '30 seconds',
       case when i % 997 = 0 then now() end
     from generate_series($1::bigint, $2::bigint) i`,
  );
  await inSteps(
    db,
    'ledger rows',
    SIZE.ledger,
    500_000,
    `insert into point_events (user_id, delta, balance_after, reason, source_id, idempotency_key, created_at)
     select ${member('i * 13')}, 10, 10, 'contribution_reward', null, 'seed-' || i,
       now() - (i % 63072000) * interval '1 second'
     from generate_series($1::bigint, $2::bigint) i`,
  );
  // Contributions: the first `pending` are waiting for review, oldest first; the rest are decided.
  await inSteps(
    db,
    'contributions',
    SIZE.contributions,
    100_000,
    `insert into contributions (id, user_id, title, type, contributor, link, link_key, status, reward_points,
       created_at, updated_at, reviewed_at)
     select 'bc' || lpad(i::text, 9, '0'), ${member('i * 31')}, 'Thread about rollups #' || i,
       (array['tweet','link'])[1 + i % 2], 'Member ' || i,
       'https://x.com/seed/status/' || i, 'x.com/seed/status/' || i,
       case when i <= ${SIZE.pendingContributions} then 'pending' when i % 3 = 0 then 'rejected' else 'approved' end,
       case when i > ${SIZE.pendingContributions} and i % 3 <> 0 then 50 end,
       now() - ((${SIZE.contributions} - i) * interval '1 minute'), now(),
       case when i > ${SIZE.pendingContributions} then now() end
     from generate_series($1::bigint, $2::bigint) i`,
  );
  await db.query(
    `insert into contributions (id, user_id, title, type, contributor, link, link_key, status, reward_points,
       created_at, updated_at, reviewed_at)
     select 'bh' || lpad(i::text, 9, '0'), $3, 'My work #' || i, 'link', 'Me',
       'https://blog.test/post/' || i, 'blog.test/post/' || i,
       case when i % 4 = 0 then 'rejected' else 'approved' end, case when i % 4 <> 0 then 40 end,
       now() - i * interval '1 hour', now(), now() - i * interval '1 hour'
     from generate_series($1::bigint, $2::bigint) i`,
    [1, SIZE.heavyHistory, heavy.uid],
  );
  // And 5 waiting for review, the newest in the queue: their places count everything ahead (the hub).
  await db.query(
    `insert into contributions (id, user_id, title, type, contributor, link, link_key, status, created_at, updated_at)
     select 'bw' || i, $1, 'Waiting #' || i, 'link', 'Me', 'https://blog.test/wait/' || i, 'blog.test/wait/' || i,
       'pending', now() + i * interval '1 second', now()
     from generate_series(1, 5) i`,
    [heavy.uid],
  );
  await inSteps(
    db,
    'projects',
    SIZE.projects,
    SIZE.projects,
    `insert into projects (id, owner_id, title, description, website, x_account, tags, status, created_at, updated_at)
     select 'bp' || lpad(i::text, 9, '0'), ${member('i * 17')}, 'Project ' || i, 'A project on the chain, number ' || i,
       'https://project' || i || '.test', '@project' || i, array['defi','nft'],
       case when i % 10 = 0 then 'archived' else 'active' end, now() - i * interval '10 minutes', now()
     from generate_series($1::bigint, $2::bigint) i`,
  );
  // Bounties: deadlines from a year ago to a year ahead, one in 20 open-ended.
  await inSteps(
    db,
    'bounties',
    SIZE.bounties,
    SIZE.bounties,
    `insert into bounties (id, requester_id, title, description, reward, deadline, created_at)
     select 'bb' || lpad(i::text, 9, '0'), ${member('i * 19')}, 'Bounty ' || i, 'Build a thing, number ' || i,
       (100 + i % 900) || ' USDC',
       case when i % 20 = 0 then null else now() + ((i % 730) - 365) * interval '1 day' + i * interval '1 second' end,
       now() - i * interval '10 minutes'
     from generate_series($1::bigint, $2::bigint) i`,
  );
  await inSteps(
    db,
    'decided grants',
    SIZE.grants,
    SIZE.grants,
    `insert into grants (id, applicant_id, amount, currency, proposal, status, submitted_at, updated_at, decided_at)
     select 'bg' || lpad(i::text, 9, '0'), ${member('i * 23')}, 1000 + i % 9000, 'USDC', 'Proposal ' || i,
       case when i % 4 = 0 then 'rejected' else 'approved' end, now() - i * interval '20 minutes', now(), now()
     from generate_series($1::bigint, $2::bigint) i`,
  );
  await inSteps(
    db,
    'pending grants',
    SIZE.pendingGrants,
    SIZE.pendingGrants,
    `insert into grants (id, applicant_id, amount, currency, proposal, status, submitted_at, updated_at)
     select 'bq' || lpad(i::text, 9, '0'), ${member('i * 29')}, 500 + i % 5000, 'USDC', 'Pending proposal ' || i,
       'pending', now() - i * interval '1 minute', now()
     from generate_series($1::bigint, $2::bigint) i`,
  );
  await inSteps(
    db,
    'resources',
    SIZE.resources,
    SIZE.resources,
    `insert into resources (id, title, category, link, uploaded_at, updated_at)
     select 'br' || lpad(i::text, 9, '0'), 'Guide ' || i,
       (array['Docs','Tooling','Security','Design','Grants','Community','Research','Videos'])[1 + i % 8],
       'https://guides.test/' || i, now() - i * interval '1 hour', now()
     from generate_series($1::bigint, $2::bigint) i`,
  );
  await inSteps(
    db,
    'pending bounty requests',
    SIZE.pendingBountyRequests,
    SIZE.pendingBountyRequests,
    `insert into bounty_applications (id, user_id, title, description, reward, deadline, contact_info, status, created_at)
     select 'ba' || lpad(i::text, 9, '0'), ${member('i * 37')}, 'Request ' || i, 'Please publish bounty ' || i,
       '500 USDC', now() + interval '30 days', 'tg @req' || i, 'pending', now() - i * interval '1 minute'
     from generate_series($1::bigint, $2::bigint) i`,
  );
  await inSteps(
    db,
    'pending project applications',
    SIZE.pendingProjectApplications,
    SIZE.pendingProjectApplications,
    `insert into project_applications (id, owner_id, email, name, website, github, whitepaper, team_members,
       genre, phase, goals, status, submitted_at)
     select 'bj' || lpad(i::text, 9, '0'), ${member('i * 41')}, 'team' || i || '@seed.test', 'Startup ' || i,
       'https://startup' || i || '.test', 'https://github.com/startup' || i, 'https://startup' || i || '.test/paper',
       array['Ada','Linus'], 'DeFi', 'MVP', 'Ship it', 'pending', now() - i * interval '1 minute'
     from generate_series($1::bigint, $2::bigint) i`,
  );
  await db.query(`set session_replication_role = origin`);
  // The counters that triggers and award transactions keep, as they would stand after this load:
  // the member counts (migration 0030) and the score histograms the leaderboard's ranks read.
  await db.query(`delete from user_counts`);
  await db.query(`insert into user_counts (role, verified, users)
    select role, email_verified, count(*) from "user" group by 1, 2`);
  await db.query(`delete from score_buckets`);
  await db.query(`insert into score_buckets (points, users)
    select point_balance, count(*) from "user" where point_balance > 0 and disabled_at is null group by 1`);
  await db.query(`delete from score_bands`);
  await db.query(`insert into score_bands (band, users)
    select point_balance / 256, count(*) from "user" where point_balance > 0 and disabled_at is null group by 1`);
  // As autovacuum would soon after a bulk load: statistics for the planner, pages all-visible.
  const vacuumStart = performance.now();
  await db.query('vacuum analyze');
  console.info(`vacuum analyze in ${((performance.now() - vacuumStart) / 1000).toFixed(1)} s`);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  await db.end();

  type Page = Record<string, unknown> & { nextCursor?: string | null };
  const rowsOf = (page: Page) => {
    const list = Object.values(page).find((v) => Array.isArray(v)) as unknown[] | undefined;
    return list?.length ?? 0;
  };
  async function get(path: string, cookie: string): Promise<Page> {
    const res = await fetch(`${app.url}${path}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Page;
  }
  /**
   * Walks a list a page at a time, as "Load more" would, to `depth` rows in; the cursor there. Pages
   * of 100 rows (the lists' largest), or the admin queues' largest (LIMITS.queuePage).
   */
  async function deepCursor(path: string, cookie: string, depth: number) {
    const sep = path.includes('?') ? '&' : '?';
    const step = path.startsWith('/api/admin/') ? LIMITS.queuePage : LIMITS.listPageMax;
    let cursor: string | null | undefined;
    let seen = 0;
    do {
      const page = await get(
        `${path}${sep}limit=${step}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        cookie,
      );
      seen += rowsOf(page);
      cursor = page.nextCursor;
    } while (cursor && seen < depth);
    if (!cursor) throw new Error(`${path}: the list ended at ${seen} rows, before ${depth}`);
    return { cursor, seen };
  }

  type Case = { label: string; path: string; cookie: string; size: number; paged?: boolean };
  const cases: Case[] = [
    { label: 'projects, all', path: '/api/projects', cookie: memberCookie, size: SIZE.projects },
    {
      label: 'projects, active',
      path: '/api/projects?filter=active',
      cookie: memberCookie,
      size: SIZE.projects * 0.9,
    },
    { label: 'bounties, all', path: '/api/bounties', cookie: memberCookie, size: SIZE.bounties },
    { label: 'bounties, search "99"', path: '/api/bounties?q=99', cookie: memberCookie, size: 0 },
    // The same search as a page the cache does not keep (a page size given): what a term costs the first time.
    {
      label: 'bounties, search "99", not kept (limit=24 given)',
      path: '/api/bounties?q=99&limit=24',
      cookie: memberCookie,
      size: 0,
    },
    { label: 'grants (approved)', path: '/api/grants', cookie: memberCookie, size: SIZE.grants * 0.75 },
    { label: 'resources, all', path: '/api/resources', cookie: memberCookie, size: SIZE.resources },
    {
      label: 'resources, one category',
      path: '/api/resources?category=Security',
      cookie: memberCookie,
      size: SIZE.resources / 8,
    },
    {
      label: 'resources, search "guide 12"',
      path: '/api/resources?q=guide%2012',
      cookie: memberCookie,
      size: 0,
    },
    {
      label: 'my contribution history',
      path: '/api/contributions/history',
      cookie: memberCookie,
      size: SIZE.heavyHistory,
    },
    {
      label: 'public profile contributions',
      path: `/api/u/${encodeURIComponent(heavy.displayName)}/contributions`,
      cookie: memberCookie,
      size: SIZE.heavyHistory * 0.75,
    },
    {
      label: 'admin: review queue',
      path: '/api/admin/contributions',
      cookie: adminCookie,
      size: SIZE.pendingContributions,
    },
    {
      label: 'admin: review queue, type = link',
      path: '/api/admin/contributions?type=link',
      cookie: adminCookie,
      size: SIZE.pendingContributions / 2,
    },
    {
      label: 'admin: grants queue (pending)',
      path: '/api/admin/grants?status=pending',
      cookie: adminCookie,
      size: SIZE.pendingGrants,
    },
    {
      label: 'admin: bounty requests',
      path: '/api/admin/bounty-applications',
      cookie: adminCookie,
      size: SIZE.pendingBountyRequests,
    },
    {
      label: 'admin: project applications',
      path: '/api/admin/project-applications',
      cookie: adminCookie,
      size: SIZE.pendingProjectApplications,
    },
    // Beyond the top 50, 50 a page (the deep cursor is walked 50 at a time).
    { label: 'leaderboard, all time', path: '/api/leaderboard', cookie: memberCookie, size: SIZE.users / 10 },
    // Not a list: the hub's recent items with their queue places (5 pending at the queue's end).
    { label: 'my hub: queue places', path: '/api/contributions/me', cookie: memberCookie, size: 0 },
    // Not lists, but what the admin's home reads beside the queues: every queue's health and the member counts.
    { label: 'admin home: queue health', path: '/api/admin/queues', cookie: adminCookie, size: 0 },
    { label: 'admin home: member counts', path: '/api/admin/summary', cookie: adminCookie, size: 0 },
  ];

  type Result = { label: string; rows: number; rps: number; p50: number; p99: number; alone: number };
  async function measure(label: string, path: string, cookie: string): Promise<Result> {
    const first = await get(path, cookie);
    const r = await autocannon({
      url: `${app.url}${path}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { cookie },
    });
    if (r.non2xx > 0 || r.errors > 0)
      throw new Error(`${label}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
    // A route too slow to answer within the run has no honest p99: report its slowest answer.
    const tooSlow = r.timeouts > 0 || r.requests.total < CONNECTIONS * 2;
    const one = await autocannon({
      url: `${app.url}${path}`,
      connections: 1,
      duration: 2,
      headers: { cookie },
    });
    const out = {
      label,
      rows: rowsOf(first),
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: tooSlow ? Math.max(r.latency.max, SECONDS * 1000) : r.latency.p99,
      alone: Math.round(one.latency.average * 10) / 10,
    };
    console.info(out);
    return out;
  }

  const load = Number((os.loadavg()[0] ?? 0).toFixed(1));
  const ping = await autocannon({ url: `${app.url}/api/ping`, connections: CONNECTIONS, duration: SECONDS });
  const floor = { rps: Math.round(ping.requests.average), p50: ping.latency.p50, p99: ping.latency.p99 };
  const results: Array<Result & { kind: string }> = [];
  const notPaged: string[] = [];
  for (const c of cases.filter((x) => !ONLY || ONLY.test(x.label))) {
    results.push({ kind: 'first page', ...(await measure(c.label, c.path, c.cookie)) });
    const depth = Math.min(DEEP_MAX, Math.floor(c.size * 0.9));
    if (depth < 200) continue;
    const first = await get(c.path, c.cookie);
    if (!('nextCursor' in first)) {
      notPaged.push(c.label);
      continue;
    }
    const { cursor, seen } = await deepCursor(c.path, c.cookie, depth);
    const sep = c.path.includes('?') ? '&' : '?';
    results.push({
      kind: `deep page (${fmt(seen)} rows in)`,
      ...(await measure(c.label, `${c.path}${sep}cursor=${encodeURIComponent(cursor)}`, c.cookie)),
    });
  }
  const loadAfter = Number((os.loadavg()[0] ?? 0).toFixed(1));
  const worst = Math.max(...results.map((r) => r.p99));
  const missed = results.filter((r) => r.p99 >= TARGET_P99);
  const report = `## Lists at ${fmt(SIZE.users)} members (PostgreSQL)

Run: ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL (database ${DB}), the compiled server (one process), logs at error level.
Seeded in ${seedSeconds.toFixed(0)} s: ${fmt(SIZE.users)} members, ${fmt(SIZE.ledger)} ledger rows, ${fmt(SIZE.contributions)} contributions (${fmt(SIZE.pendingContributions)} pending review), ${fmt(SIZE.projects)} projects, ${fmt(SIZE.bounties)} bounties, ${fmt(SIZE.grants)} decided grants, ${fmt(SIZE.resources)} resources; for the admin queues ${fmt(SIZE.pendingGrants)} pending grants, ${fmt(SIZE.pendingBountyRequests)} pending bounty requests and ${fmt(SIZE.pendingProjectApplications)} pending project applications. One member owns ${fmt(SIZE.heavyHistory)} decided contributions (their history and public profile).
Each case: ${CONNECTIONS} connections for ${SECONDS} s (autocannon in the same process, on the same 2 cores as PostgreSQL and the server), then one connection for 2 s ("alone": a request's cost without queueing). A first page is the page the app asks for (default size); a deep page follows a cursor found by walking the list through the API, 100 rows a page (the admin queues ${LIMITS.queuePage}, their largest), about 90 % of the way in (at most ${fmt(DEEP_MAX)} rows). The public first pages (projects, bounties with or without a search, grants, resources without a search) and the first pages of the admin's bounty requests and project applications come from the list cache while nothing changes, so they cost no statement; the case marked "not kept" shows what a search costs when it is not.
1-minute load average ${load} before the timed runs and ${loadAfter} after.

| list | page | rows | req/s | p50 ms | p99 ms | alone ms | target p99 < ${TARGET_P99} ms |
|---|---|---:|---:|---:|---:|---:|---|
| GET /api/ping (no database; the machine's floor in this run) | – | – | ${floor.rps} | ${floor.p50} | ${floor.p99} | – | – |
${results.map((r) => `| ${r.label} | ${r.kind} | ${r.rows} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.alone} | ${r.p99 < TARGET_P99 ? 'met' : `**missed** by ${r.p99 - TARGET_P99 + 1} ms`} |`).join('\n')}

Worst p99 ${worst} ms (target < ${TARGET_P99} ms): ${missed.length === 0 ? 'met on every case' : `missed on ${missed.length} of ${results.length} cases`}.${notPaged.length ? ` Not paged (no cursor in the answer), so no deep page: ${notPaged.join(', ')}.` : ''}
`;
  console.info(`\n${report}`);
  // A run of some cases only is printed, not written over the whole report.
  if (!ONLY) writeFileSync(new URL('./lists.report.md', import.meta.url), report);
} finally {
  await app.stop();
  await smtp.close();
  await admin.end();
}
