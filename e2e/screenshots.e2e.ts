/**
 * Screenshots of the main screens at desktop and phone sizes, saved to
 * e2e/screenshots/ (git-ignored) for review. Each page must render its heading.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySession, createVerifiedUser, type TestUser } from './support/api';
import { DESKTOP, MOBILE, screenshot, type Viewport } from './support/browser';
import { type Harness, startHarness } from './support/harness';

let h: Harness;
let user: TestUser;

beforeAll(async () => {
  h = await startHarness();
  user = await createVerifiedUser(h.app, h.mail, { role: 'startup' });
});

afterAll(async () => {
  await h?.stop();
});

const PAGES: { name: string; path: string; signedIn: boolean }[] = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'docs', path: '/docs', signedIn: false },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'signup', path: '/signup', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'profile', path: '/profile', signedIn: true },
  { name: '404', path: '/no-such-page', signedIn: false },
];

const SIZES: { name: string; viewport: Viewport }[] = [
  { name: 'desktop', viewport: DESKTOP },
  { name: 'mobile', viewport: MOBILE },
];

describe('screenshots', () => {
  for (const size of SIZES) {
    it(`renders every main screen at ${size.viewport.width}×${size.viewport.height}`, async () => {
      const page = await h.browser.newPage(size.viewport);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
      for (const p of PAGES) {
        if (!p.signedIn) await page.context().clearCookies();
        else await applySession(page, h.app, user);
        await page.goto(p.path);
        await page.locator('h1').first().waitFor({ state: 'visible' });
        await page.waitForLoadState('networkidle');
        // Let entrance animations finish before the picture.
        await page.waitForTimeout(400);
        await screenshot(page, `${p.name}-${size.name}`);
      }
      expect(errors).toEqual([]);
    });
  }
});
