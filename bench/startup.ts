/**
 * Cold start and idle memory of the compiled server, as `npm start` runs it
 * (`node dist/server/index.js`; run `npm run build` first):
 *
 * - PGlite: first start on an empty data directory (creates and migrates the database),
 *   then restarts on it, each paired with a bare PGlite opening the same directory in a
 *   fresh Node process (the baseline: what the database alone costs), alternately so both
 *   see the same load.
 * - PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL answering): first start on a new
 *   database (migrations), then restarts.
 * - Memory after BENCH_IDLE_MS idle (default 10 s) of the app on each engine and of the
 *   bare PGlite, split by bench/support/memory-probe.mjs.
 * - Where the start-up CPU time and the idle heap go, by package, from a CPU profile and a
 *   sampling heap profile of one PGlite start (bench/support/attribute.ts).
 *
 * Time is process spawn to the first 200 from GET /api/health (the bare PGlite: to its
 * first query answered). Writes bench/startup.report.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, ROOT, SERVER_ENTRY, serverCommand } from '../e2e/support/server';
import { cpuByOwner, heapByOwner } from './support/attribute';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 7);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const PROBE = path.join(ROOT, 'bench/support/memory-probe.mjs');
const work = mkdtempSync(path.join(os.tmpdir(), 'sysfi-bench-start-'));

if (!existsSync(SERVER_ENTRY)) {
  console.error('dist/server/index.js is missing: run `npm run build` first.');
  process.exit(1);
}

type Memory = {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  rssAnon: number;
  rssFile: number;
};
type Started = {
  ms: number;
  /** CPU time (user + system) the process had used when it was ready. */
  cpuMs: number;
  child: ChildProcess;
  memory: () => Promise<Memory>;
  stop: () => Promise<void>;
};

/** CPU time a process has used so far, from /proc (clock ticks of 10 ms). */
function cpuMsOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loads: number[] = [];
const noteLoad = () => loads.push(os.loadavg()[0]!);

function track(child: ChildProcess, probeFile: string) {
  let exited = false;
  const exit = new Promise<void>((r) =>
    child.once('exit', () => {
      exited = true;
      r();
    }),
  );
  return {
    async memory() {
      rmSync(probeFile, { force: true });
      child.kill('SIGUSR2');
      for (let i = 0; i < 500 && !existsSync(probeFile); i++) await sleep(10);
      await sleep(20);
      return JSON.parse(readFileSync(probeFile, 'utf8')) as Memory;
    },
    async stop() {
      if (!exited) child.kill('SIGTERM');
      await exit;
    },
    exited: () => exited,
  };
}

/** The app, spawned as production runs it, timed to its first healthy answer. */
async function startApp(env: Record<string, string>, extraFlags: string[] = []): Promise<Started> {
  const port = await freePort();
  const probeFile = path.join(work, `probe-${port}.json`);
  const { node, args } = serverCommand();
  const t0 = performance.now();
  const child = spawn(node, ['--import', PROBE, ...extraFlags, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
      BENCH_PROBE_FILE: probeFile,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const t = track(child, probeFile);
  for (;;) {
    if (t.exited()) throw new Error('the app exited before it was healthy');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(5);
  }
  const ms = performance.now() - t0;
  return { ms, cpuMs: cpuMsOf(child.pid!), child, memory: t.memory, stop: t.stop };
}

/** A bare PGlite on the same directory in a fresh Node process, timed to its first answer. */
async function startBare(dbDir: string): Promise<Started> {
  const probeFile = path.join(work, `probe-bare-${Date.now()}.json`);
  const { node } = serverCommand();
  const t0 = performance.now();
  const child = spawn(node, ['--import', PROBE, path.join(ROOT, 'bench/support/bare-pglite.mjs'), dbDir], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, BENCH_PROBE_FILE: probeFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => c.toString().includes('ready') && resolve());
    child.once('exit', () => reject(new Error('bare PGlite exited before it was ready')));
  });
  const ms = performance.now() - t0;
  const t = track(child, probeFile);
  return { ms, cpuMs: cpuMsOf(child.pid!), child, memory: t.memory, stop: t.stop };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b).map(Math.round);
  return `${Math.round(median(xs))} ms (min ${s[0]}, max ${s.at(-1)})`;
};
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

async function idleMemory(start: () => Promise<Started>) {
  const s = await start();
  await sleep(IDLE_MS);
  const m = await s.memory();
  await s.stop();
  return m;
}

// ── PGlite ──────────────────────────────────────────────────────────────────
const dataDir = path.join(work, 'data');
const appEnv = { DATA_DIR: dataDir };
noteLoad();
// Baseline for the first start: a bare PGlite creating an empty directory (PostgreSQL's initdb, in WebAssembly).
const bareFirst = await startBare(path.join(work, 'bare-first'));
await bareFirst.stop();
const first = await startApp(appEnv);
await first.stop();
const pgliteRuns: number[] = [];
const bareRuns: number[] = [];
const pgliteCpu: number[] = [];
const bareCpu: number[] = [];
for (let i = 0; i < RUNS; i++) {
  noteLoad();
  const b = await startBare(path.join(dataDir, 'db'));
  bareRuns.push(b.ms);
  bareCpu.push(b.cpuMs);
  await b.stop();
  const a = await startApp(appEnv);
  pgliteRuns.push(a.ms);
  pgliteCpu.push(a.cpuMs);
  await a.stop();
}
noteLoad();
const bareMem = await idleMemory(() => startBare(path.join(dataDir, 'db')));
const appMem = await idleMemory(() => startApp(appEnv));

// Profiles of one more start: CPU until healthy, then the live heap after idling.
const profDir = path.join(work, 'prof');
const prof = await startApp(appEnv, ['--cpu-prof', `--cpu-prof-dir=${profDir}`]);
await prof.stop();
const cpuFile = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'))!;
const cpu = cpuByOwner(path.join(profDir, cpuFile));
const heapDir = path.join(work, 'heap');
const heapRun = await startApp(appEnv, ['--heap-prof', `--heap-prof-dir=${heapDir}`]);
await sleep(IDLE_MS);
await heapRun.stop();
const heapFile = readdirSync(heapDir).find((f) => f.endsWith('.heapprofile'))!;
const heap = heapByOwner(path.join(heapDir, heapFile));

// ── PostgreSQL ──────────────────────────────────────────────────────────────
async function pgAvailable(url: string) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}
let pgResult: { first: number; firstCpu: number; runs: number[]; cpu: number[]; mem: Memory } | undefined;
if (pgBase && (await pgAvailable(pgBase))) {
  const name = `sysfi_bench_start_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  const env = { DATA_DIR: path.join(work, 'pg-data'), DATABASE_URL: url.toString() };
  try {
    noteLoad();
    const f = await startApp(env);
    await f.stop();
    const runs: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      noteLoad();
      const a = await startApp(env);
      runs.push(a.ms);
      cpu.push(a.cpuMs);
      await a.stop();
    }
    pgResult = { first: f.ms, firstCpu: f.cpuMs, runs, cpu, mem: await idleMemory(() => startApp(env)) };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
noteLoad();
rmSync(work, { recursive: true, force: true });

// ── Report ──────────────────────────────────────────────────────────────────
const verdict = (ok: boolean, miss: string) => (ok ? 'met' : `**missed** (${miss})`);
const appP50 = median(pgliteRuns);
const bareP50 = median(bareRuns);
const overhead = appP50 - bareP50;
const memOverhead = mb(appMem.rss) - mb(bareMem.rss);
const load = `1-minute load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during the run (${os.cpus().length} cores)`;

const memRow = (label: string, m: Memory) =>
  `| ${label} | ${mb(m.rss)} | ${mb(m.rssFile)} | ${mb(m.rssAnon)} | ${mb(m.heapUsed)} / ${mb(m.heapTotal)} | ${mb(m.external - m.arrayBuffers)} | ${mb(m.arrayBuffers)} |`;
const share = (rows: Array<[string, number]>, unit: (v: number) => string, top = 10) => {
  const total = rows.reduce((n, [, v]) => n + v, 0);
  const shown = rows.slice(0, top);
  const rest = rows.slice(top).reduce((n, [, v]) => n + v, 0);
  return [
    ...shown.map(([k, v]) => `| ${k} | ${unit(v)} | ${Math.round((v / total) * 100)} % |`),
    ...(rest ? [`| everything else | ${unit(rest)} | ${Math.round((rest / total) * 100)} % |`] : []),
  ].join('\n');
};

const cpuOverhead = median(pgliteCpu) - median(bareCpu);
const ms = (v: number) => `${Math.round(v)} ms`;
const row = (label: string, wall: string, cpu: string, target: string, v: string) =>
  `| ${label} | ${wall} | ${cpu} | ${target} | ${v} |`;
const pgRows = pgResult
  ? [
      row(
        'PostgreSQL: first start on a new database (migrations)',
        ms(pgResult.first),
        ms(pgResult.firstCpu),
        'under 3 s',
        verdict(pgResult.first < 3000, `${Math.round(pgResult.first - 3000)} ms over`),
      ),
      row(
        `PostgreSQL: restart, median of ${RUNS}`,
        fmt(pgResult.runs),
        ms(median(pgResult.cpu)),
        'p50 under 1.0 s',
        verdict(median(pgResult.runs) < 1000, `${Math.round(median(pgResult.runs) - 1000)} ms over`),
      ),
      row(
        `PostgreSQL: resident memory after ${IDLE_MS / 1000} s idle`,
        `${mb(pgResult.mem.rss)} MB`,
        '',
        'at most 150 MB',
        verdict(mb(pgResult.mem.rss) <= 150, `${mb(pgResult.mem.rss) - 150} MB over`),
      ),
    ]
  : ['| PostgreSQL | skipped: no PostgreSQL answered at BENCH_DATABASE_URL / TEST_DATABASE_URL | | | |'];

const report = `## Cold start and memory

Run: ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; ${load}.
The compiled server as \`npm start\` runs it (\`node dist/server/index.js\`), process spawn to the
first 200 from \`GET /api/health\`. Baseline: a bare PGlite (\`bench/support/bare-pglite.mjs\`) opening the same data
directory in a fresh Node process, to its first query answered, run alternately with the app. "CPU" is the CPU time
the process had used when it was ready (user + system, from /proc): unlike the wall time it hardly moves with other
load, and on an idle machine the wall time comes close to it (start-up runs on one thread, waiting little on the disk).

| case | wall | CPU | target | |
|---|---:|---:|---|---|
${[
  row(
    "PGlite: first start, empty data directory (loads the build's migrated template)",
    ms(first.ms),
    ms(first.cpuMs),
    'under 3 s',
    verdict(first.ms < 3000, `${Math.round(first.ms - 3000)} ms over`),
  ),
  row(
    'bare PGlite creating an empty directory (initdb, no schema: what a first start cost before the template)',
    ms(bareFirst.ms),
    ms(bareFirst.cpuMs),
    '',
    '',
  ),
  row(
    `PGlite: restart on the existing directory, median of ${RUNS}`,
    fmt(pgliteRuns),
    ms(median(pgliteCpu)),
    'under 1.5 s on an idle machine',
    verdict(appP50 < 1500, `${Math.round(appP50 - 1500)} ms over`),
  ),
  row(`bare PGlite on the same directory, median of ${RUNS}`, fmt(bareRuns), ms(median(bareCpu)), '', ''),
  row(
    'PGlite: app restart minus bare PGlite',
    ms(overhead),
    ms(cpuOverhead),
    'at most 700 ms',
    verdict(overhead <= 700, `${Math.round(overhead - 700)} ms over`),
  ),
  row(
    `PGlite: resident memory after ${IDLE_MS / 1000} s idle, app / bare PGlite`,
    `${mb(appMem.rss)} MB / ${mb(bareMem.rss)} MB`,
    '',
    '',
    '',
  ),
  row(
    "PGlite: the app's own memory above bare PGlite",
    `${memOverhead} MB`,
    '',
    'at most 100 MB',
    verdict(memOverhead <= 100, `${memOverhead - 100} MB over`),
  ),
  ...pgRows,
].join('\n')}

### Where the memory goes (after ${IDLE_MS / 1000} s idle, MB)

Resident memory splits into file-backed pages (the Node binary and native libraries such as sharp's libvips, shared
with other processes running them) and anonymous ones: V8's heap, memory V8 tracks outside it ("external": PGlite's
WebAssembly linear memory, about 190 MB, is most of it; ArrayBuffers apart), and the rest (malloc, compiled code,
thread stacks). External and heap figures are sizes allocated; RSS counts the pages touched.

| process | RSS | file-backed | anonymous | V8 heap used / total | external (WebAssembly memory) | ArrayBuffers |
|---|---:|---:|---:|---:|---:|---:|
${memRow('bare PGlite', bareMem)}
${memRow('app on PGlite', appMem)}
${pgResult ? memRow('app on PostgreSQL', pgResult.mem) : ''}

Live V8 heap of the app on PGlite after idling, by the package that allocated it (sampling heap profiler):

| owner | heap | share |
|---|---:|---:|
${share(heap, (v) => `${(v / 2 ** 20).toFixed(1)} MB`)}

### Where the start-up time goes

CPU time of one PGlite restart until it is healthy (V8 CPU profile; bundled code is charged to its package through
the source maps; "idle" is time spent waiting, mostly for the file system):

| owner | CPU | share |
|---|---:|---:|
${share(cpu, (v) => `${Math.round(v)} ms`)}
`;
console.info(report);
writeFileSync(new URL('./startup.report.md', import.meta.url), report);
