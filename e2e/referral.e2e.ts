/**
 * Issue 2, end to end: a new user signs up from a referral link, is blocked until
 * verified, verifies from the real mail, lands on the dashboard, and the referrer's
 * profile shows the bonus.
 */
import type { Page } from '@playwright/test';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { getMe, pathOf, signInBrowser, uniqueTag, verificationLink } from './support/api';
import { screenshot } from './support/browser';
import { expect, test } from './support/fixtures';

/**
 * The value shown next to a stat's label: the visible line right after (or before)
 * the line that is exactly the label. Independent of markup and styling.
 */
async function statOnPage(page: Page, label: string): Promise<string | undefined> {
  // biome-ignore lint/performance/useDomNodeTextContent: innerText keeps the visual line breaks between label and value.
  const lines = (await page.locator('main').first().innerText())
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const at = lines.indexOf(label);
  if (at === -1) return undefined;
  const isValue = (l: string | undefined) => l !== undefined && /^[\d.,]+[kM]?$/.test(l);
  if (isValue(lines[at + 1])) return lines[at + 1];
  if (isValue(lines[at - 1])) return lines[at - 1];
  return undefined;
}

test.describe('referral sign-up', () => {
  test('signs B up from A’s link, blocks B until verified, then credits A once', async ({
    app,
    mail,
    createUser,
    newPage,
  }) => {
    const a = await createUser({ role: 'creator' });
    const { uid } = await getMe(app, a);
    expect(uid).toBeTruthy();

    const tag = uniqueTag();
    const b = { email: `referred-${tag}@e2e.test`, displayName: `Referred ${tag}`, password: `pw-${tag}-b` };
    const page = await newPage();
    await page.goto(`/signup?ref=${uid}`);
    await page.getByLabel(/^e-?mail$/i).fill(b.email);
    await page.getByLabel('Display name', { exact: true }).fill(b.displayName);
    await page.getByLabel('Password', { exact: true }).fill(b.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(b.password);
    await page.getByRole('radio', { name: /^Developer/ }).click();
    await page.getByRole('button', { name: /create account|sign ?up/i }).click();

    // Signed in but unverified: the dashboard route shows the verification block.
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await expect(page.getByRole('button', { name: /resend verification/i })).toBeVisible();
    await screenshot(page, 'flow-verification-block-desktop');

    // The referrer is not credited before verification.
    expect((await getMe(app, a)).pointBalance).toBe(0);

    // B opens the link from the mail in the same browser.
    const link = await verificationLink(mail, b.email);
    await page.goto(link);
    await page.getByText(MSG.verify.success).waitFor();
    expect(pathOf(page.url())).toBe('/verified');
    await page.waitForURL((u) => u.pathname === '/dashboard', {
      timeout: LIMITS.verificationSuccessMs + 20_000,
    });
    await expect(page.getByRole('button', { name: /resend verification/i })).toHaveCount(0);

    // The server credited A exactly once.
    const after = await getMe(app, a);
    expect(after.pointBalance).toBe(LIMITS.referralRewardPoints);
    expect(after.referralCount).toBe(1);

    // A signs in and sees the bonus on the profile.
    const pageA = await newPage();
    await signInBrowser(pageA, a.email, a.password);
    await pageA.goto('/profile');
    await pageA.getByText('Smart Connection', { exact: true }).first().waitFor();
    await expect.poll(() => statOnPage(pageA, 'XP')).toBe('100');
    await expect.poll(() => statOnPage(pageA, 'Smart Connection')).toBe('1');
    await screenshot(pageA, 'flow-referrer-profile-desktop');
  });
});
