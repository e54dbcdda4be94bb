/**
 * Memory of a CSV export (issue 18: "exports stream, so memory stays flat"). Starts the
 * built server on PostgreSQL, seeds BENCH_EXPORT_ROWS users with one generate_series,
 * then downloads GET /api/admin/exports/users (every row) and samples the server
 * process tree's resident memory (/proc/<pid>/status VmRSS) every 20 ms: before
 * (idle, after one small warm-up export) and during the export.
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     BENCH_EXPORT_ROWS=1000000 node --import tsx bench/export-memory.ts
 *
 * Writes bench/export-memory.report.md.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { startServer } from '../e2e/support/server';
import { signUpRemote } from '../tests/support/remote';
import { startSmtp } from '../tests/support/smtp';

const base =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const MB = 1024 * 1024;
/** E.g. --max-old-space-size=64: the export must finish with a heap far smaller than the file. */
const HEAP_CAP = process.env.BENCH_EXPORT_HEAP_MB;

/** Resident memory of a process and all its descendants, in bytes. */
function treeRss(pid: number): number {
  let total = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const kids = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const k of kids ? kids.split(/\s+/) : []) total += treeRss(Number(k));
    }
  } catch {
    // the process ended
  }
  return total;
}

function sampler(pid: number) {
  let peak = 0;
  const samples: number[] = [];
  const timer = setInterval(() => {
    const r = treeRss(pid);
    samples.push(r);
    if (r > peak) peak = r;
  }, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return { peak, samples };
    },
  };
}

const name = `sysfi_bench_export_${Date.now()}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const smtp = await startSmtp();
const app = await startServer({
  smtpUrl: smtp.url,
  requireClient: false,
  env: {
    LOG_LEVEL: 'error',
    DATABASE_URL: url.toString(),
    ...(HEAP_CAP ? { NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP}` } : {}),
  },
});
try {
  const pid = app.pid;
  if (!pid) throw new Error('no server pid');
  const boss = await signUpRemote(app.url, smtp, { email: 'admin@sysfi.test' });
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const seedStart = performance.now();
  await db.query(
    `insert into "user" (id, name, email, email_verified, username, role, point_balance, created_at, updated_at)
     select 'bench' || lpad(i::text, 8, '0'), 'Bench member ' || i, 'bench' || i || '@bench.test', true,
            'benchmember' || i, 'builder', i % 5000, now(), now()
     from generate_series(1, $1::int) i`,
    [ROWS],
  );
  await db.query('analyze "user"');
  const seedSeconds = (performance.now() - seedStart) / 1000;
  await db.end();

  const pause = { done: false, rssAtStart: 0, rssAtEnd: 0 };
  const download = async (query: string, pause?: { done: boolean; rssAtStart: number; rssAtEnd: number }) => {
    const res = await fetch(`${app.url}/api/admin/exports/users${query}`, {
      headers: { cookie: boss.client.cookieHeader() },
    });
    if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      if (pause && !pause.done && bytes > 5 * MB) {
        // A slow client: stop reading for 5 s. With back-pressure the server stops too
        // (its memory stays where it was); without it, it would run ahead and buffer the file.
        pause.done = true;
        pause.rssAtStart = treeRss(app.pid!);
        await new Promise((r) => setTimeout(r, 5000));
        pause.rssAtEnd = treeRss(app.pid!);
      }
      for (const b of chunk) if (b === 10) lines += 1;
    }
    return { bytes, lines };
  };
  await download('?q=Bench%20member%2012'); // warm-up: the route, the query plan, csv-stringify loaded
  const idle = sampler(pid);
  await new Promise((r) => setTimeout(r, 2000));
  const before = idle.stop();
  const during = sampler(pid);
  const t0 = performance.now();
  const out = await download('', pause);
  const seconds = (performance.now() - t0) / 1000;
  const { peak } = during.stop();
  const baseline = Math.max(...before.samples);

  const report = `## CSV export memory (users, streamed)

Run: ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL, the compiled server (one process${HEAP_CAP ? `, V8 old space capped at ${HEAP_CAP} MB` : ''}).
Seeded ${ROWS.toLocaleString('en')} users in ${seedSeconds.toFixed(1)} s; GET /api/admin/exports/users (no filter) sent
${(out.bytes / MB).toFixed(1)} MB, ${(out.lines - 1).toLocaleString('en')} data rows, in ${seconds.toFixed(1)} s (${Math.round((out.lines - 1) / seconds).toLocaleString('en')} rows/s).

| server RSS | MB |
| --- | --- |
| before (idle, peak of 2 s) | ${(baseline / MB).toFixed(1)} |
| peak during the export | ${(peak / MB).toFixed(1)} |
| growth | ${((peak - baseline) / MB).toFixed(1)} |
| when the client stopped reading for 5 s (after 5 MB) | ${(pause.rssAtStart / MB).toFixed(1)} |
| after those 5 s | ${(pause.rssAtEnd / MB).toFixed(1)} |

The file is ${(out.bytes / MB).toFixed(0)} MB. While the client read at full speed the server's RSS rose by ${((peak - baseline) / MB).toFixed(1)} MB: V8 lets
short-lived garbage (row objects, strings) pile up before it collects; it does not hold the file. When the client stopped
reading for 5 s the server stopped too (RSS ${(pause.rssAtEnd - pause.rssAtStart) / MB >= 0 ? '+' : ''}${((pause.rssAtEnd - pause.rssAtStart) / MB).toFixed(1)} MB in those 5 s): back-pressure reaches the
database reads, so memory stays flat — what is held is one keyset batch of 1000 rows and the socket's buffers.
`;
  console.info(`\n${report}`);
  writeFileSync(new URL(`./export-memory${HEAP_CAP ? '.capped' : ''}.report.md`, import.meta.url), report);
} finally {
  await app.stop();
  await smtp.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
