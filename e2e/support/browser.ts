/**
 * Viewports, the context options every page gets, and waits for a page to be
 * ready for a picture: animations finished, images decoded. Review screenshots go
 * to e2e/screenshots/ (git-ignored); failure screenshots and traces are
 * Playwright's own, under test-results/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { ROOT } from './server';

export const SCREENSHOT_DIR = path.join(ROOT, 'e2e/screenshots');

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 812 } as const;
export const TABLET = { width: 768, height: 1024 } as const;

export type Viewport = { width: number; height: number };

/** A phone below 768 px (touch, mobile viewport meta); motion reduced so pictures don't catch a transition. */
export function contextOptions(viewport: Viewport): BrowserContextOptions {
  return {
    viewport,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  };
}

/**
 * The app has taken over the served first paint: React owns #root (before that, a click
 * on the first paint's navigation is a plain page load, and no route change is announced).
 */
export async function appOwnsPage(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__react'))),
    )
    .toBe(true);
}

/** Every running CSS animation and transition on the page has finished. */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
}

/**
 * Every image on the page loaded (lazy ones too: a full-page picture shows them
 * all) and decoded, or failed. decode() settles either way, so nothing waits longer
 * than the image takes.
 */
export async function imagesLoaded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.allSettled(
      [...document.images].map((img) => {
        img.loading = 'eager';
        return img.decode();
      }),
    ),
  );
}

/** Saves a full-page screenshot to e2e/screenshots/<name>.png (git-ignored). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}
