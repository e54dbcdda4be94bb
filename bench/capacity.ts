/**
 * Capacity curve: the soak's mixed traffic (bench/support/traffic.ts) against one app
 * process, stepping the number of clients without pause through CAPACITY_STEPS
 * (default 10, 50, 200, 1000), CAPACITY_SECONDS (default 30) per step, on PGlite and on
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL). Per step: throughput, p50/p99
 * as the clients saw them, errors (no answer or 5xx) and refusals (429). A step
 * "holds" while errors stay under 1 % and p99 under 1 s; the last step that holds is
 * the process's capacity, which docs/operations.md quotes.
 *
 *   npm run bench:capacity   writes bench/capacity.report.md and rebuilds bench/README.md
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { quantile, startTraffic, withPostgresDatabase } from './support/traffic';

const STEPS = (process.env.CAPACITY_STEPS ?? '10,50,200,1000').split(',').map(Number);
const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 30);
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

type Step = {
  clients: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  refused: number;
  holds: boolean;
};

async function curve(label: string, env: Record<string, string>): Promise<Step[]> {
  const traffic = await startTraffic(env);
  const rows: Step[] = [];
  try {
    for (const clients of STEPS) {
      let stop = false;
      // A short warm-up at the new level is not counted.
      const workers = Array.from({ length: clients }, async () => {
        while (!stop) await traffic.step();
      });
      await new Promise((r) => setTimeout(r, 3000));
      traffic.take();
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, SECONDS * 1000));
      const w = traffic.take();
      const secs = (performance.now() - t0) / 1000;
      stop = true;
      await Promise.all(workers);
      const requests = Object.values(w.byKind).reduce((a, b) => a + b, 0);
      const p99 = quantile(w.lat, 0.99);
      const row: Step = {
        clients,
        requests,
        perSecond: requests / secs,
        p50: quantile(w.lat, 0.5),
        p99,
        errors: w.errors,
        refused: w.refused,
        holds: requests > 0 && w.errors / requests < 0.01 && p99 < 1000,
      };
      rows.push(row);
      console.info(
        `${label} ${clients} clients: ${row.perSecond.toFixed(0)} req/s, p50 ${row.p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ${row.errors} errors, ${row.refused} refused`,
      );
    }
    if (Object.keys(traffic.errorKinds).length)
      console.info(`${label} errors by kind and status: ${JSON.stringify(traffic.errorKinds)}`);
    return rows;
  } finally {
    await traffic.stop();
  }
}

function section(label: string, rows: Step[]) {
  const held = rows.filter((r) => r.holds).at(-1);
  const table = rows
    .map(
      (r) =>
        `| ${r.clients} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.refused} | ${r.holds ? 'yes' : '**no**'} |`,
    )
    .join('\n');
  return `### ${label}

| clients | req/s | p50 ms | p99 ms | errors | refused (429) | holds |
| ---: | ---: | ---: | ---: | ---: | ---: | :---: |
${table}

${held ? `Holds up to ${held.clients} clients (${held.perSecond.toFixed(0)} req/s, p99 ${held.p99.toFixed(0)} ms).` : 'No step held (errors ≥ 1 % or p99 ≥ 1 s from the first step).'}
`;
}

const results: Array<[string, Step[]]> = [['PGlite', await curve('pglite', {})]];
if (pgBase)
  results.push([
    'PostgreSQL',
    await withPostgresDatabase(pgBase, 'sysfi_capacity', (url) => curve('postgres', { DATABASE_URL: url })),
  ]);

const report = `## Capacity curve (mixed traffic, one process)

\`npm run bench:capacity\` on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)}.
The soak's mix (about 60 % browsing, 18 % submits, 12 % reviews, 10 % photo uploads) from ${STEPS.join(', ')} clients without
pause, ${SECONDS} s per step after a 3 s warm-up, against one app process (the compiled server). A step holds while
errors (no answer or 5xx) stay under 1 % and p99 under 1 s. Refusals are the rate limits (429) doing their job. The load
generator runs on the same 2 cores as the server, so the highest steps measure the machine as much as the app.

${results.map(([l, r]) => section(l, r)).join('\n')}`;
writeFileSync(new URL('./capacity.report.md', import.meta.url), report);
console.info(report);
