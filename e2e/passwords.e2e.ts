/**
 * The password journeys in Chromium, with the real mail: a forgotten password is reset
 * from the link in the mail (a mismatch is said first, the old password then stops
 * working), a used link says so at once and offers a new one, and the profile's password card
 * says a wrong current password in one sentence and changes it with the right one.
 */
import type { Page } from '@playwright/test';
import { MSG } from '@/shared/messages';
import { expect, test } from './support/fixtures';

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.locator('form').first()).not.toHaveAttribute('inert');
  await page.getByLabel(/^e-?mail$/i).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
}

test('a forgotten password is reset from the mailed link, once', async ({ createUser, newPage, mail }) => {
  const user = await createUser();
  const page = await newPage();
  await page.goto('/forgot-password');
  await expect(page.locator('form').first()).not.toHaveAttribute('inert');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).not.toHaveCount(0);
  await page.getByLabel(/^e-?mail$/i).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(MSG.reset.sent)).toBeVisible();

  const sent = await mail.waitForMail(user.email, 'Reset');
  const link = sent.links.find((l) => l.includes('/reset-password'));
  expect(link).toBeTruthy();
  const next = `${user.password}-new`;
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Confirm new password').fill(`${next}-typo`);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(MSG.signup.mismatch)).toBeVisible();
  await page.getByLabel('Confirm new password').fill(next);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(MSG.reset.done)).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login/);

  // The old password no longer works; the new one does.
  await logIn(page, user.email, user.password);
  await expect(page.getByText(MSG.login.wrongPassword).first()).toBeVisible();
  await logIn(page, user.email, next);
  await page.waitForURL((u) => u.pathname !== '/login');

  // The link was used: it says so and offers a new one.
  const again = await newPage();
  await again.goto(link!);
  await expect(again.getByText(MSG.reset.invalid)).toBeVisible();
  await again.getByRole('link', { name: 'Request a new link' }).click();
  await expect(again).toHaveURL(/\/forgot-password/);
  await expect(again.getByRole('button', { name: 'Send reset link' })).toBeVisible();
});

test('the profile changes the password only with the current one', async ({ createUser, newPage }) => {
  const user = await createUser();
  const page = await newPage({ as: user });
  await page.goto('/profile#security');
  const card = page.getByRole('region', { name: 'Password' });
  const next = `${user.password}-changed`;
  await card.getByLabel('Current password').fill(`${user.password}-wrong`);
  await card.getByLabel('New password', { exact: true }).fill(next);
  await card.getByLabel('Confirm new password').fill(next);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText(MSG.security.wrongPassword)).toBeVisible();

  await card.getByLabel('Current password').fill(user.password);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(MSG.security.passwordChanged)).toBeVisible();
  await expect(card.getByText(MSG.security.wrongPassword)).toHaveCount(0);

  const other = await newPage();
  await logIn(other, user.email, next);
  await other.waitForURL((u) => u.pathname !== '/login');
});
