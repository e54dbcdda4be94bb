/**
 * Issue 2, end to end: a new user signs up from a referral link, is blocked until
 * verified, verifies from the real mail, lands on the dashboard, and the referrer's
 * profile shows the bonus.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/shared/limits';
import { MSG } from '../src/shared/messages';
import { createVerifiedUser, getMe, signInBrowser, uniqueTag, verificationLink } from './support/api';
import { DESKTOP, screenshot } from './support/browser';
import { type Harness, pathOf, startHarness } from './support/harness';

let h: Harness;

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

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

describe('referral sign-up', () => {
  it('signs B up from A’s link, blocks B until verified, then credits A once', async () => {
    const a = await createVerifiedUser(h.app, h.mail, { role: 'creator' });
    const { uid } = await getMe(h.app, a);
    expect(uid).toBeTruthy();

    const tag = uniqueTag();
    const b = { email: `referred-${tag}@e2e.test`, displayName: `Referred ${tag}`, password: `pw-${tag}-b` };
    const page = await h.browser.newPage(DESKTOP);
    await page.goto(`/signup?ref=${uid}`);
    await page.getByLabel(/^e-?mail$/i).fill(b.email);
    await page.getByLabel('Display name', { exact: true }).fill(b.displayName);
    await page.getByLabel('Password', { exact: true }).fill(b.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(b.password);
    await page.getByRole('radio', { name: /^Developer/ }).click();
    await page.getByRole('button', { name: /create account|sign ?up/i }).click();

    // Signed in but unverified: the dashboard route shows the verification block.
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await expect
      .poll(() => page.getByRole('button', { name: /resend verification/i }).isVisible())
      .toBe(true);
    await screenshot(page, 'flow-verification-block-desktop');

    // The referrer is not credited before verification.
    expect((await getMe(h.app, a)).pointBalance).toBe(0);

    // B opens the link from the mail in the same browser.
    const link = await verificationLink(h.mail, b.email);
    await page.goto(link);
    await page.getByText(MSG.verify.success).waitFor();
    expect(pathOf(page.url())).toBe('/verified');
    await page.waitForURL((u) => u.pathname === '/dashboard', {
      timeout: LIMITS.verificationSuccessMs + 10_000,
    });
    await expect.poll(() => page.getByRole('button', { name: /resend verification/i }).count()).toBe(0);

    // The server credited A exactly once.
    const after = await getMe(h.app, a);
    expect(after.pointBalance).toBe(LIMITS.referralRewardPoints);
    expect(after.referralCount).toBe(1);

    // A signs in and sees the bonus on the profile.
    const pageA = await h.browser.newPage(DESKTOP);
    await signInBrowser(pageA, a.email, a.password);
    await pageA.goto('/profile');
    await pageA.getByText('Smart Connection', { exact: true }).first().waitFor();
    await expect.poll(() => statOnPage(pageA, 'XP')).toBe('100');
    await expect.poll(() => statOnPage(pageA, 'Smart Connection')).toBe('1');
    await screenshot(pageA, 'flow-referrer-profile-desktop');
  });
});
