/**
 * Operator views of the admin's console: the users list says who is staff (the admin as
 * "Admin", a reviewer's badge) and finds the admin with the role filter; a member's page
 * links to their audit trail (/admin/audit?target=…), whose filters live in the URL, so a
 * reload keeps them, Back and Forward walk them, and a link's unusable values are named
 * and set aside instead of breaking the page.
 */
import type { Page } from '@playwright/test';
import { MSG } from '@/shared/messages';
import { settle } from './support/a11y';
import { apiFetch, type TestUser, uniqueTag } from './support/api';
import { MOBILE, screenshot } from './support/browser';
import { expect, test } from './support/fixtures';
import type { AppServer } from './support/server';

const M = MSG.moderation;

async function adminPost(app: AppServer, admin: TestUser, path: string, body: object) {
  const res = await apiFetch(app, admin, path, { method: 'POST', body: JSON.stringify(body) });
  expect(res.status, path).toBe(200);
}

/** Where a page is: its path and query. */
const place = (u: URL) => u.pathname + u.search;

/** The page's horizontal overflow in CSS pixels (0: nothing sticks out). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the users list and a member page show the admin as Admin and a reviewer as Reviewer', async ({
  app,
  admin,
  createUser,
  newPage,
}) => {
  const reviewer = await createUser({ displayName: `Rhea ${uniqueTag()}` });
  await adminPost(app, admin, `/api/admin/users/${reviewer.uid}/reviewer`, {
    maxPoints: 30,
    reason: 'Trusted',
  });
  const page = await newPage({ as: admin });
  await page.goto('/admin/users');
  // The role filter offers the admin's standing: one row, called as the dashboard calls them.
  await page.getByLabel(M.roleFilter).selectOption({ label: 'Admin' });
  await page.getByRole('button', { name: 'Apply' }).click();
  const list = page.getByRole('list', { name: M.usersTitle });
  const rows = list.getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('standing')).toHaveText('Admin');
  await expect(rows.first()).toContainText(`${M.signedUpAs} Builder`);
  await expect(rows.first()).toContainText(admin.email);
  await screenshot(page, 'users-admin-filter-1280', { fullPage: false });

  // A reviewer keeps their role and carries the Reviewer badge.
  await page.getByLabel(M.roleFilter).selectOption({ label: M.anyRole });
  await page.getByLabel(M.search).fill(reviewer.email);
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = list.getByRole('listitem').filter({ hasText: reviewer.email });
  await expect(row.getByTestId('standing')).toHaveText('Builder');
  await expect(row.getByText(MSG.reviewers.reviewerBadge, { exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await screenshot(page, 'users-reviewer-1280', { fullPage: false });

  // The admin's own page says the same.
  await page.goto(`/admin/users/${admin.uid}`);
  const state = page.getByTestId('user-state');
  await expect(state.getByTestId('standing')).toHaveText('Admin');
  await expect(state).toContainText(`${M.signedUpAs} Builder`);
  await screenshot(page, 'member-page-admin-1280', { fullPage: false });

  const phone = await newPage({ as: admin, viewport: MOBILE });
  await phone.goto('/admin/users');
  await settle(phone);
  await phone.getByLabel(M.roleFilter).selectOption({ label: 'Admin' });
  await phone.getByRole('button', { name: 'Apply' }).click();
  await expect(phone.getByRole('list', { name: M.usersTitle }).getByRole('listitem')).toHaveCount(1);
  expect(await overflow(phone)).toBe(0);
  await screenshot(phone, 'users-admin-filter-375');
});

test("a member's audit trail opens from their page, and its filters live in the URL (reload, Back, Forward)", async ({
  app,
  admin,
  createUser,
  newPage,
}) => {
  const tag = uniqueTag();
  const member = await createUser({ displayName: `Mara ${tag}` });
  const other = await createUser();
  await adminPost(app, admin, `/api/admin/users/${member.uid}/role`, {
    role: 'creator',
    reason: `Role ${tag}`,
  });
  await adminPost(app, admin, `/api/admin/users/${member.uid}/xp`, {
    delta: 15,
    reason: `Meetup ${tag}`,
    key: crypto.randomUUID(),
  });
  await adminPost(app, admin, `/api/admin/users/${other.uid}/role`, {
    role: 'creator',
    reason: `Other ${tag}`,
  });

  const page = await newPage({ as: admin });
  await page.goto(`/admin/users/${member.uid}`);
  await page.getByRole('link', { name: M.auditTrail }).click();
  await page.waitForURL((u) => place(u) === `/admin/audit?target=${member.uid}`);
  const target = page.getByTestId('audit-target');
  await expect(target.getByRole('link', { name: member.displayName })).toBeVisible();
  const entries = page.getByTestId('audit-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(`Meetup ${tag}`);
  await expect(entries.nth(1)).toContainText(`Role ${tag}`);
  await screenshot(page, 'audit-target-1280', { fullPage: false });

  // Apply narrows it and is one history entry; Back undoes it, form and list alike.
  const action = page.getByLabel(M.actionFilter);
  await action.selectOption({ label: 'Member role changed' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.waitForURL((u) => u.searchParams.get('action') === 'user.role');
  expect(new URL(page.url()).searchParams.get('target')).toBe(member.uid);
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(`Role ${tag}`);

  await page.goBack();
  await page.waitForURL((u) => place(u) === `/admin/audit?target=${member.uid}`);
  await expect(action).toHaveValue('');
  await expect(entries).toHaveCount(2);

  await page.goForward();
  await page.waitForURL((u) => u.searchParams.get('action') === 'user.role');
  await expect(action).toHaveValue('user.role');
  await expect(entries).toHaveCount(1);

  // A reload (or the link shared) opens the same view.
  await page.reload();
  await expect(page.getByLabel(M.actionFilter)).toHaveValue('user.role');
  await expect(target.getByRole('link', { name: member.displayName })).toBeVisible();
  await expect(entries).toHaveCount(1);

  // "Any member" drops the target alone: the other member's role change shows, the action stays.
  await target.getByRole('button', { name: M.clearTarget }).click();
  await page.waitForURL((u) => !u.searchParams.has('target'));
  expect(new URL(page.url()).searchParams.get('action')).toBe('user.role');
  await expect(target).toHaveCount(0);
  await expect(entries.filter({ hasText: `Other ${tag}` })).toHaveCount(1);
  await page.goBack();
  await expect(target.getByRole('link', { name: member.displayName })).toBeVisible();
  await expect(entries.filter({ hasText: `Other ${tag}` })).toHaveCount(0);
});

test('a link with values the log cannot use names them and shows the rest, on a phone too', async ({
  app,
  admin,
  createUser,
  newPage,
}) => {
  const tag = uniqueTag();
  const member = await createUser({ displayName: `Nico ${tag}` });
  await adminPost(app, admin, `/api/admin/users/${member.uid}/role`, {
    role: 'creator',
    reason: `Role ${tag}`,
  });

  const page = await newPage({ as: admin, viewport: MOBILE });
  await page.goto(`/admin/users/${member.uid}`);
  await settle(page);
  await expect(page.getByRole('link', { name: M.auditTrail })).toBeVisible();
  expect(await overflow(page)).toBe(0);
  await screenshot(page, 'member-page-375', { fullPage: false });

  await page.goto(`/admin/audit?target=${member.uid}&from=yesterday&to=2026-02-31x`);
  await settle(page);
  await expect(page.getByText(`${M.filtersIgnored} ${M.fromFilter}, ${M.toFilter}.`)).toBeVisible();
  await expect(
    page.getByTestId('audit-target').getByRole('link', { name: member.displayName }),
  ).toBeVisible();
  await expect(page.getByTestId('audit-entry')).toHaveCount(1);
  expect(await overflow(page)).toBe(0);
  await screenshot(page, 'audit-target-375');

  // A malformed id is set aside; a well-formed one nobody has is said so, with the way out.
  await page.goto(`/admin/audit?target=${encodeURIComponent("x' or 1=1")}`);
  await expect(page.getByText(`${M.filtersIgnored} ${M.targetFilter}.`)).toBeVisible();
  await expect(page.getByTestId('audit-target')).toHaveCount(0);
  await expect(page.getByTestId('audit-entry').first()).toBeVisible();

  await page.goto('/admin/audit?target=nobody-has-this-id');
  const target = page.getByTestId('audit-target');
  await expect(target.getByText(M.targetUnknown)).toBeVisible();
  await expect(page.getByText(M.auditEmpty)).toBeVisible();
  expect(await overflow(page)).toBe(0);
  await screenshot(page, 'audit-target-unknown-375');
  await target.getByRole('button', { name: M.clearTarget }).click();
  await page.waitForURL((u) => place(u) === '/admin/audit');
  await expect(page.getByTestId('audit-entry').first()).toBeVisible();
});

test("the users console's filters live in the URL: Back from a member returns to the filtered list, a reload keeps it", async ({
  admin,
  createUser,
  newPage,
}) => {
  const tag = uniqueTag();
  const member = await createUser({ displayName: `Vera ${tag}` });
  const page = await newPage({ as: admin });
  const asked: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/admin/users') asked.push(u.search);
  });
  await page.goto('/admin/users');
  await page.getByLabel(M.search).fill(member.email);
  await page.getByLabel(M.sortBy).selectOption({ label: M.sortXp });
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.waitForURL(
    (u) => u.searchParams.get('q') === member.email && u.searchParams.get('sort') === 'xp',
  );
  const rows = page.getByRole('list', { name: M.usersTitle }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  const filtered = place(new URL(page.url()));

  // A member's page, then Back: the same filtered list, and the form says which filters.
  await rows.first().getByRole('link').click();
  await page.waitForURL(`**/admin/users/${member.uid}`);
  await expect(page.getByTestId('user-state')).toBeVisible();
  await page.goBack();
  await page.waitForURL((u) => place(u) === filtered);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(member.email);
  await expect(page.getByLabel(M.search)).toHaveValue(member.email);
  await expect(page.getByLabel(M.sortBy)).toHaveValue('xp');

  // A reload (a shared link) shows the same; the served page preloads no unfiltered list.
  asked.length = 0;
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(page.getByLabel(M.search)).toHaveValue(member.email);
  const preloads = await page
    .locator('link[rel="preload"][as="fetch"]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  expect(preloads).toEqual(['/api/session']);
  expect(
    asked.every((s) => new URLSearchParams(s).get('q') === member.email),
    asked.join(' '),
  ).toBe(true);

  // A link's values the console cannot use are named and set aside; the rest still apply.
  const phone = await newPage({ as: admin, viewport: MOBILE });
  await phone.goto(`/admin/users?role=wizard&verified=maybe&q=${encodeURIComponent(member.email)}`);
  await settle(phone);
  await expect(phone.getByText(`${M.filtersIgnored} ${M.roleFilter}, ${M.verifiedFilter}.`)).toBeVisible();
  await expect(phone.getByRole('list', { name: M.usersTitle }).getByRole('listitem')).toHaveCount(1);
  expect(await overflow(phone)).toBe(0);
  await screenshot(phone, 'users-link-ignored-375');
});
