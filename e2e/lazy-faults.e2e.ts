/**
 * Code that loads after the page (the notification bell, the member's picture, the toasts,
 * the dashboard's chart) may fail to download: offline for a moment, or a deploy replaced the
 * files. The page must go on working without it, never turn into an error screen or a blank.
 */
import { MSG } from '../src/shared/messages';
import { apiFetch } from './support/api';
import { chunkOf, refuseChunks } from './support/chunks';
import { expect, test } from './support/fixtures';

test('a page works when the bell, the picture and the toasts cannot be downloaded', async ({
  createUser,
  newPage,
}) => {
  const user = await createUser();
  const page = await newPage({ as: user });
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const shell = [
    'src/client/components/notification-bell.tsx',
    'src/client/components/avatar.tsx',
    'src/client/app/toaster.tsx',
  ];
  const { refused } = await refuseChunks(page, shell);
  // /projects does not need the picture's code itself; only the top bar asks for it.
  await page.goto('/projects');
  await expect.poll(() => [...refused].sort()).toEqual(shell.map(chunkOf).sort());
  // The page's own content, its navigation and the member's link to their profile, not an error or a blank.
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText(MSG.common.server)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Bounties' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/bounties$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bounties' })).toBeVisible();
  await expect(page.getByText(MSG.common.server)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the dashboard's numbers show when its chart's code cannot be downloaded, and the chart says so", async ({
  app,
  admin,
  createUser,
  newPage,
}) => {
  const user = await createUser();
  // Some XP, so the dashboard has a history to chart.
  const res = await apiFetch(app, admin, `/api/admin/users/${user.uid}/xp`, {
    method: 'POST',
    body: JSON.stringify({ delta: 40, reason: 'A chart to draw', key: crypto.randomUUID() }),
  });
  expect(res.status).toBeLessThan(300);
  const page = await newPage({ as: user });
  const { refused } = await refuseChunks(page, ['src/client/features/dashboard/xp-chart.tsx']);
  await page.goto('/dashboard');
  await expect(page.getByTestId('part-failed')).toHaveText(MSG.common.partUnavailable);
  expect(refused.size).toBe(1);
  await expect(page.getByText(MSG.common.server)).toHaveCount(0);
  await expect(page.getByText('40', { exact: true }).filter({ visible: true }).first()).toBeVisible();
});
