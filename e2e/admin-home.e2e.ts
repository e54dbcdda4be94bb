/**
 * Issue 20, the admin home: /admin, reached from the top bar, lists every queue with its
 * pending count and the age of its oldest item, each a link to its queue.
 */
import { projectApplicationBody } from '../tests/support/payloads';
import { settle } from './support/a11y';
import { apiFetch, pathOf } from './support/api';
import { MOBILE, screenshot } from './support/browser';
import { expect, test } from './support/fixtures';

test.describe('admin home', () => {
  // Counts are about everyone's items: a world of its own.
  test.use({ freshWorld: true });

  test('the admin reaches /admin from the top bar and sees each queue with its count', async ({
    app,
    admin,
    createUser,
    newPage,
  }) => {
    const startup = await createUser({ role: 'startup' });
    const res = await apiFetch(app, startup, '/api/project-applications', {
      method: 'POST',
      body: JSON.stringify(projectApplicationBody('Orbit Home')),
    });
    expect(res.status).toBe(201);

    const page = await newPage({ as: admin });
    await page.goto('/dashboard');
    // The admin's dashboard says who they are and what waits for them, one tap from Admin home.
    const desk = page.getByTestId('admin-desk');
    await expect(desk).toContainText('1 item waits for a decision.');
    await expect(desk.getByRole('link', { name: 'Open Admin home' })).toHaveAttribute('href', '/admin');
    const header = page.getByRole('main').locator('header').first();
    await expect(header.locator('.rounded-full', { hasText: /^Admin$/ })).toBeVisible();
    await expect(header.getByText('Builder', { exact: true })).toHaveCount(0);
    await screenshot(page, 'dashboard-admin-1280', { fullPage: false });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL((u) => pathOf(u.href) === '/admin');
    await expect(page).toHaveTitle('Admin · Sysfi Labs');
    const queues = page.getByRole('list', { name: 'Queues' });
    const row = (name: string) => queues.getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(row('Project applications')).toContainText('1 pending');
    await expect(row('Project applications')).toContainText(/Oldest (just now|\d+ minutes? ago)/);
    for (const name of ['Bounty requests', 'Contributions', 'Grants']) {
      await expect(row(name)).toContainText('0 pending');
      await expect(row(name)).toContainText('Nothing waiting');
    }
    await expect(row('Resources')).toContainText('listed');

    await row('Project applications').click();
    await page.waitForURL((u) => pathOf(u.href) === '/admin/project-approvals');
    await page.getByRole('article', { name: 'Orbit Home' }).waitFor();
  });

  test('a builder is not shown the link and is sent away from /admin', async ({ createUser, newPage }) => {
    const page = await newPage({ as: await createUser(), viewport: MOBILE });
    await page.goto('/dashboard');
    await settle(page); // the first paint's menu button is inert until the app takes over
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Profile', exact: true })
      .waitFor();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin', exact: true }),
    ).toHaveCount(0);
    await page.goto('/admin');
    await page.waitForURL((u) => pathOf(u.href) === '/dashboard');
  });
});
