/**
 * Pages make no request they know will fail (outside review: the console showed errors the
 * app caused). A visitor's page does not ask who is signed in and get 401 (the served page
 * says the visitor is signed out); a guard decides before the page's data is asked for, on
 * the server (no preload of data the viewer may not see) and in the client (no query): an
 * unverified member on /dashboard and a builder on the admin screens get no 403, and a cookie
 * whose session has ended is served as a visitor. Each still lands where its guard sends it.
 */
import type { Page } from '@playwright/test';
import { MSG } from '@/shared/messages';
import { apiFetch, pathOf, signUp } from './support/api';
import { appOwnsPage } from './support/browser';
import { expect, test } from './support/fixtures';

/** Every console error and every answer of 400 or more the page meets from now on. */
function watch(page: Page): string[] {
  const faults: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') faults.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => faults.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) faults.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return faults;
}

/** The app has settled on `expected`: its page is on screen there and the network is quiet. */
async function settlesOn(page: Page, expected: string) {
  await page.waitForURL((u) => u.pathname === expected);
  await appOwnsPage(page);
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  expect(pathOf(page.url())).toBe(expected);
}

test.describe('no failing requests of the app’s own making', () => {
  test('a visitor’s pages ask nothing that fails, and signed-in routes still go to log in', async ({
    newPage,
  }) => {
    const page = await newPage();
    const faults = watch(page);
    for (const [path, lands] of [
      ['/', '/'],
      ['/projects', '/login'],
      ['/bounties', '/login'],
      ['/login', '/login'],
      ['/signup', '/signup'],
    ] as const) {
      await page.goto(path);
      await settlesOn(page, lands);
      expect(faults, `visitor on ${path}`).toEqual([]);
    }
  });

  test('a member whose session ended elsewhere is a visitor again: no 401, and log in', async ({
    app,
    createUser,
    newPage,
  }) => {
    const user = await createUser();
    const page = await newPage({ as: user });
    // Signed out from another browser: this one still holds the cookie of the ended session.
    expect((await apiFetch(app, user, '/api/account/sign-out', { method: 'POST' })).status).toBe(200);
    const faults = watch(page);
    await page.goto('/projects');
    await settlesOn(page, '/login');
    expect(faults).toEqual([]);
  });

  test('an unverified member on /dashboard sees the verification block, and no 403', async ({
    app,
    newPage,
  }) => {
    const page = await newPage({ as: await signUp(app) });
    const faults = watch(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /resend verification/i }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(pathOf(page.url())).toBe('/dashboard');
    expect(faults).toEqual([]);
  });

  test('a builder on /admin and the admin screens is sent to /dashboard, with no 403', async ({
    createUser,
    newPage,
  }) => {
    const builder = await createUser();
    const page = await newPage({ as: builder });
    const faults = watch(page);
    // /admin/users/:id's page also loads its first data in the app before rendering (firstData).
    for (const path of ['/admin', '/admin/users', `/admin/users/${builder.uid}`]) {
      await page.goto(path);
      await settlesOn(page, '/dashboard');
      await page.getByText(MSG.access.adminOnly).first().waitFor();
      expect(faults, `builder on ${path}`).toEqual([]);
    }
  });

  test('the application hub asks only a startup for its own application: no 403 for a project member or the admin', async ({
    admin,
    createUser,
    newPage,
  }) => {
    for (const [who, user] of [
      ['project member', await createUser({ role: 'project' })],
      ['admin', admin],
    ] as const) {
      const page = await newPage({ as: user });
      const faults = watch(page);
      await page.goto('/application');
      await settlesOn(page, '/application');
      expect(faults, `${who} on /application`).toEqual([]);
    }
    // A startup's hub still has its application's status with the page.
    const page = await newPage({ as: await createUser({ role: 'startup' }) });
    const faults = watch(page);
    const mine = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/project-applications/mine');
    await page.goto('/application');
    expect((await mine).status()).toBe(200);
    await settlesOn(page, '/application');
    expect(faults).toEqual([]);
  });
});
