/**
 * Screenshots of the main screens at desktop and phone sizes, saved to
 * e2e/screenshots/ (git-ignored) for review. Each page must render its heading.
 */
import { applySession } from './support/api';
import { animationsDone, DESKTOP, MOBILE, screenshot, type Viewport } from './support/browser';
import { expect, test } from './support/fixtures';

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

test.describe('screenshots', () => {
  for (const size of SIZES) {
    test(`renders every main screen at ${size.viewport.width}×${size.viewport.height}`, async ({
      app,
      createUser,
      newPage,
    }) => {
      const user = await createUser({ role: 'startup' });
      const page = await newPage({ viewport: size.viewport });
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
      for (const p of PAGES) {
        if (!p.signedIn) await page.context().clearCookies();
        else await applySession(page, app, user);
        await page.goto(p.path);
        await page.locator('h1').first().waitFor({ state: 'visible' });
        await page.waitForLoadState('networkidle');
        // Entrance animations finished before the picture.
        await animationsDone(page);
        await screenshot(page, `${p.name}-${size.name}`);
      }
      expect(errors).toEqual([]);
    });
  }
});
