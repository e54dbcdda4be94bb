/**
 * The notification inbox (issue 19): an admin rewards a builder's contribution; the
 * builder's bell counts it without a reload (the user's event stream), the inbox lists
 * it, and marking it read brings the count back to nothing. At 1280 and 375 px (where
 * the inbox is also in the menu).
 */
import { MSG } from '@/shared/messages';
import { NAV_MSG } from '@/shared/messages-shell';
import { offline } from './support/a11y';
import { apiFetch, uniqueTag } from './support/api';
import { DESKTOP, MOBILE, screenshot } from './support/browser';
import { expect, test } from './support/fixtures';

const tweetUrl = () => `https://x.com/sysfi_fan/status/${Date.now()}${Math.floor(Math.random() * 1000)}`;

for (const [name, viewport] of [
  ['1280 px', DESKTOP],
  ['375 px', MOBILE],
] as const) {
  test(`a reward reaches the bell live, and the inbox marks it read (${name})`, async ({
    app,
    admin,
    createUser,
    newPage,
  }) => {
    const builder = await createUser({ displayName: `Ada ${uniqueTag()}` });
    const title = `Thread ${uniqueTag()}`;
    const sub = await apiFetch(app, builder, '/api/contributions', {
      method: 'POST',
      body: JSON.stringify({ title, type: 'tweet', link: tweetUrl() }),
    });
    expect(sub.status).toBe(201);
    const { contribution } = (await sub.json()) as { contribution: { id: string } };

    const page = await newPage({ viewport, as: builder });
    await offline(page);
    await page.goto('/dashboard');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    // Live once the bell's event stream has said it is ready.
    await expect(bell).toHaveAttribute('data-stream', 'live');

    const reward = await apiFetch(app, admin, `/api/admin/contributions/${contribution.id}/reward`, {
      method: 'POST',
      body: JSON.stringify({ points: 15 }),
    });
    expect(reward.status).toBe(200);
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    await expect(bell).toHaveAccessibleName(`${NAV_MSG.notifications}: 1 unread`);

    if (viewport === MOBILE) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: NAV_MSG.inbox }).click();
    } else {
      // The bell stands between the bar's links and the member's avatar and Logout, not after Logout.
      const logout = page.getByRole('button', { name: NAV_MSG.logout });
      const x = async (l: typeof bell) => (await l.boundingBox())?.x ?? Number.NaN;
      const lastLink = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('listitem')
        .filter({ visible: true })
        .last();
      expect(await x(bell)).toBeGreaterThan(await x(lastLink));
      expect(await x(bell)).toBeLessThan(await x(logout));
      await screenshot(page, 'top-bar-bell-1280', { fullPage: false });
      await bell.click();
    }
    await page.waitForURL('**/inbox');
    await expect(page.getByRole('heading', { level: 1, name: MSG.inbox.title })).toBeVisible();
    const item = page.getByTestId('notification').filter({ hasText: title });
    await expect(item).toHaveAttribute('data-unread', 'true');
    await expect(item).toContainText(`Your contribution "${title}" was approved`);
    await expect(item).toContainText('You earned 15 XP.');

    await item.getByRole('button', { name: MSG.inbox.markRead }).click();
    await expect(item).toHaveAttribute('data-unread', 'false');
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    await expect(bell).toHaveAccessibleName(NAV_MSG.notifications);
  });
}
