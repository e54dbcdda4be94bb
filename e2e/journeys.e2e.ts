/**
 * Issue 20, no dead ends: a visitor finds Sign up; a builder's empty dashboard offers a first
 * contribution and an invite, not "Create a project"; the unverified block shows the address
 * whole and offers resend, change e-mail and log out.
 */

import { projectApplicationBody } from '../tests/support/payloads';
import { settle } from './support/a11y';
import { apiFetch, pathOf, signUp, uniqueTag } from './support/api';
import { DESKTOP, MOBILE } from './support/browser';
import { expect, test } from './support/fixtures';

test.describe('journeys', () => {
  test('a visitor finds Sign up in the top bar and in the mobile menu', async ({ newPage }) => {
    const desktop = await newPage();
    await desktop.goto('/docs');
    await settle(desktop);
    const nav = desktop.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Sign up' }).click();
    await desktop.waitForURL((u) => pathOf(u.href) === '/signup');

    const phone = await newPage({ viewport: MOBILE });
    await phone.goto('/docs');
    await settle(phone); // the first paint's menu button is inert until the app takes over
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign up' }).click();
    await phone.waitForURL((u) => pathOf(u.href) === '/signup');
  });

  test('a builder’s empty dashboard offers a first contribution and an invite, not a project', async ({
    createUser,
    newPage,
  }) => {
    const page = await newPage({ as: await createUser() });
    await page.goto('/dashboard');
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    await activity.getByRole('link', { name: 'Make your first contribution' }).waitFor();
    await expect(activity.getByRole('link', { name: 'Invite a friend' })).toHaveAttribute('href', '/profile');
    await expect(activity.getByRole('link', { name: 'Create a project' })).toHaveCount(0);
    // The step is the form itself: the hub opens with it open, and no second button for it below.
    await activity.getByRole('link', { name: 'Make your first contribution' }).click();
    await page.waitForURL((u) => u.pathname === '/contribution-hub');
    await expect(page.getByLabel('Title')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Make your first contribution' })).toHaveCount(0);
  });

  test('an unverified user sees the address whole and can resend, change e-mail or log out', async ({
    app,
    newPage,
  }) => {
    // Long enough to wrap on a phone.
    const user = await signUp(app, {
      role: 'creator',
      email: `constantinople.fundraising.${uniqueTag()}@mail.longcompanyname-example.test`,
    });
    const page = await newPage({ as: user, viewport: MOBILE });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor();
    const address = page.getByTestId('unverified-email');
    await expect(address).toHaveText(user.email);
    // Wraps only at "@" and dots: every line break falls before one of them.
    const lines = await address.evaluate((el) => {
      const range = document.createRange();
      const tops = new Map<number, string>();
      for (const span of Array.from(el.children)) {
        range.selectNodeContents(span);
        const top = Math.round(range.getClientRects()[0]?.top ?? 0);
        tops.set(top, (tops.get(top) ?? '') + (span.textContent ?? ''));
      }
      return [...tops.values()];
    });
    expect(lines.join('')).toBe(user.email);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toMatch(/^[@.]/);

    const actions = page.getByRole('main').getByRole('button');
    await expect(actions).toHaveText(['Resend verification email', 'Change e-mail', 'Log out']);
    // No tab bar or app links that would all lead back to this block.
    await expect(page.getByRole('navigation', { name: 'Tab bar' })).toHaveCount(0);
    await page.getByRole('button', { name: /menu/i }).click();
    await expect(page.getByRole('link', { name: 'Projects' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Docs' }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    // At every width the three buttons stay inside the panel (at 1280 px they once ran past both edges).
    // (Measured once the new width's layout has settled: a box read mid-reflow mixes two widths.)
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await expect(async () => {
        const panel = await page
          .getByRole('heading', { name: 'Verify your e-mail' })
          .locator('..')
          .boundingBox();
        for (const name of ['Resend verification email', 'Change e-mail', 'Log out']) {
          const box = await page.getByRole('button', { name }).boundingBox();
          expect(box!.x, `${name} at ${viewport.width}px`).toBeGreaterThanOrEqual(panel!.x);
          expect(box!.x + box!.width, `${name} at ${viewport.width}px`).toBeLessThanOrEqual(
            panel!.x + panel!.width,
          );
        }
      }).toPass({ timeout: 10_000 });
    }
    await page.getByRole('button', { name: 'Change e-mail' }).click();
    await page.waitForURL((u) => pathOf(u.href) === '/signup');
  });

  test('a new user’s checklist ticks itself from their record and can be dismissed', async ({
    app,
    createUser,
    newPage,
  }) => {
    const user = await createUser();
    const page = await newPage({ as: user });
    await page.goto('/dashboard');
    const list = page.getByRole('region', { name: 'Getting started' });
    await list.getByText('1 of 4').waitFor();
    await list.getByRole('link', { name: 'Submit a first contribution' }).waitFor();

    const res = await apiFetch(app, user, '/api/contributions', {
      method: 'POST',
      body: JSON.stringify({
        title: 'My first thread',
        type: 'tweet',
        link: `https://x.com/sysfi_fan/status/${Date.now()}`,
      }),
    });
    expect(res.status).toBe(201);
    await page.reload();
    await list.getByText('2 of 4').waitFor();
    await expect(list.getByRole('link', { name: 'Submit a first contribution' })).toHaveCount(0);
    await list.getByText('Submit a first contribution (done)').waitFor();

    await list.getByRole('button', { name: 'Dismiss the getting-started list' }).click();
    await expect(list).toHaveCount(0);
    await page.reload();
    await page.getByRole('region', { name: 'Recent Activity' }).waitFor();
    await expect(list).toHaveCount(0);
  });

  test('a startup’s checklist includes the application, waiting for review once it is sent', async ({
    app,
    createUser,
    newPage,
  }) => {
    const startup = await createUser({ role: 'startup' });
    const page = await newPage({ as: startup });
    await page.goto('/dashboard');
    const list = page.getByRole('region', { name: 'Getting started' });
    await list.getByRole('link', { name: 'Apply for approval' }).waitFor();
    const res = await apiFetch(app, startup, '/api/project-applications', {
      method: 'POST',
      body: JSON.stringify(projectApplicationBody(`Orbit ${uniqueTag()}`)),
    });
    expect(res.status).toBe(201);
    await page.reload();
    // Sent, not done: the team has it (outside review: "2 of 5 done" read as approved).
    const waiting = list.getByRole('link', { name: 'Application sent: waiting for review' });
    await waiting.waitFor();
    expect(await waiting.getAttribute('href')).toBe('/application');
    await expect(list.getByText('Apply for approval (done)')).toHaveCount(0);
  });

  test('a startup’s checklist shows no count until its application is read (no "2 of 5" turning into "3 of 5")', async ({
    app,
    createUser,
    newPage,
  }) => {
    const startup = await createUser({ role: 'startup' });
    const res = await apiFetch(app, startup, '/api/project-applications', {
      method: 'POST',
      body: JSON.stringify(projectApplicationBody(`Orbit ${uniqueTag()}`)),
    });
    expect(res.status).toBe(201);
    const page = await newPage({ as: startup });
    // The application's answer is held until the test lets it go.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/project-applications/mine', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    const list = page.getByRole('region', { name: 'Getting started' });
    await list.getByText('Each step ticks itself as you go.').waitFor();
    await expect(list).not.toContainText(/of \d done/);
    await expect(list.getByRole('link', { name: 'Apply for approval' })).toHaveCount(0);
    release();
    await list.getByRole('link', { name: 'Application sent: waiting for review' }).waitFor();
    await expect(list).toContainText(/\d of \d done/);
  });

  test('a project member’s checklist has their role’s own step, a first bounty request, ticked once one is sent', async ({
    app,
    createUser,
    newPage,
  }) => {
    const member = await createUser({ role: 'project' });
    const page = await newPage({ as: member });
    await page.goto('/dashboard');
    const list = page.getByRole('region', { name: 'Getting started' });
    const step = list.getByRole('link', { name: 'Request a bounty' });
    await step.waitFor();
    expect(await step.getAttribute('href')).toBe('/application/bounty-application');
    const res = await apiFetch(app, member, '/api/bounty-applications', {
      method: 'POST',
      body: JSON.stringify({
        title: `Liquidity dashboard ${uniqueTag()}`,
        description: 'Build a public dashboard of TVL.',
        reward: '750 USDC',
        deadline: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
        contactInfo: '@liquidity on Telegram',
        criteria: ['Impact', 'User Experience'],
        timeZone: 'UTC',
      }),
    });
    expect(res.status).toBe(201);
    await page.reload();
    await list.getByText('Request a bounty (done)').waitFor();
  });
});
