/**
 * Chromium through playwright-core: the browser is found (or installed) by
 * scripts/find-chrome.ts, so the tests run on whatever Chromium the machine has.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROME_ARGS, findChrome } from '../../scripts/find-chrome';
import { ROOT } from './server';

export const SCREENSHOT_DIR = path.join(ROOT, 'e2e/screenshots');

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 812 } as const;

export type Viewport = { width: number; height: number };

export type TestBrowser = {
  browser: Browser;
  /** A page in a fresh context (own cookies and storage). `baseURL` makes page.goto('/x') work. */
  newPage: (viewport?: Viewport) => Promise<Page>;
  close: () => Promise<void>;
};

export async function launchBrowser(baseURL: string): Promise<TestBrowser> {
  const executablePath = process.env.CHROME_PATH || (await findChrome());
  const browser = await chromium.launch({ executablePath, args: CHROME_ARGS, headless: true });
  const contexts: BrowserContext[] = [];
  return {
    browser,
    async newPage(viewport: Viewport = DESKTOP) {
      const context = await browser.newContext({
        baseURL,
        viewport,
        isMobile: viewport.width < 768,
        hasTouch: viewport.width < 768,
        deviceScaleFactor: 1,
        reducedMotion: 'reduce',
      });
      context.setDefaultTimeout(15_000);
      context.setDefaultNavigationTimeout(30_000);
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
    },
  };
}

/** Saves a full-page screenshot to e2e/screenshots/<name>.png (git-ignored). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
