/**
 * Issue 20, Feedback: every route has its own document title (the 404 too); a route change
 * is announced to screen readers and focus moves to the new page's heading; toasts sit at
 * the bottom right, above the tab bar on a phone, with a quiet close button.
 */
import { MSG } from '@/shared/messages';
import { apiFetch, pathOf, uniqueTag } from './support/api';
import { appOwnsPage, MOBILE } from './support/browser';
import { expect, test } from './support/fixtures';

/** Every checkbox on the page: the design system's, in a label of at least 44 × 44 px. */
async function checkboxes(page: import('@playwright/test').Page) {
  return page.locator('input[type="checkbox"]').evaluateAll((inputs) =>
    inputs.map((i) => {
      const target = (i.closest('label') ?? i).getBoundingClientRect();
      return {
        designSystem: i.getAttribute('data-slot') === 'checkbox' && getComputedStyle(i).appearance === 'none',
        targetOk: target.width >= 44 && target.height >= 44,
      };
    }),
  );
}

test.describe('feedback', () => {
  test("checkboxes are the design system's, with 44 px targets, and still toggle from their label", async ({
    app,
    admin,
    createUser,
    newPage,
  }) => {
    const builder = await createUser();
    const title = `Thread ${uniqueTag()}`;
    const sub = await apiFetch(app, builder, '/api/contributions', {
      method: 'POST',
      body: JSON.stringify({
        title,
        type: 'tweet',
        link: `https://x.com/sysfi_fan/status/${Date.now()}${Math.floor(Math.random() * 1000)}`,
      }),
    });
    expect(sub.status).toBe(201);

    const review = await newPage({ as: admin });
    await review.goto('/admin/contribution-hub');
    const select = review.getByRole('checkbox', { name: `Select “${title}”` });
    await expect(select).toBeVisible();
    const found = await checkboxes(review);
    expect(found.length).toBeGreaterThan(1);
    expect(found.filter((c) => !c.designSystem || !c.targetOk)).toEqual([]);
    await select.click();
    await expect(select).toBeChecked();
    await select.press('Space');
    await expect(select).not.toBeChecked();

    const profile = await newPage({ viewport: MOBILE, as: builder });
    await profile.goto('/profile');
    await expect(profile.getByRole('heading', { name: MSG.inbox.mailTitle })).toBeVisible();
    const prefs = await checkboxes(profile);
    expect(prefs.length).toBeGreaterThan(0);
    expect(prefs.filter((c) => !c.designSystem || !c.targetOk)).toEqual([]);
    // A builder is not offered mail they can never get (a startup's applications and grants).
    await expect(profile.getByLabel('Contribution reviews')).toBeVisible();
    await expect(profile.getByLabel('Grant decisions')).toHaveCount(0);
  });

  test('every route sets its title, and a route change is announced and focuses the heading', async ({
    createUser,
    newPage,
  }) => {
    const page = await newPage({ as: await createUser() });
    for (const [path, title] of [
      ['/dashboard', 'Dashboard · Sysfi Labs'],
      ['/bounties', 'Bounties · Sysfi Labs'],
      ['/docs', 'Docs · Sysfi Labs'],
      ['/no-such-page', 'Page not found · Sysfi Labs'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }

    await page.goto('/dashboard');
    await page.locator('main h1').first().waitFor();
    // The served first paint draws the navigation too (a click there is a plain page load):
    // wait for the app to own the page, whose route changes are announced.
    await appOwnsPage(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bounties' }).click();
    await page.waitForURL((u) => pathOf(u.href) === '/bounties');
    await expect(page).toHaveTitle('Bounties · Sysfi Labs');
    await expect(page.getByTestId('route-announcer')).toHaveText('Bounties page');
    const heading = page.locator('main h1').first();
    await expect(heading).toBeFocused();
  });

  test('a toast sits bottom right on a desktop and above the tab bar on a phone', async ({
    createUser,
    newPage,
  }) => {
    const project = await createUser({ role: 'project' });
    for (const viewport of [undefined, MOBILE]) {
      const page = await newPage({ as: project, viewport });
      await page.goto('/application/project-application');
      await page.waitForURL((u) => pathOf(u.href) === '/dashboard');
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: MSG.access.startupOnly });
      await toast.waitFor();
      await expect(toast.getByRole('button', { name: /close/i })).toBeVisible();
      await expect
        .poll(async () => {
          const box = await toast.boundingBox();
          const size = page.viewportSize()!;
          if (!box) return 'hidden';
          if (viewport === MOBILE) {
            const bar = await page.getByRole('navigation', { name: /tab/i }).boundingBox();
            return bar && box.y + box.height <= bar.y ? 'above the tab bar' : `at ${box.y + box.height}`;
          }
          return box.x + box.width > size.width * 0.6 && box.y > size.height * 0.6
            ? 'bottom right'
            : 'elsewhere';
        })
        .toBe(viewport === MOBILE ? 'above the tab bar' : 'bottom right');
    }
  });
});
