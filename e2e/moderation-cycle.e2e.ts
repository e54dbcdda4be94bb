/**
 * Issue 18, from /admin/users/:id in Chromium:
 * - disabling a member takes them off the leaderboard others see and their pending
 *   contribution out of the review queue; enabling brings both back;
 * - the admin grants and deducts XP and reverts a reward, each confirmed in a dialog and
 *   shown as a new ledger row.
 */
import type { Page } from '@playwright/test';
import { MSG } from '@/shared/messages';
import { axeFindings, formatFindings, isSerious, overflowReport } from './support/a11y';
import { apiFetch, type TestUser, uniqueTag } from './support/api';
import { MOBILE, screenshot } from './support/browser';
import { expect, test } from './support/fixtures';

const M = MSG.moderation;
let seq = Date.now() * 1000;

async function post(app: Parameters<typeof apiFetch>[0], as: TestUser, path: string, body: unknown) {
  const res = await apiFetch(app, as, path, { method: 'POST', body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, any>;
  expect(res.status, JSON.stringify(json)).toBeLessThan(300);
  return json;
}

async function openUser(page: Page, member: TestUser) {
  await page.goto(`/admin/users/${encodeURIComponent(member.uid)}`);
  await expect(page.getByRole('heading', { name: member.displayName })).toBeVisible();
}

async function withReason(page: Page, button: string, reason: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Reason/).fill(reason);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test('disable hides a member from the leaderboard and the review queue; enable brings them back', async ({
  app,
  admin,
  createUser,
  newPage,
}) => {
  const member = await createUser({ displayName: `Vega ${uniqueTag()}` });
  const viewer = await createUser();
  await post(app, admin, `/api/admin/users/${member.uid}/xp`, {
    delta: 999_999,
    reason: 'Top of the board for this test',
    key: crypto.randomUUID(),
  });
  const title = `Thread ${uniqueTag()}`;
  await post(app, member, '/api/contributions', {
    title,
    type: 'tweet',
    link: `https://x.com/sysfi_fan/status/${++seq}`,
    timeZone: 'UTC',
  });

  const board = await newPage({ as: viewer });
  const onBoard = () => board.getByTestId('leaderboard').getByRole('table').getByText(member.displayName);
  await board.goto('/dashboard');
  await expect(onBoard()).toBeVisible();
  const hub = await newPage({ as: admin });
  await hub.goto('/admin/contribution-hub');
  await expect(hub.getByText(title)).toBeVisible();

  const page = await newPage({ as: admin });
  await openUser(page, member);
  await withReason(page, M.disable, 'Spam links');
  await expect(page.getByText(M.disabledDone)).toBeVisible();

  await expect(async () => {
    await board.reload();
    await board.getByTestId('leaderboard').waitFor();
    await expect(onBoard()).toHaveCount(0, { timeout: 1000 });
  }).toPass();
  await hub.reload();
  await expect(hub.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(hub.getByText(title)).toHaveCount(0);

  await withReason(page, M.enable, 'Appeal accepted');
  await expect(page.getByText(M.enabledDone)).toBeVisible();
  await expect(async () => {
    await board.reload();
    await expect(onBoard()).toBeVisible({ timeout: 1000 });
  }).toPass();
  await hub.reload();
  await expect(hub.getByText(title)).toBeVisible();
});

test('the admin grants, deducts and reverts a reward from the user page, each a new ledger row', async ({
  app,
  admin,
  createUser,
  newPage,
}) => {
  const member = await createUser();
  const sent = await post(app, member, '/api/contributions', {
    title: `Guide ${uniqueTag()}`,
    type: 'tweet',
    link: `https://x.com/sysfi_fan/status/${++seq}`,
    timeZone: 'UTC',
  });
  await post(app, admin, `/api/admin/contributions/${sent.contribution.id}/reward`, { points: 40 });

  const page = await newPage({ as: admin });
  await openUser(page, member);
  const state = page.getByTestId('user-state');
  const ledger = page.getByTestId('xp-ledger');
  await expect(state.getByText('40 XP')).toBeVisible();
  // A builder with no referrals: said in words; no startup approval row (it means nothing for a builder).
  await expect(page.getByRole('region', { name: 'Referrals' })).toContainText('Has not referred anyone yet.');
  await expect(page.getByRole('region', { name: 'Profile' })).not.toContainText('Approval');

  const correct = async (change: string, amount: string, reason: string) => {
    await page.getByLabel(M.xpDirection).selectOption({ label: change });
    await page.getByLabel(M.xpAmount).fill(amount);
    await page.getByLabel('Reason', { exact: true }).fill(reason);
    await page.getByRole('button', { name: M.xpConfirm }).click();
    const dialog = page.getByRole('dialog', { name: change });
    await expect(dialog).toContainText(reason);
    await dialog.getByRole('button', { name: M.xpConfirm }).click();
    await expect(dialog).toBeHidden();
  };

  await correct(M.xpGrant, '25', 'Hosted the meetup');
  await expect(state.getByText('65 XP')).toBeVisible();
  await expect(ledger.getByRole('listitem').filter({ hasText: 'Hosted the meetup' })).toContainText('+25');

  await correct(M.xpDeduct, '5', 'Double counted');
  await expect(state.getByText('60 XP')).toBeVisible();
  await expect(ledger.getByRole('listitem').filter({ hasText: 'Double counted' })).toContainText('-5');

  await ledger.getByRole('button', { name: new RegExp(M.revert) }).click();
  const dialog = page.getByRole('dialog', { name: M.revert });
  await dialog.getByLabel(/Reason/).fill('Not their thread');
  await dialog.getByRole('button', { name: M.revert }).click();
  await expect(page.getByText(M.revertDone)).toBeVisible();
  await expect(state.getByText('20 XP')).toBeVisible();
  await expect(ledger.getByRole('listitem').filter({ hasText: 'Not their thread' })).toContainText('-40');
  await expect(ledger.getByText(M.reverted, { exact: true })).toBeVisible();
  await expect(ledger.getByRole('button', { name: new RegExp(M.revert) })).toHaveCount(0);

  // The ledger with its revert states and the correction form: no serious axe finding,
  // and at 375 px nothing sticks out sideways.
  expect(formatFindings((await axeFindings(page, 'user page 1280')).filter(isSerious))).toBe('');
  const phone = await newPage({ as: admin, viewport: MOBILE });
  await openUser(phone, member);
  await phone.getByTestId('xp-ledger').waitFor();
  expect(formatFindings((await axeFindings(phone, 'user page 375')).filter(isSerious))).toBe('');
  expect((await overflowReport(phone)).excess).toBeLessThanOrEqual(0);
  await screenshot(phone, 'admin-user-xp-375');
  await screenshot(page, 'admin-user-xp-1280');

  // The audit log names the member (a link to their page) rather than their id, and says what changed.
  await page.goto('/admin/audit');
  for (const action of ['XP granted', 'XP deducted', 'XP reverted'])
    await expect(
      page.getByTestId('audit-entry').filter({ hasText: action }).filter({ hasText: member.displayName }),
    ).not.toHaveCount(0);
  const granted = page.getByTestId('audit-entry').filter({ hasText: 'XP granted' }).first();
  await expect(granted).toContainText('Hosted the meetup');
  await expect(granted.getByRole('list', { name: 'Changes' })).toHaveText('points: 40 → 65');
  await expect(granted).not.toContainText(member.uid);
  await expect(granted.getByRole('link', { name: `“${member.displayName}”` })).toHaveAttribute(
    'href',
    `/admin/users/${member.uid}`,
  );
  await phone.goto('/admin/audit');
  await phone.getByTestId('audit-entry').first().waitFor();
  expect((await overflowReport(phone)).excess).toBeLessThanOrEqual(0);
  await screenshot(phone, 'admin-audit-375');
  await screenshot(page, 'admin-audit-1280');
});
