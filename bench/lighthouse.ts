/**
 * Front-end performance with Lighthouse (mobile profile) driving Debian's
 * Chromium against the built app on loopback: /, /docs, /login and a signed-in
 * /dashboard. Records performance score, LCP, TBT and CLS.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../e2e/support/server';
import { findChrome } from '../scripts/find-chrome';
import { signUpRemote } from '../tests/support/remote';
import { startSmtp } from '../tests/support/smtp';

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
const rows: Row[] = [];
try {
  const member = await signUpRemote(app.url, smtp);
  const pages: Array<[string, Record<string, string> | undefined]> = [
    ['/', undefined],
    ['/docs', undefined],
    ['/login', undefined],
    ['/dashboard', { Cookie: member.client.cookieHeader() }],
  ];
  for (const [page, headers] of pages) {
    const result = await lighthouse(`${app.url}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(headers ? { extraHeaders: headers } : {}),
    });
    const lhr = result!.lhr;
    const row = {
      page,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    };
    rows.push(row);
    console.info(JSON.stringify(row));
  }
} finally {
  chrome.kill();
  await app.stop();
  await smtp.close();
}

const verdict = (r: Row) =>
  r.score >= 95 && r.lcp <= 1500
    ? 'met'
    : `missed${r.score < 95 ? ` (score ${95 - r.score} short)` : ''}${r.lcp > 1500 ? ` (LCP ${r.lcp - 1500} ms over)` : ''}`;
const report = `## Front end (Lighthouse ${'mobile'} profile)

Run: ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Debian Chromium, the built app on loopback.
Lighthouse's default mobile profile: emulated Moto G-class screen, simulated slow 4G and 4× CPU slowdown.
Targets: score ≥ 95, LCP ≤ 1.5 s.

| page | score | LCP ms | TBT ms | CLS | target |
|---|---:|---:|---:|---:|---|
${rows.map((r) => `| ${r.page} | ${r.score} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${verdict(r)} |`).join('\n')}
`;
console.info(report);
writeFileSync(new URL('./lighthouse.report.md', import.meta.url), report);
