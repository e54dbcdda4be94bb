/**
 * Issue 21, in Chromium: turn on TOTP from the profile (codes computed in the test from
 * the key shown beside the QR code, as an authenticator app would), log out, log in with
 * a code, then with a backup code, then the same backup code is refused.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { MSG } from '@/shared/messages';
import { NAV_MSG } from '@/shared/messages-shell';
import { totpCode, totpFromKey } from '../tests/support/totp';
import { applySession, createVerifiedUser } from './support/api';
import { contextOptions, DESKTOP } from './support/browser';
import { expect, test } from './support/fixtures';
import { type MailCatcher, startMailCatcher } from './support/mail';
import { ADMIN_EMAIL, type AppServer, startServer } from './support/server';

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
  // The codes can be kept as a file (first-time-user review: there was no way but copying by hand).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download codes' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('sysfi-backup-codes.txt');
  const saved = readFileSync(await download.path(), 'utf8');
  for (const code of backupCodes) expect(saved).toContain(code);
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

test.describe('staff two-factor, as production requires it (REQUIRE_STAFF_2FA on)', () => {
  let mail: MailCatcher;
  let app: AppServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    mail = await startMailCatcher();
    app = await startServer({ smtpUrl: mail.url, env: { REQUIRE_STAFF_2FA: 'true' } });
  });
  test.afterAll(async () => {
    await app?.stop();
    await mail?.stop();
  });

  test('the admin screens’ notice leads to the setup, and is gone once two-factor is on, without a reload', async ({
    browser,
  }) => {
    const admin = await createVerifiedUser(app, mail, { email: ADMIN_EMAIL });
    const context = await browser.newContext({ ...contextOptions(DESKTOP), baseURL: app.url });
    const page = await context.newPage();
    await applySession(page, app, admin);
    await page.goto('/admin/users');
    const notice = page.getByText(MSG.security.staffNeeds2faNotice);
    await expect(notice).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { __stay: boolean }).__stay = true;
    });
    await page.getByRole('link', { name: 'Set up two-factor' }).click();
    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByLabel('Current password').fill(admin.password);
    await card.getByRole('button', { name: 'Set up authenticator app' }).click();
    const totp = totpFromKey(await card.getByTestId('totp-secret').innerText());
    await card.getByLabel(/6-digit code/).fill(totpCode(totp));
    await card.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect(page.getByText(MSG.security.twoFactorOn)).toBeVisible();
    // The card offers the way back to the admin's screens.
    await expect(card.getByRole('link', { name: 'Back to Admin home' })).toHaveAttribute('href', '/admin');
    // Back to the admin screen in the same page (no reload): the notice is gone.
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { name: MSG.moderation.usersTitle, level: 1 })).toBeVisible();
    await expect(notice).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __stay?: boolean }).__stay)).toBe(true);
    await context.close();
  });
});
