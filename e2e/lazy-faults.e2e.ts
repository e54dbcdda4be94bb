/**
 * Code that loads after the page (the notification bell, the member's picture, the toasts,
 * the dashboard's chart) may fail to download: offline for a moment, or a deploy replaced the
 * files. The page must go on working without it, never turn into an error screen or a blank.
 */
import type { Page } from '@playwright/test';
import { MSG } from '../src/shared/messages';
import { apiFetch } from './support/api';
import { expect, test } from './support/fixtures';
import { buildManifest } from './support/server';

/** The file of a module's chunk; a module several chunks share has one of its own, named after it. */
function chunkOf(src: string): string {
  const manifest = buildManifest();
  const name = src.replace(/^.*\//, '').replace(/\.tsx?$/, '');
  const entry = manifest[src] ?? Object.values(manifest).find((c) => c.name === name && !c.src);
  if (!entry) throw new Error(`no chunk for ${src}`);
  return `/${entry.file}`;
}

/** Refuses the chunks of `modules` as a network without a connection would; the paths refused. */
async function refuse(page: Page, modules: string[]): Promise<Set<string>> {
  const chunks = modules.map(chunkOf);
  const refused = new Set<string>();
  await page.route(
    (url) => chunks.includes(url.pathname),
    (route) => {
      refused.add(new URL(route.request().url()).pathname);
      return route.abort('internetdisconnected');
    },
  );
  return refused;
}

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
  const refused = await refuse(page, shell);
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
  const refused = await refuse(page, ['src/client/features/dashboard/xp-chart.tsx']);
  await page.goto('/dashboard');
  await expect(page.getByTestId('part-failed')).toHaveText(MSG.common.partUnavailable);
  expect(refused.size).toBe(1);
  await expect(page.getByText(MSG.common.server)).toHaveCount(0);
  await expect(page.getByText('40', { exact: true }).filter({ visible: true }).first()).toBeVisible();
});
