/** Spec §2 Navigation (bottom tab bar under 768 px) and the 404 page. */
import { MSG } from '@/shared/messages';
import { settle } from './support/a11y';
import { fillLogin, pathOf, uniqueTag } from './support/api';
import { MOBILE, screenshot } from './support/browser';
import { chunkOf } from './support/chunks';
import { expect, test } from './support/fixtures';

test.describe('bottom tab bar', () => {
  test('shows Dashboard, Projects, Hub, Bounties, Profile at 375 px', async ({ createUser, newPage }) => {
    const page = await newPage({ viewport: MOBILE, as: await createUser() });
    await page.goto('/dashboard');
    const bar = page.locator('nav[aria-label="Tab bar"]');
    await bar.waitFor({ state: 'visible' });
    const labels = (await bar.getByRole('link').allInnerTexts()).map((t) => t.trim());
    expect(labels).toEqual(['Dashboard', 'Projects', 'Hub', 'Bounties', 'Profile']);
  });

  test('hides under the open ☰ menu at 375 px: the menu covers down to the bottom, no page between (first-time-user review)', async ({
    createUser,
    newPage,
  }) => {
    const page = await newPage({ viewport: MOBILE, as: await createUser() });
    await page.goto('/projects');
    const bar = page.locator('nav[aria-label="Tab bar"]');
    await bar.waitFor({ state: 'visible' });
    await settle(page); // the first paint's menu button is inert until the app takes over
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
    await expect(bar).toBeHidden();
    // Every point below the top bar, down to the screen's bottom edge, belongs to the menu.
    const menuId = (await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-controls'))!;
    await expect
      .poll(() =>
        page.evaluate((id) => {
          const menu = document.getElementById(id)!;
          return [100, 300, 500, 700, 790, 811].every((y) =>
            menu.contains(document.elementFromPoint(187, y)),
          );
        }, menuId),
      )
      .toBe(true);
    await screenshot(page, 'projects-menu-open-375', { fullPage: false });
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(bar).toBeVisible();
  });

  test('is hidden at 1280 px', async ({ createUser, newPage }) => {
    const page = await newPage({ as: await createUser() });
    await page.goto('/dashboard');
    await page.locator('main, [role="main"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('nav[aria-label="Tab bar"]').isVisible()).toBe(false);
  });
});

test.describe('404 page', () => {
  const action = (page: import('@playwright/test').Page, name: string) =>
    page.getByRole('link', { name, exact: true }).or(page.getByRole('button', { name, exact: true }));

  test("'Back to Home' goes to /", async ({ page }) => {
    await page.goto('/no-such-page');
    await action(page, MSG.notFound.back).click();
    await page.waitForURL((u) => u.pathname === '/');
  });

  test("'Go Back' returns to the previous page", async ({ page }) => {
    await page.goto('/docs');
    await page.goto('/no-such-page');
    await action(page, MSG.notFound.goBack).click();
    await page.waitForURL((u) => u.pathname === '/docs');
    expect(pathOf(page.url())).toBe('/docs');
  });
});

test.describe('home page feature cards', () => {
  test('a visitor’s "Learn more" leads to log in, and logging in goes on to that card’s page', async ({
    createUser,
    newPage,
  }) => {
    const user = await createUser();
    const page = await newPage({ as: null });
    await page.goto('/');
    const link = page.getByRole('link', { name: /^Learn more: Claim Bounties/ });
    // Spec §2: /login when signed out; the page to go on to rides in the link, so a click on the
    // served page, before the app takes over, keeps it too.
    expect(await link.getAttribute('href')).toBe('/login?next=%2Fbounties');
    await link.click();
    await page.waitForURL((u) => u.pathname === '/login');
    // The page says why it asks: logging in goes on to the card's page.
    await expect(page.getByText('Log in to continue to Bounties.')).toBeVisible();
    await fillLogin(page, user.email, user.password);
    await page.waitForURL((u) => u.pathname === '/bounties');
    await expect(page.getByRole('heading', { name: 'Bounties', level: 1 })).toBeVisible();

    // A page opened signed out says the same on the log-in page it is sent to, on a phone too.
    const phone = await newPage({ as: null, viewport: MOBILE });
    await phone.goto('/contribution-hub');
    await phone.waitForURL((u) => u.pathname === '/login');
    await expect(phone.getByText('Log in to continue to Contribution Hub.')).toBeVisible();
    await screenshot(phone, 'login-continue-to-375');
  });

  for (const way of ['log in', 'sign up'] as const) {
    test(`${way}: the dashboard's code loads while the form is checked, not after`, async ({
      createUser,
      newPage,
    }) => {
      const user = way === 'log in' ? await createUser() : null;
      const page = await newPage({ as: null });
      const dashboard = chunkOf('src/client/features/dashboard/dashboard-page.tsx');
      const endpoint = way === 'log in' ? '/api/account/sign-in' : '/api/account/sign-up';
      const asked: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === dashboard) asked.push(dashboard);
      });
      // The form's answer is held until the dashboard's code has been asked for.
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      await page.route(`**${endpoint}`, async (route) => {
        await held;
        await route.continue();
      });
      if (user) {
        await page.goto('/login');
        await fillLogin(page, user.email, user.password);
      } else {
        const tag = uniqueTag();
        await page.goto('/signup');
        await expect(page.locator('form').first()).not.toHaveAttribute('inert');
        await page.getByLabel('E-mail').fill(`early-${tag}@e2e.test`);
        await page.getByLabel('Display name').fill(`Early ${tag}`);
        await page.getByLabel('Password', { exact: true }).fill(`pw-${tag}-secret`);
        await page.getByLabel('Confirm password').fill(`pw-${tag}-secret`);
        await page.getByRole('button', { name: 'Create account' }).click();
      }
      await expect.poll(() => asked.length).toBeGreaterThan(0);
      expect(pathOf(page.url())).toBe(way === 'log in' ? '/login' : '/signup');
      release();
      await page.waitForURL((u) => u.pathname === '/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }
});
