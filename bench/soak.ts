/**
 * Soak: SOAK_MINUTES (default 10) of mixed traffic against one app process, on PGlite
 * and on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): browsing (dashboard,
 * leaderboard, projects, me), sign-ups, contribution submits, admin reviews (reward)
 * and profile-photo uploads, from SOAK_CONCURRENCY (default 6) clients without pause.
 * Each minute it records the server's RSS, heap and event-loop lag (from /metrics) and
 * the requests' p50/p99 as the clients saw them. They must stay flat: no leak, no creep.
 *
 *   npm run bench:soak        writes bench/soak.report.md and rebuilds bench/README.md
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { quantile, startTraffic, withPostgresDatabase } from './support/traffic';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 6);
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

type Minute = {
  minute: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  rssMb: number;
  heapMb: number;
  lagP99Ms: number;
  byKind: Record<string, number>;
};

async function serverGauges(url: string) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const num = (name: string) =>
    Number(new RegExp(`^${name} ([\\d.e+-]+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    rssMb: num('process_resident_memory_bytes') / 1048576,
    heapMb: num('nodejs_heap_size_used_bytes') / 1048576,
    lagP99Ms: num('nodejs_eventloop_lag_p99_seconds') * 1000,
  };
}

async function soakOne(label: string, env: Record<string, string>): Promise<Minute[]> {
  const traffic = await startTraffic(env);
  try {
    const minutes: Minute[] = [];
    const end = Date.now() + MINUTES * 60_000;
    let stop = false;
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      while (!stop) await traffic.step();
    });
    for (let minute = 1; minute <= MINUTES; minute++) {
      await new Promise((r) => setTimeout(r, Math.min(60_000, end - Date.now())));
      const done = traffic.take();
      const g = await serverGauges(traffic.app.url);
      const row: Minute = {
        minute,
        requests: Object.values(done.byKind).reduce((a, b) => a + b, 0),
        errors: done.errors,
        p50: quantile(done.lat, 0.5),
        p99: quantile(done.lat, 0.99),
        ...g,
        byKind: done.byKind,
      };
      minutes.push(row);
      console.info(
        `${label} minute ${minute}: ${row.requests} req, ${row.errors} errors, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, RSS ${row.rssMb.toFixed(0)} MB, heap ${row.heapMb.toFixed(0)} MB, loop lag p99 ${row.lagP99Ms.toFixed(1)} ms`,
      );
    }
    stop = true;
    await Promise.all(workers);
    if (Object.keys(traffic.errorKinds).length)
      console.info(`${label} errors by kind and status: ${JSON.stringify(traffic.errorKinds)}`);
    return minutes;
  } finally {
    await traffic.stop();
  }
}

function section(label: string, rows: Minute[]) {
  const first = rows[0]!;
  const last = rows.at(-1)!;
  const mid = rows[Math.floor(rows.length / 2)]!;
  const mix = Object.entries(
    rows.reduce<Record<string, number>>((acc, r) => {
      for (const [k, v] of Object.entries(r.byKind)) acc[k] = (acc[k] ?? 0) + v;
      return acc;
    }, {}),
  )
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const table = rows
    .map(
      (r) =>
        `| ${r.minute} | ${r.requests} | ${r.errors} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rssMb.toFixed(0)} | ${r.heapMb.toFixed(0)} | ${r.lagP99Ms.toFixed(1)} |`,
    )
    .join('\n');
  return `### ${label}

| minute | requests | errors | p50 ms | p99 ms | RSS MB | heap MB | event-loop lag p99 ms |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${table}

Mix: ${mix}. Second half against first: RSS ${first.rssMb.toFixed(0)} → ${mid.rssMb.toFixed(0)} → ${last.rssMb.toFixed(0)} MB,
heap ${first.heapMb.toFixed(0)} → ${mid.heapMb.toFixed(0)} → ${last.heapMb.toFixed(0)} MB, p99 ${first.p99.toFixed(1)} → ${mid.p99.toFixed(1)} → ${last.p99.toFixed(1)} ms (first, middle, last minute).
`;
}

const results: Array<[string, Minute[]]> = [];
results.push(['PGlite', await soakOne('pglite', {})]);
if (pgBase)
  results.push([
    'PostgreSQL',
    await withPostgresDatabase(pgBase, 'sysfi_soak', (url) => soakOne('postgres', { DATABASE_URL: url })),
  ]);

const report = `## Soak (${MINUTES} minutes of mixed traffic per engine)

\`npm run bench:soak\` on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)}.
${CONCURRENCY} clients without pause against one app process (the compiled server), about 60 % browsing, 18 % contribution
submits (with sign-ups as members use up their 5 a day), 12 % admin reviews, 10 % profile-photo uploads. Server RSS,
heap and event-loop lag come from its /metrics at the end of each minute; p50/p99 are the clients' own. The load
generator shares the 2 cores with the server (and, on this machine, with other engineers' test runs), so absolute
latencies move with the machine; what matters is whether a column creeps from the first minute to the last.

${results.map(([l, r]) => section(l, r)).join('\n')}`;
writeFileSync(new URL('./soak.report.md', import.meta.url), report);
console.info(report);
