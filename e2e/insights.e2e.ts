/**
 * Issue 18, end to end: the admin opens /admin/insights, changes the period and sees
 * the charts drawn; on the contribution queue an item older than 24 h is highlighted,
 * and "Download CSV" downloads the queue as the screen filters it.
 */
import { readFile } from 'node:fs/promises';
import { MSG } from '../src/shared/messages';
import { offline } from './support/a11y';
import { apiFetch, uniqueTag } from './support/api';
import { animationsDone, MOBILE, screenshot } from './support/browser';
import { refuseChunks } from './support/chunks';
import { expect, test } from './support/fixtures';

test.describe('insights and exports', () => {
  test('the admin changes the period, sees charts, and downloads the queue as CSV', async ({
    admin,
    app,
    createUser,
    newPage,
  }) => {
    const tag = uniqueTag();
    const poster = await createUser();
    const title = `=Insights ${tag}`;
    const res = await apiFetch(app, poster, '/api/contributions', {
      method: 'POST',
      body: JSON.stringify({ title, type: 'tweet', link: `https://x.com/sysfi_fan/status/${Date.now()}` }),
    });
    expect(res.status).toBe(201);

    const page = await newPage({ as: admin });
    await offline(page);
    await page.goto('/admin/insights');
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    // Each chart is drawn as it comes near the viewport (issue 16: not all six at once on a phone).
    for (const id of ['signups', 'contributions', 'review', 'xp', 'bounty-funnel', 'grant-funnel']) {
      await page.getByTestId(`chart-${id}`).scrollIntoViewIfNeeded();
      await expect(page.getByTestId(`chart-${id}`).locator('svg.recharts-surface').first()).toBeVisible();
    }
    await expect(page.locator('[data-period="30"]')).toBeVisible();
    await animationsDone(page);
    await screenshot(page, 'insights-desktop');
    await page.getByRole('button', { name: '7 days' }).click();
    await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-period="7"]')).toBeVisible();
    // Seven daily bars' worth of axis labels: one tick per day of the period.
    await expect(
      page.getByTestId('chart-contributions').locator('.recharts-xAxis .recharts-cartesian-axis-tick'),
    ).toHaveCount(7);
    await expect(page.getByTestId('queue-health')).toContainText('Pending contributions');
    await expect(page.getByTestId('abuse-signals')).toContainText('flags only');
    // Each export says what it holds.
    await expect(page.getByRole('link', { name: 'Members CSV' })).toHaveAttribute(
      'href',
      '/api/admin/exports/users',
    );
    await expect(page.getByRole('link', { name: 'XP ledger CSV' })).toHaveAttribute(
      'href',
      '/api/admin/exports/xp-ledger',
    );

    // The queue, searched for this test's item, downloads as CSV with the same filter.
    await page.getByRole('link', { name: 'Open the review queue' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    const link = page.getByTestId('download-csv');
    await expect(link).toHaveAttribute('href', new RegExp(`q=${encodeURIComponent(tag)}`));
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^contributions-\d{4}-\d\d-\d\d\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,user_id,contributor,email,title,type,link,file,status,submitted_at');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=Insights ${tag}`);
  });

  test('the figures show without the charts’ code, and a chart that cannot load says so', async ({
    admin,
    newPage,
  }) => {
    const page = await newPage({ as: admin });
    await offline(page);
    // The pictures' code cannot be downloaded (offline, or a deploy replaced the files).
    const { refused } = await refuseChunks(page, ['src/client/features/insights/chart-pictures.tsx']);
    await page.goto('/admin/insights');
    await expect(page.getByTestId('queue-health')).toContainText('Pending contributions');
    await page.getByTestId('chart-signups').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('chart-signups').getByTestId('part-failed')).toHaveText(
      MSG.common.partUnavailable,
    );
    expect(refused.size).toBeGreaterThan(0);
    // Every other part of the page is still there, and the period can still be changed.
    await expect(page.getByTestId('chart-signups').getByRole('heading')).toHaveText('Sign-ups per day');
    await expect(page.getByTestId('abuse-signals')).toContainText('flags only');
    await page.getByRole('button', { name: '7 days' }).click();
    await expect(page.locator('[data-period="7"]')).toBeVisible();
    await page.setViewportSize(MOBILE);
    await page.getByTestId('chart-review').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('chart-review').getByTestId('part-failed')).toBeVisible();
    await animationsDone(page);
    await screenshot(page, 'insights-chart-failed-mobile');
  });
});
