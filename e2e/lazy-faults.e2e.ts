/**
 * Code that loads after the page (the notification bell, the member's picture, the toasts,
 * the dashboard's chart) may fail to download: offline for a moment, or a deploy replaced the
 * files. The page must go on working without it, never turn into an error screen or a blank.
 */
import { MSG } from '../src/shared/messages';
import { expect, test } from './support/fixtures';
import { buildManifest } from './support/server';

test('the dashboard works when the bell, the picture, the toasts and the chart cannot be downloaded', async ({
  createUser,
  newPage,
}) => {
  const manifest = buildManifest();
  // A module shared by several chunks has a chunk of its own, named after it, not keyed by its path.
  const chunkOf = (src: string) => {
    const name = src.replace(/^.*\//, '').replace(/\.tsx?$/, '');
    const entry = manifest[src] ?? Object.values(manifest).find((c) => c.name === name && !c.src);
    if (!entry) throw new Error(`no chunk for ${src}`);
    return `/${entry.file}`;
  };
  const chunks = [
    'src/client/components/notification-bell.tsx',
    'src/client/components/avatar.tsx',
    'src/client/app/toaster.tsx',
    'src/client/features/dashboard/xp-chart.tsx',
  ].map(chunkOf);
  const user = await createUser();
  const page = await newPage({ as: user });
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const refused: string[] = [];
  await page.route(
    (url) => chunks.some((c) => url.pathname.endsWith(c)),
    (route) => {
      refused.push(new URL(route.request().url()).pathname);
      return route.abort('internetdisconnected');
    },
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => refused.length).toBeGreaterThanOrEqual(3);
  // Still the dashboard, with its numbers and its navigation, not an error screen.
  await expect(page.getByText(MSG.common.server)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Projects' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});
