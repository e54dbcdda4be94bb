/**
 * Issue 18, reviewer roles in Chromium: the admin makes a member a reviewer with a limit
 * on their user page; the reviewer finds "Review" in the top bar, sees the queue without
 * their own work, cannot award above the limit, sends a contribution back for changes;
 * its owner reads the note on their card, edits and resubmits it; the reviewer rewards it.
 * Then the admin revokes the permission and the Review link and screen are gone.
 */
import { MSG } from '@/shared/messages';
import { apiFetch, type TestUser, uniqueTag } from './support/api';
import { expect, test } from './support/fixtures';

const R = MSG.reviewers;
let tweetIds = Date.now() * 1000;

async function submitTweet(app: Parameters<typeof apiFetch>[0], user: TestUser, title: string) {
  const res = await apiFetch(app, user, '/api/contributions', {
    method: 'POST',
    body: JSON.stringify({ title, type: 'tweet', link: `https://x.com/sysfi_fan/status/${tweetIds++}` }),
  });
  expect(res.status).toBe(201);
}

test('a reviewer reviews within their limit, sends one back, the owner resubmits it, and a revoke ends it', async ({
  app,
  admin,
  createUser,
  newPage,
}) => {
  test.setTimeout(120_000);
  const reviewer = await createUser();
  const member = await createUser();
  const tag = uniqueTag();
  await submitTweet(app, member, `Thread ${tag}`);
  await submitTweet(app, reviewer, `Mine ${tag}`);

  // The admin grants the permission on the member's page.
  const adminPage = await newPage({ as: admin });
  await adminPage.goto(`/admin/users/${reviewer.uid}`);
  const control = adminPage.getByTestId('reviewer-control');
  await expect(control.getByText(R.notAReviewer)).toBeVisible();
  await control.getByLabel(R.maxPointsLabel).fill('30');
  await control.getByLabel(/^Reason/).fill('Trusted community member');
  await control.getByRole('button', { name: R.grant }).click();
  await expect(adminPage.getByText(R.granted)).toBeVisible();
  await expect(control.getByTestId('reviewer-badge')).toHaveText(R.isReviewer(30));

  // The reviewer's top bar leads to the queue; their own contribution is not in it.
  const page = await newPage({ as: reviewer });
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review' }).click();
  await expect(page).toHaveURL(/\/admin\/contribution-hub$/);
  await page.getByLabel('Search').fill(tag);
  const card = page.getByRole('listitem').filter({ hasText: `Thread ${tag}` });
  await expect(card).toBeVisible();
  await expect(page.getByText(`Mine ${tag}`)).toHaveCount(0);
  await expect(page.getByRole('link', { name: MSG.admin.downloadCsv })).toHaveCount(0);

  // Above the limit is refused in the form, before any request.
  await card
    .getByRole('button', { name: /review/i })
    .first()
    .click();
  const dialog = page.getByTestId('review-dialog');
  await dialog.getByLabel('Reward points').fill('31');
  await dialog.getByRole('button', { name: 'Reward', exact: true }).click();
  await expect(dialog.getByText(R.overLimit(30))).toBeVisible();

  // Request changes with a note.
  await dialog.getByRole('tab', { name: /changes/i }).click();
  await dialog.getByLabel(R.changesNoteLabel).fill('Please link the first tweet of the thread');
  await dialog.getByRole('button', { name: R.requestChanges }).click();
  await expect(page.getByText(`Sent “Thread ${tag}” back for changes`)).toBeVisible();
  await expect(page.getByText(`Thread ${tag}`)).toHaveCount(0);

  // The owner reads the note on their card and resubmits once.
  const own = await newPage({ as: member });
  await own.goto('/contribution-hub');
  const box = own.getByTestId('changes-requested');
  await expect(box).toContainText('Please link the first tweet of the thread');
  await box.getByLabel('Title').fill(`Thread ${tag} (fixed)`);
  await box.getByLabel('Tweet link').fill(`https://x.com/sysfi_fan/status/${tweetIds++}`);
  await box.getByRole('button', { name: R.resubmit }).click();
  await expect(own.getByText(R.resubmitted)).toBeVisible();
  await expect(own.getByTestId('changes-requested')).toHaveCount(0);
  // Focus moves to the card, pending again (issue 20).
  await expect(own.locator('[data-testid="contribution-card"][data-status="pending"]:focus')).toHaveCount(1);

  // Back in the reviewer's queue; they reward it within the limit.
  await page.reload();
  await page.getByLabel('Search').fill(tag);
  const again = page.getByRole('listitem').filter({ hasText: `Thread ${tag} (fixed)` });
  await again
    .getByRole('button', { name: /review/i })
    .first()
    .click();
  await expect(dialog.getByTestId('resubmitted-note')).toBeVisible();
  await expect(dialog.getByRole('tab', { name: /changes/i })).toHaveCount(0);
  await dialog.getByRole('button', { name: '30 XP' }).click();
  await dialog.getByRole('button', { name: 'Reward', exact: true }).click();
  await expect(page.getByText(/Rewarded .* with 30 XP/)).toBeVisible();

  // The admin revokes; the reviewer's next page has no Review link and the screen sends them away.
  await adminPage.reload();
  await control.getByRole('button', { name: R.revoke }).click();
  const confirm = adminPage.getByRole('dialog');
  await confirm.getByLabel(/Reason/).fill('Rotation');
  await confirm.getByRole('button', { name: R.revoke }).click();
  await expect(adminPage.getByText(R.revoked)).toBeVisible();
  await page.goto('/admin/contribution-hub');
  await expect(page).not.toHaveURL(/\/admin\/contribution-hub/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review' }),
  ).toHaveCount(0);
});
