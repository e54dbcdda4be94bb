/**
 * Cold start: process start to the first 200 on /api/health, with an existing
 * PGlite data directory (the common restart case) and with a fresh one (first
 * run: migrations). Then the server's resident memory after 10 s idle.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT } from '../e2e/support/server';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);

async function startOnce(dataDir: string) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(path.join(ROOT, 'node_modules/.bin/node'), ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = Math.round(performance.now() - t0);
  return { ms, child };
}

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

const stop = (child: ReturnType<typeof spawn>) =>
  new Promise<void>((r) => {
    child.once('exit', () => r());
    child.kill('SIGTERM');
  });

const dir = mkdtempSync(path.join(os.tmpdir(), 'sysfi-bench-start-'));
const first = await startOnce(dir);
await stop(first.child);
const warm: number[] = [];
let idleRss = 0;
for (let i = 0; i < RUNS; i++) {
  const r = await startOnce(dir);
  warm.push(r.ms);
  if (i === RUNS - 1) {
    await new Promise((res) => setTimeout(res, 10_000));
    idleRss = rssMb(r.child.pid!);
  }
  await stop(r.child);
}
rmSync(dir, { recursive: true, force: true });
warm.sort((a, b) => a - b);
const median = warm[Math.floor(warm.length / 2)]!;
const report = `## Cold start and memory (PGlite)

Run: ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.
Process spawn (\`node --import tsx src/server/index.ts\`) to the first 200 from \`GET /api/health\`.

| case | time |
|---|---:|
| first start, empty data directory (creates and migrates the database) | ${first.ms} ms |
| restart, existing data directory, median of ${RUNS} | ${median} ms (min ${warm[0]}, max ${warm.at(-1)}) |
| resident memory after 10 s idle | ${idleRss} MB |
`;
console.info(report);
writeFileSync(new URL('./startup.report.md', import.meta.url), report);
