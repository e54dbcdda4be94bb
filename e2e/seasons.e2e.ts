/**
 * Issue 19, seasons in Chromium: the admin defines a season on /admin/seasons (an
 * overlapping one is refused with the clashing season's name); a member's XP shows on the
 * dashboard's This week, This month and Season tabs as well as All time.
 */
import { MSG } from '@/shared/messages';
import { apiFetch, uniqueTag } from './support/api';
import { expect, test } from './support/fixtures';

const S = MSG.seasons;

test.describe(() => {
  // Seasons may not overlap: a world of its own, whatever other tests define.
  test.use({ freshWorld: true });

  test('the admin creates a season; the leaderboard tabs show the member in each window', async ({
    app,
    admin,
    createUser,
    newPage,
  }) => {
    test.setTimeout(90_000);
    const today = new Date().toISOString().slice(0, 10);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const page = await newPage({ as: admin });
    await page.goto('/admin');
    await page.getByRole('link', { name: /Seasons/ }).click();
    await expect(page).toHaveURL(/\/admin\/seasons$/);
    const form = page.getByRole('form', { name: 'New season' });
    await form.getByLabel('Name').fill('Launch season');
    await form.getByLabel('First day (UTC)').fill(today);
    await form.getByLabel('Last day (UTC)').fill(inAWeek);
    await form.getByRole('button', { name: 'Create season' }).click();
    await expect(page.getByTestId('seasons').getByText('Launch season')).toBeVisible();
    // Focus moves to the new season (issue 20).
    await expect(page.getByRole('listitem', { name: 'Launch season' })).toBeFocused();
    // The same days again overlap it.
    await form.getByLabel('Name').fill('Clash');
    await form.getByLabel('First day (UTC)').fill(today);
    await form.getByLabel('Last day (UTC)').fill(inAWeek);
    await form.getByRole('button', { name: 'Create season' }).click();
    await expect(form.getByText(S.overlap('Launch season'))).toBeVisible();

    const member = await createUser({ displayName: `Nova ${uniqueTag()}` });
    const res = await apiFetch(app, admin, `/api/admin/users/${member.uid}/xp`, {
      method: 'POST',
      body: JSON.stringify({ delta: 321, reason: 'Hackathon prize', key: crypto.randomUUID() }),
    });
    expect(res.status).toBe(200);

    const viewer = await newPage({ as: member });
    await viewer.goto('/dashboard');
    const board = viewer.getByTestId('leaderboard');
    for (const tab of [S.tabs.week, S.tabs.month, S.tabs.season, S.tabs.all]) {
      await board.getByRole('button', { name: tab, exact: true }).click();
      await expect(board.getByRole('button', { name: tab, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(board.getByRole('table').getByRole('link', { name: member.displayName })).toBeVisible();
      await expect(board.getByTestId('your-rank')).toContainText('321');
    }
  });
});
