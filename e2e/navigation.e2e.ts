/** Spec §2 Navigation (bottom tab bar under 768 px) and the 404 page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../src/shared/messages';
import { applySession, createVerifiedUser, type TestUser } from './support/api';
import { DESKTOP, MOBILE } from './support/browser';
import { type Harness, pathOf, startHarness } from './support/harness';

let h: Harness;
let user: TestUser;

beforeAll(async () => {
  h = await startHarness();
  user = await createVerifiedUser(h.app, h.mail);
});

afterAll(async () => {
  await h?.stop();
});

describe('bottom tab bar', () => {
  it('shows Dashboard, Projects, Hub, Bounties, Profile at 375 px', async () => {
    const page = await h.browser.newPage(MOBILE);
    await applySession(page, h.app, user);
    await page.goto('/dashboard');
    const bar = page.locator('nav[aria-label="Tab bar"]');
    await bar.waitFor({ state: 'visible' });
    const labels = (await bar.getByRole('link').allInnerTexts()).map((t) => t.trim());
    expect(labels).toEqual(['Dashboard', 'Projects', 'Hub', 'Bounties', 'Profile']);
  });

  it('is hidden at 1280 px', async () => {
    const page = await h.browser.newPage(DESKTOP);
    await applySession(page, h.app, user);
    await page.goto('/dashboard');
    await page.locator('main, [role="main"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('nav[aria-label="Tab bar"]').isVisible()).toBe(false);
  });
});

describe('404 page', () => {
  const action = (page: Awaited<ReturnType<Harness['browser']['newPage']>>, name: string) =>
    page.getByRole('link', { name, exact: true }).or(page.getByRole('button', { name, exact: true }));

  it("'Back to Home' goes to /", async () => {
    const page = await h.browser.newPage(DESKTOP);
    await page.goto('/no-such-page');
    await action(page, MSG.notFound.back).click();
    await page.waitForURL((u) => u.pathname === '/');
  });

  it("'Go Back' returns to the previous page", async () => {
    const page = await h.browser.newPage(DESKTOP);
    await page.goto('/docs');
    await page.goto('/no-such-page');
    await action(page, MSG.notFound.goBack).click();
    await page.waitForURL((u) => u.pathname === '/docs');
    expect(pathOf(page.url())).toBe('/docs');
  });
});
