/**
 * Issue 19, public profiles in Chromium: a member's name on the leaderboard leads to their
 * public profile; a visitor (no session) opens the same link and sees it, drawn by the
 * server before the app starts, with link-preview tags and never the e-mail; the member
 * hides it from their profile page, after which the leaderboard name links nowhere and the
 * URL answers 404 with the not-found page.
 */
import { apiFetch, uniqueTag } from './support/api';
import { expect, test } from './support/fixtures';
import { buildManifest } from './support/server';

test('leaderboard name → public profile; a visitor sees it; hiding it unlinks the name and 404s the page', async ({
  app,
  admin,
  createUser,
  newPage,
}) => {
  test.setTimeout(90_000);
  const member = await createUser({ displayName: `Orion ${uniqueTag()}` });
  const viewer = await createUser();
  const grant = await apiFetch(app, admin, `/api/admin/users/${member.uid}/xp`, {
    method: 'POST',
    body: JSON.stringify({
      delta: 999_000,
      reason: 'Top of the board for this test',
      key: crypto.randomUUID(),
    }),
  });
  expect(grant.status).toBe(200);
  expect(
    (
      await apiFetch(app, member, '/api/profile', {
        method: 'PATCH',
        body: JSON.stringify({ bio: 'Builds <b>explorers</b> & dashboards' }),
      })
    ).status,
  ).toBe(200);

  // From the leaderboard to the profile.
  const page = await newPage({ as: viewer });
  await page.goto('/dashboard');
  const link = page
    .getByTestId('leaderboard')
    .getByRole('table')
    .getByRole('link', { name: member.displayName });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/u/${encodeURIComponent(member.displayName)}$`));
  await expect(page.getByRole('heading', { level: 1, name: member.displayName })).toBeVisible();
  await expect(page.getByTestId('public-stats')).toContainText('999,000 XP');
  await expect(page.getByText('Builds <b>explorers</b> & dashboards')).toBeVisible();
  await expect(page).toHaveTitle(`${member.displayName} · Sysfi Labs`);

  // A visitor: the server's own page already shows it (no script needed), with preview tags.
  const url = `/u/${encodeURIComponent(member.displayName)}`;
  const html = await (await fetch(new URL(url, app.url))).text();
  expect(html).toContain(`<meta property="og:title" content="${member.displayName} · Sysfi Labs" />`);
  expect(html).toContain('<meta name="twitter:card" content="summary" />');
  expect(html).toMatch(new RegExp(`<h1[^>]*>${member.displayName}</h1>`));
  expect(html).toContain('Builds &lt;b&gt;explorers&lt;/b&gt; &amp; dashboards');
  expect(html).not.toContain(member.email);
  // Its page's own code is named for preloading right after the first paint, as on every fixed route.
  const manifest = buildManifest();
  const pageChunk = manifest['src/client/features/profile/public-profile-page.tsx']!.file;
  expect(html).toMatch(new RegExp(`<meta name="sysfi:route-chunks" content="/${pageChunk} `));
  const visitor = await newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { level: 1, name: member.displayName })).toBeVisible();
  await expect(visitor.getByText(member.email)).toHaveCount(0);

  // The member hides it from their profile page.
  const own = await newPage({ as: member });
  await own.goto('/profile');
  await own.getByLabel('Hide my public profile').click();
  await expect(own.getByLabel('Hide my public profile')).toBeChecked();
  await expect(own.getByText('Your public profile is hidden.')).toBeVisible();

  await expect(async () => {
    await page.goto('/dashboard');
    const row = page.getByTestId('leaderboard').getByRole('table').getByText(member.displayName);
    await expect(row).toBeVisible({ timeout: 2000 });
    await expect(
      page.getByTestId('leaderboard').getByRole('table').getByRole('link', { name: member.displayName }),
    ).toHaveCount(0, { timeout: 1000 });
  }).toPass();
  expect((await fetch(new URL(url, app.url))).status).toBe(404);
  await visitor.goto(url);
  await expect(visitor.getByTestId('profile-not-found')).toBeVisible();
});
