/** Spec §2 Navigation (bottom tab bar under 768 px) and the 404 page. */
import { MSG } from '@/shared/messages';
import { pathOf } from './support/api';
import { MOBILE } from './support/browser';
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
