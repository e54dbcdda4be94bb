/**
 * Front-end performance with Lighthouse (mobile profile) driving Debian's
 * Chromium against the built app on loopback, on every route (issue 16; the list and who
 * opens each: support/routes.ts). Records performance score, LCP, TBT and CLS. LCP is the
 * served first paint (a signed-in page's title block over its skeleton); when the page's
 * data is drawn is bench/time-to-data.ts's measure.
 *
 * Environment:
 *   LIGHTHOUSE_RUNS=N       run every page N times (default 1) and report the median of each figure
 *   LIGHTHOUSE_REPORT=path  write the Markdown section there instead of bench/lighthouse.report.md
 *                           (a scratch run must not overwrite the committed report)
 *   LIGHTHOUSE_JSON_DIR=dir also keep each run's full Lighthouse JSON there, for reading the audits
 *   LIGHTHOUSE_PAGES=/a,/b  only these of the pages (when working on one)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../e2e/support/server';
import { findChrome } from '../scripts/find-chrome';
import { startSmtp } from '../tests/support/smtp';
import { median, onlyNamed, routeVisits, signUpVisitors } from './support/routes';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
const JSON_DIR = process.env.LIGHTHOUSE_JSON_DIR;
if (JSON_DIR) mkdirSync(JSON_DIR, { recursive: true });

const smtp = await startSmtp();
const app = await startServer({ smtpUrl: smtp.url, env: { LOG_LEVEL: 'error' } });
const chrome = await chromeLauncher.launch({
  chromePath: await findChrome(),
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-dev-shm-usage',
  ],
});
type Row = { page: string; score: number; lcp: number; tbt: number; cls: number };
const samples = new Map<string, Row[]>();
const loads: number[] = [];
// Lighthouse's own measure of this machine's CPU speed: simulated blocking time is the tasks it observed
// here, times 4, so a slower machine reports more of it.
const benchmarks: number[] = [];
try {
  const visits = onlyNamed(routeVisits(await signUpVisitors(app.url, smtp)), process.env.LIGHTHOUSE_PAGES);
  for (let run = 1; run <= RUNS; run++) {
    for (const { path: page, as } of visits) {
      const headers = as ? { Cookie: as.client.cookieHeader() } : undefined;
      loads.push(os.loadavg()[0]!);
      // Lighthouse sometimes loses the trace (NO_NAVSTART and the like): such a run has no
      // figures, so it is run again rather than counted as a zero.
      let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
      for (let attempt = 1; ; attempt++) {
        const result = await lighthouse(`${app.url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          ...(headers ? { extraHeaders: headers } : {}),
        });
        lhr = result!.lhr;
        if (!lhr.runtimeError || attempt === 3) break;
        console.info(`${page}: ${lhr.runtimeError.code}, running it again`);
      }
      if (JSON_DIR) {
        const name = `${page === '/' ? 'home' : page.slice(1).replaceAll('/', '-')}.${run}.json`;
        writeFileSync(path.join(JSON_DIR, name), JSON.stringify(lhr));
      }
      if (lhr.environment?.benchmarkIndex) benchmarks.push(lhr.environment.benchmarkIndex);
      const row = {
        page,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      };
      samples.set(page, [...(samples.get(page) ?? []), row]);
      console.info(JSON.stringify({ run, ...row, load1: Math.round(os.loadavg()[0]! * 100) / 100 }));
    }
  }
} finally {
  chrome.kill();
  await app.stop();
  await smtp.close();
}

const rows: Row[] = [...samples].map(([page, rs]) => ({
  page,
  score: Math.round(median(rs.map((r) => r.score))),
  lcp: Math.round(median(rs.map((r) => r.lcp))),
  tbt: Math.round(median(rs.map((r) => r.tbt))),
  cls: Math.round(median(rs.map((r) => r.cls)) * 1000) / 1000,
}));

const verdict = (r: Row) =>
  r.score >= 95 && r.lcp <= 1500
    ? 'met'
    : `missed${r.score < 95 ? ` (score ${95 - r.score} short)` : ''}${r.lcp > 1500 ? ` (LCP ${r.lcp - 1500} ms over)` : ''}`;
const load = loads.length ? Math.round(median(loads) * 10) / 10 : 0;
const report = `## Front end (Lighthouse ${'mobile'} profile)

Run: ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Debian Chromium, the built app on loopback${RUNS > 1 ? `; median of ${RUNS} runs per page` : ''}; 1-minute load average ${load} at the start of each page (median); Lighthouse's benchmark index of this machine ${benchmarks.length ? Math.round(median(benchmarks)) : '–'} (median; higher is faster).
Lighthouse's default mobile profile: emulated Moto G-class screen, simulated slow 4G and 4× CPU slowdown.
Targets: score ≥ 95, LCP ≤ 1.5 s.

| page | score | LCP ms | TBT ms | CLS | target |
|---|---:|---:|---:|---:|---|
${rows.map((r) => `| ${r.page} | ${r.score} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${verdict(r)} |`).join('\n')}
`;
console.info(report);
writeFileSync(process.env.LIGHTHOUSE_REPORT ?? new URL('./lighthouse.report.md', import.meta.url), report);
