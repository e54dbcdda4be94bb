/**
 * Issue 20, Feedback: every route has its own document title (the 404 too); a route change
 * is announced to screen readers and focus moves to the new page's heading; toasts sit at
 * the bottom right, above the tab bar on a phone, with a quiet close button.
 */
import { MSG } from '@/shared/messages';
import { pathOf } from './support/api';
import { MOBILE } from './support/browser';
import { expect, test } from './support/fixtures';

test.describe('feedback', () => {
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
