/**
 * Throughput with 1 and 2 workers (WEB_CONCURRENCY) on PostgreSQL: the same database and
 * routes, measured with autocannon against the compiled server, one worker count after
 * the other. The ratio 2 ÷ 1 is the figure: on a machine whose cores also run PostgreSQL
 * and autocannon itself, it says how much a second process still adds.
 *
 *   npm run bench:cluster        BENCH_SECONDS=5, BENCH_CONNECTIONS=10 by default
 *
 * Needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and `npm run build`.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { type AppServer, startServer } from '../e2e/support/server';
import { signUpRemote } from '../tests/support/remote';
import { startSmtp } from '../tests/support/smtp';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = 3;
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!pgBase) {
  console.error('bench/cluster.ts needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
  process.exit(1);
}

type Row = { route: string; rps: number; p99: number };

async function run(url: string, cookie: string | undefined, seconds: number) {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: cookie ? { cookie } : {},
  });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: Math.round(r.requests.average), p99: r.latency.p99 };
}

const name = `sysfi_bench_cluster_${Date.now()}`;
const admin = new pg.Client({ connectionString: pgBase });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const dbUrl = new URL(pgBase);
dbUrl.pathname = `/${name}`;
const smtp = await startSmtp();
const env = {
  DATABASE_URL: dbUrl.toString(),
  LOG_LEVEL: 'error',
  AUTH_SECRET: 'bench-cluster-secret-0123456789-0123456789',
};
const loads: number[] = [];
const results = new Map<number, Row[]>();
let cookie = '';
try {
  for (const workers of [1, 2]) {
    const app: AppServer = await startServer({
      smtpUrl: smtp.url,
      requireClient: false,
      env: { ...env, WEB_CONCURRENCY: String(workers) },
    });
    try {
      if (!cookie) cookie = (await signUpRemote(app.url, smtp)).client.cookieHeader();
      // Every worker is up and its code warm before anything is timed.
      await run(`${app.url}/api/ping`, undefined, WARMUP_SECONDS);
      const rows: Row[] = [];
      for (const [route, withCookie] of [
        ['/api/ping', false],
        ['/api/leaderboard', false],
        ['/api/dashboard', true],
        ['/api/projects', true],
      ] as const) {
        loads.push(os.loadavg()[0]!);
        const r = await run(`${app.url}${route}`, withCookie ? cookie : undefined, SECONDS);
        rows.push({ route: `GET ${route}`, ...r });
        console.info(`${workers} worker(s) GET ${route}: ${r.rps} req/s, p99 ${r.p99} ms`);
      }
      results.set(workers, rows);
    } finally {
      await app.stop();
    }
  }
} finally {
  await smtp.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

const one = results.get(1)!;
const two = results.get(2)!;
const ratios = one.map((r, i) => Math.round((two[i]!.rps / r.rps) * 100) / 100);
const best = Math.max(...ratios);
const report = `## Workers (WEB_CONCURRENCY) on PostgreSQL

Run: ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version};
1-minute load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during the timed runs.
The compiled server with 1 worker (one process), then with \`WEB_CONCURRENCY=2\` (a primary and two workers sharing
the port) on the same database; ${CONNECTIONS} connections, ${SECONDS} s per route after a ${WARMUP_SECONDS} s warm-up,
logs at error level. PostgreSQL and autocannon run on the same ${os.cpus().length} cores.

| route | 1 worker req/s | 2 workers req/s | 2 ÷ 1 | p99 ms (1 / 2) |
|---|---:|---:|---:|---:|
${one.map((r, i) => `| ${r.route} | ${r.rps} | ${two[i]!.rps} | ${ratios[i]} | ${r.p99} / ${two[i]!.p99} |`).join('\n')}

Best scaling from 1 to 2 workers: ${best}× (${best > 1.1 ? 'a second worker adds throughput' : '**no gain** on this run'}).
`;
console.info(`\n${report}`);
writeFileSync(new URL('./cluster.report.md', import.meta.url), report);
