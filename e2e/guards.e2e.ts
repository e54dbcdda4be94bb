/** Route guards of spec §2 and §6, as a browser meets them. */
import type { Page } from '@playwright/test';
import { MSG } from '@/shared/messages';
import { pathOf, signUp } from './support/api';
import { expect, test } from './support/fixtures';

/**
 * Waits until the client has settled on a path (guards redirect after the first
 * auth check): the route's page is drawn there and the network is quiet, and it
 * is still there, so no further redirect is under way.
 */
async function settlesOn(page: Page, expected: string) {
  await page.waitForURL((u) => u.pathname === expected);
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  expect(pathOf(page.url())).toBe(expected);
}

test.describe('route guards', () => {
  test('sends a signed-out visitor from /dashboard to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await settlesOn(page, '/login');
  });

  test('after logging in, returns a visitor to the page that sent them to log in', async ({
    createUser,
    page,
  }) => {
    const user = await createUser();
    await page.goto('/bounties?filter=open');
    await settlesOn(page, '/login');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await settlesOn(page, '/bounties');
    expect(new URL(page.url()).search).toBe('?filter=open');
    // Logging in from the login page itself still lands on the dashboard.
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await settlesOn(page, '/dashboard');
  });

  test('sends a verified builder from /application to /dashboard', async ({ createUser, newPage }) => {
    const page = await newPage({ as: await createUser() });
    await page.goto('/application');
    await settlesOn(page, '/dashboard');
  });

  test('says why it sent a project account away from /application/project-application', async ({
    createUser,
    newPage,
  }) => {
    const page = await newPage({ as: await createUser({ role: 'project' }) });
    await page.goto('/application/project-application');
    await settlesOn(page, '/dashboard');
    await page.getByText(MSG.access.startupOnly).waitFor();
  });

  test('sends a non-admin from an admin screen to /dashboard (via /application)', async ({
    createUser,
    newPage,
  }) => {
    const page = await newPage({ as: await createUser() });
    const visited: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) visited.push(pathOf(f.url()));
    });
    await page.goto('/admin/project-approvals');
    await settlesOn(page, '/dashboard');
    expect(visited[0]).toBe('/admin/project-approvals');
    expect(visited).toContain('/application');
    // One reason, the first: not a second one for the /application hop.
    await page.getByText(MSG.access.adminOnly).waitFor();
    await expect(page.getByText(MSG.access.applicantOnly)).toHaveCount(0);
  });

  test('sends a signed-in user from /login and /signup to /dashboard', async ({ createUser, newPage }) => {
    const page = await newPage({ as: await createUser() });
    await page.goto('/login');
    await settlesOn(page, '/dashboard');
    await page.goto('/signup');
    await settlesOn(page, '/dashboard');
  });

  test('shows an unverified user the verification block on /profile', async ({ app, newPage }) => {
    const page = await newPage({ as: await signUp(app, { role: 'creator' }) });
    await page.goto('/profile');
    await page.getByRole('button', { name: /resend verification/i }).waitFor();
    await expect(page.getByText(/verify your e-?mail/i).first()).toBeVisible();
    expect(pathOf(page.url())).toBe('/profile');
  });
});
