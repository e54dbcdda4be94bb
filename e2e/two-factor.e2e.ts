/**
 * Issue 21, in Chromium: turn on TOTP from the profile (codes computed in the test from
 * the key shown beside the QR code, as an authenticator app would), log out, log in with
 * a code, then with a backup code, then the same backup code is refused.
 */
import type { Page } from '@playwright/test';
import { MSG } from '@/shared/messages';
import { NAV_MSG } from '@/shared/messages-shell';
import { totpCode, totpFromKey } from '../tests/support/totp';
import { expect, test } from './support/fixtures';

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.locator('form').first()).not.toHaveAttribute('inert');
  await page.getByLabel(/^e-?mail$/i).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
}

test('enrol TOTP from the profile, sign in with a code, then a backup code once', async ({
  createUser,
  newPage,
}) => {
  const user = await createUser();
  const page = await newPage({ as: user });
  await page.goto('/profile#security');
  const card = page.getByRole('region', { name: 'Two-factor authentication' });
  await card.getByLabel('Current password').fill(user.password);
  await card.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const totp = totpFromKey(await card.getByTestId('totp-secret').innerText());
  const backupCodes = await card.getByTestId('backup-codes').getByRole('listitem').allInnerTexts();
  expect(backupCodes).toHaveLength(10);
  await card.getByLabel(/6-digit code/).fill(totpCode(totp));
  await card.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(page.getByText(MSG.security.twoFactorOn)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Turn off two-factor' })).toBeVisible();

  // Log out, then in again: the password, then a code (the next step's: the first is used).
  await page.getByRole('button', { name: NAV_MSG.logout }).first().click();
  await page.waitForURL((u) => u.pathname !== '/profile');
  await passwordStep(page, user.email, user.password);
  await page.getByLabel('Authentication code').fill(totpCode(totp, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/dashboard');

  // A second browser: a backup code works once.
  const second = await newPage();
  await passwordStep(second, user.email, user.password);
  await second.getByRole('button', { name: 'Use a backup code' }).click();
  await second.getByLabel('Backup code').fill(backupCodes[0]!);
  await second.getByRole('button', { name: 'Verify' }).click();
  await second.waitForURL('**/dashboard');

  const third = await newPage();
  await passwordStep(third, user.email, user.password);
  await third.getByRole('button', { name: 'Use a backup code' }).click();
  await third.getByLabel('Backup code').fill(backupCodes[0]!);
  await third.getByRole('button', { name: 'Verify' }).click();
  await expect(third.getByText(MSG.security.codeWrong)).toBeVisible();
  await expect(third).toHaveURL(/\/login$/);
});
