/**
 * End-to-end tests (e2e/*.e2e.ts) with @playwright/test, in the machine's own
 * Chromium (scripts/find-chrome.ts: CHROME_PATH, /usr/bin/chromium, …) launched
 * through executablePath: Playwright never downloads a browser here. Run them with
 * `npm run test:e2e` (builds the client first) or, after `npm run build`,
 * `npx playwright test [e2e/<spec>.e2e.ts]`.
 *
 * One worker by default (the suite shares a 2-core machine); E2E_WORKERS=2 runs two.
 * A failed test keeps its trace and screenshots in test-results/e2e/; the HTML
 * report is written to test-results/e2e-report/ (`npx playwright show-report
 * test-results/e2e-report`). scripts/test.ts sets E2E_JSON_REPORT to read the counts.
 */
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { DESKTOP } from './e2e/support/browser';
import { CHROME_ARGS, locateChromeSync } from './scripts/find-chrome';

const executablePath = locateChromeSync();
if (!executablePath) {
  throw new Error(
    "No Chromium for the end-to-end tests. Run `npx tsx scripts/find-chrome.ts` (installs Debian's chromium when run as root), install one yourself, or set CHROME_PATH.",
  );
}

const reporter: ReporterDescription[] = [
  [process.env.CI ? 'line' : 'list'],
  ['html', { outputFolder: 'test-results/e2e-report', open: 'never' }],
];
if (process.env.E2E_JSON_REPORT) reporter.push(['json', { outputFile: process.env.E2E_JSON_REPORT }]);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 1,
  // A flaky test is a bug to fix, not to retry.
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Room for a busy machine: each test waits for conditions, so these bound only a real hang.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter,
  use: {
    viewport: DESKTOP,
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    headless: true,
    launchOptions: { executablePath, args: CHROME_ARGS },
  },
});
