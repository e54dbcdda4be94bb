/**
 * Issue 6, end to end. Grants: a startup (approved and given a project through
 * the API) applies for a grant for its project, edits it while pending, the admin
 * approves it on /admin/grants and the badge turns green on /grants. Resources:
 * the admin adds some, the search box and the category chips narrow the list,
 * and a nonsense search shows the empty message. Ends with screenshots. Each test
 * makes what it starts from through the API, in a world of its own: these pages
 * list everyone's grants and resources.
 */
import type { Locator, Page } from '@playwright/test';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { NAV_MSG } from '@/shared/messages-shell';
import { GRANT_ONLY_STARTUPS } from '@/shared/rules/journey';
import { projectApplicationBody } from '../tests/support/payloads';
import { settle } from './support/a11y';
import type { SignUpFields } from './support/api';
import { apiFetch, type TestUser, uniqueTag } from './support/api';
import { DESKTOP, MOBILE, screenshot } from './support/browser';
import { refuseChunks } from './support/chunks';
import { expect, test } from './support/fixtures';
import type { AppServer } from './support/server';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn);

test.use({ freshWorld: true });

const newProjectTitle = () => `Orbit Swap ${uniqueTag()}`;
const proposal =
  'We will ship the v2 router with concentrated liquidity, audit it with two firms and run a liquidity mining programme for the first three months.';
const edited = `${proposal} Budget: 60% engineering, 25% audits, 15% community.`;

/**
 * How far the page is wider than the viewport. The body clips horizontal overflow
 * (overflow-x: clip), which hides it from scrollWidth, so measure with that lifted.
 */
function widerThanViewport(): number {
  const body = document.body.style.overflowX;
  document.body.style.overflowX = 'visible';
  const width = document.documentElement.scrollWidth;
  document.body.style.overflowX = body;
  return width - window.innerWidth;
}

/** A full-page screenshot taken from the top, so fixed bars sit where they belong. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** What the viewport shows (dialogs are fixed to it). */
async function shotViewport(page: Page, name: string) {
  await screenshot(page, name, { fullPage: false });
}

async function ok(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Startup → project application → admin approval → a project, all through the API. */
async function approvedStartupWithProject(
  app: AppServer,
  admin: TestUser,
  createUser: (fields?: SignUpFields) => Promise<TestUser>,
  title: string,
): Promise<TestUser> {
  const user = await createUser({ role: 'startup' });
  const applied = await ok(
    await apiFetch(app, user, '/api/project-applications', {
      method: 'POST',
      body: JSON.stringify(projectApplicationBody(title)),
    }),
    201,
  );
  const id = (applied.application as { id: string }).id;
  await ok(
    await apiFetch(app, admin, `/api/admin/project-applications/${id}/approve`, {
      method: 'POST',
      body: '{}',
    }),
  );
  const form = new FormData();
  form.set('title', title);
  form.set('description', 'A cross-chain DEX with deep liquidity.');
  form.set('website', 'https://example.com');
  form.set('xAccount', '@example');
  await ok(await apiFetch(app, user, '/api/projects', { method: 'POST', body: form }), 201);
  return user;
}

/** The user's (first) project's id. */
async function myProjectId(app: AppServer, user: TestUser): Promise<string> {
  const projects = (await ok(await apiFetch(app, user, '/api/projects?filter=my'))) as {
    projects: { id: string }[];
  };
  return projects.projects[0]!.id;
}

/** A pending grant application through the API. */
async function grantOf(app: AppServer, user: TestUser, amount: number, proposal: string): Promise<string> {
  const res = await ok(
    await apiFetch(app, user, '/api/grants', {
      method: 'POST',
      body: JSON.stringify({ projectId: await myProjectId(app, user), amount, currency: 'USDC', proposal }),
    }),
    201,
  );
  return (res.grant as { id: string }).id;
}

async function addResources(
  app: AppServer,
  admin: TestUser,
  list: { title: string; category: string; link?: string }[],
) {
  for (const { title, category, link } of list) {
    await ok(
      await apiFetch(app, admin, '/api/admin/resources', {
        method: 'POST',
        body: JSON.stringify({
          title,
          category,
          link: link ?? `https://example.com/${encodeURIComponent(title)}`,
        }),
      }),
      201,
    );
  }
}

/** The resources the admin adds in the resources tests. */
const items = [
  { title: 'Café Protocol Handbook', category: 'Guides', link: 'https://example.com/cafe' },
  { title: 'Smart contract audit checklist', category: 'Security', link: 'https://example.com/audit' },
  { title: 'Brand kit', category: 'Design', link: 'https://example.com/brand' },
  { title: 'Writing a grant proposal', category: 'Guides', link: 'https://example.com/grant-guide' },
];

test.describe('grants', () => {
  test('a builder is told, on the button itself, that grants are for startups', async ({
    createUser,
    newPage,
  }) => {
    const page = await newPage({ as: await createUser() });
    await page.goto('/grants');
    await page.getByText(MSG.grant.none).waitFor();
    await page.getByRole('tab', { name: MSG.grant.mine }).click();
    await page.getByText(MSG.grant.noneMine).waitFor();
    // The empty state offers what a builder can do (read how grants work), not a second disabled Apply.
    await expect(page.getByRole('link', { name: 'How grants work' })).toBeVisible();
    await expect(page.getByRole('button', { name: MSG.grant.apply })).toHaveCount(1);
    // Not a button that opens onto nothing to do: it says why, on a tap too (no hover on phones).
    const apply = page.getByRole('button', { name: MSG.grant.apply }).first();
    await expect(apply).toHaveAttribute('aria-disabled', 'true');
    await expect(apply).toHaveAccessibleDescription(GRANT_ONLY_STARTUPS);
    await apply.hover();
    await page.getByRole('tooltip').filter({ hasText: GRANT_ONLY_STARTUPS }).waitFor();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('on a phone, the disabled Apply for Grant says why under it without a tap, and a tap opens nothing (first-time-user review)', async ({
    createUser,
    newPage,
  }) => {
    const page = await newPage({ as: await createUser(), viewport: MOBILE });
    await page.goto('/grants');
    await page.getByText(MSG.grant.none).waitFor();
    // No hover on a phone: the reason is on the screen from the start, beside the button.
    const reason = page.getByTestId('gated-reason');
    await expect(reason).toBeVisible();
    await expect(reason).toHaveText(GRANT_ONLY_STARTUPS);
    const apply = page.getByRole('button', { name: MSG.grant.apply }).first();
    const [b, r] = [(await apply.boundingBox())!, (await reason.boundingBox())!];
    expect(r.y).toBeGreaterThanOrEqual(b.y + b.height - 1);
    expect(r.y - (b.y + b.height)).toBeLessThan(24);
    await settle(page);
    await screenshot(page, 'grants-apply-reason-375', { fullPage: false });
    // A real touch tap (pointer down, up, click); `force` only skips Playwright's aria-disabled check.
    await apply.tap({ force: true });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(reason).toHaveText(GRANT_ONLY_STARTUPS);
  });

  test('a dialog whose code cannot be downloaded closes with a message, and opens on the next try', async ({
    createUser,
    newPage,
  }) => {
    const page = await newPage({ as: await createUser({ role: 'startup' }) });
    // Offline for the dialog's code only, from the first request (the idle prefetch included).
    const network = await refuseChunks(page, ['src/client/features/grants/grant-form-dialog.tsx']);
    await page.goto('/grants');
    await page.getByText(MSG.grant.none).waitFor();
    await page.getByRole('button', { name: MSG.grant.apply }).first().click();
    await expect(page.getByText(MSG.common.dialogUnavailable)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The page is still there and usable.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    network.reconnect();
    await page.getByRole('button', { name: MSG.grant.apply }).first().click();
    await page
      .getByRole('dialog', { name: MSG.grant.apply })
      .getByText(/Apply for approval first/)
      .waitFor();
  });

  test('a startup not yet approved is offered the application from the grant dialog', async ({
    createUser,
    newPage,
  }) => {
    const page = await newPage({ as: await createUser({ role: 'startup' }) });
    await page.goto('/grants');
    await page
      .getByText(/Approved startups apply for a grant/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: MSG.grant.apply }).first().click();
    const dialog = page.getByRole('dialog', { name: MSG.grant.apply });
    await dialog.getByText(/Apply for approval first/).waitFor();
    await dialog.getByRole('link', { name: 'Apply for approval' }).click();
    await page.waitForURL((u) => u.pathname === '/application/project-application');
  });

  test('a startup applies for its project, then edits the proposal while pending', async ({
    app,
    admin,
    createUser,
    newPage,
  }) => {
    const projectTitle = newProjectTitle();
    const startup = await approvedStartupWithProject(app, admin, createUser, projectTitle);
    const builder = await createUser();
    const page = await newPage({ as: startup });
    await page.goto('/grants');
    await page.getByRole('tab', { name: MSG.grant.explore, selected: true }).waitFor();
    await page.getByText(MSG.grant.none).waitFor();

    await page.getByRole('button', { name: MSG.grant.apply }).first().click();
    const dialog = page.getByRole('dialog', { name: MSG.grant.apply });
    // The only project is chosen already.
    await poll(() => dialog.getByLabel('Project').inputValue()).not.toBe('');
    expect(await dialog.getByLabel('Project').locator('option:checked').textContent()).toBe(projectTitle);

    // The shared schema's messages.
    await dialog.getByLabel('Amount requested').fill('-5');
    await dialog.getByLabel('Proposal').fill('Too short.');
    await dialog.getByText(/to go\)/).waitFor();
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await dialog.getByText(MSG.grant.amountInvalid).waitFor();
    await dialog.getByText(MSG.grant.proposalShort).waitFor();

    await dialog.getByLabel('Amount requested').fill('2500');
    await dialog.getByLabel('Currency or token').fill('USDC');
    await dialog.getByLabel('Proposal').fill(proposal);
    await dialog.getByText('Long enough').waitFor();
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Straight to My Applications, pending.
    await page.getByRole('tab', { name: MSG.grant.mine, selected: true }).waitFor();
    const card = page.getByRole('article', { name: projectTitle });
    await card.getByText('2,500 USDC').waitFor();
    await card.getByText('Pending', { exact: true }).waitFor();
    await card.getByRole('button', { name: MSG.grant.viewDetails }).waitFor();

    await card.getByRole('button', { name: MSG.grant.edit }).click();
    const edit = page.getByRole('dialog', { name: MSG.grant.edit });
    expect(await edit.getByLabel('Proposal').inputValue()).toBe(proposal);
    await edit.getByLabel('Amount requested').fill('3000');
    await edit.getByLabel('Proposal').fill(edited);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await card.getByText('3,000 USDC').waitFor();
    await card.getByText(/Budget: 60% engineering/).waitFor();

    // Details: the full proposal and its history.
    await card.getByRole('button', { name: MSG.grant.viewDetails }).click();
    const details = page.getByRole('dialog', { name: projectTitle });
    await details.getByText(/Budget: 60% engineering/).waitFor();
    const history = details.getByRole('region', { name: 'History' });
    await history.getByText('Submitted', { exact: true }).waitFor();
    await history.getByText('Edited', { exact: true }).waitFor();
    await shotViewport(page, 'grants-details-desktop');
    await details.getByRole('button', { name: 'Close', exact: true }).first().click();

    // A second application for the same project is not offered while this one is pending.
    await page.getByRole('button', { name: MSG.grant.apply }).first().click();
    const again = page.getByRole('dialog', { name: MSG.grant.apply });
    await poll(() => again.locator('option', { hasText: projectTitle }).isDisabled()).toBe(true);
    await again.getByRole('button', { name: 'Cancel' }).click();

    // Others don't see a pending proposal.
    const other = await newPage({ as: builder });
    await other.goto('/grants');
    await other.getByText(MSG.grant.none).waitFor();
    expect(await other.getByText(projectTitle).count()).toBe(0);
  });

  test('the admin approves it on /admin/grants and the badge turns green on /grants', async ({
    app,
    admin,
    createUser,
    newPage,
  }) => {
    // A pending application, edited once (as the test above leaves it).
    const projectTitle = newProjectTitle();
    const startup = await approvedStartupWithProject(app, admin, createUser, projectTitle);
    const builder = await createUser();
    const id = await grantOf(app, startup, 2500, proposal);
    await ok(
      await apiFetch(app, startup, `/api/grants/${id}`, {
        method: 'PATCH',
        body: JSON.stringify({ amount: 3000, proposal: edited }),
      }),
    );
    const page = await newPage({ as: admin });
    await page.goto('/grants');
    await page.getByRole('link', { name: 'Review grants' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/grants');
    const card = page.getByRole('article', { name: projectTitle });
    await card.getByText('3,000 USDC').waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel(/^Message to the applicant/)
      .fill('Funded for Q3. Milestone reports monthly, please.');
    await dialog.getByRole('button', { name: 'Approve grant' }).click();
    await page.getByText('No grants waiting for review').waitFor();
    // The chips say how many each holds; the count is part of the chip's name.
    await expect(page.getByRole('button', { name: /^To review/ })).toHaveAccessibleName(/^To review\s*0$/);
    await page.getByRole('button', { name: /^Approved grants\s*\d+$/ }).click();
    await page.getByRole('article', { name: projectTitle }).getByText('Approved', { exact: true }).waitFor();

    const sp = await newPage({ as: startup });
    await sp.goto('/grants');
    await sp.getByRole('tab', { name: MSG.grant.mine }).click();
    const mine = sp.getByRole('article', { name: projectTitle });
    const badge = mine.locator('[data-status]');
    await poll(() => badge.getAttribute('data-status')).toBe('approved');
    expect(await badge.textContent()).toBe('Approved');
    // Green: the approved status colour (#4ade80).
    expect(await badge.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(74, 222, 128)');
    // Decided: no more editing.
    expect(await mine.getByRole('button', { name: MSG.grant.edit }).count()).toBe(0);
    await mine.getByRole('button', { name: MSG.grant.viewDetails }).click();
    const details = sp.getByRole('dialog', { name: projectTitle });
    await details.getByRole('region', { name: 'History' }).getByText('Approved', { exact: true }).waitFor();
    await details.getByText('Funded for Q3. Milestone reports monthly, please.').first().waitFor();

    // Now it is public: the builder sees it under Explore, without the owner's buttons.
    const bp = await newPage({ as: builder });
    await bp.goto('/grants');
    const pub = bp.getByRole('article', { name: projectTitle });
    await pub.getByText('Approved', { exact: true }).waitFor();
    expect(await pub.getByRole('button').count()).toBe(0);
  });
});

/** Picks a category in use from the select, or types a new one (the field alone while none exist). */
async function setCategory(form: Locator, name: string) {
  const select = form.getByRole('combobox', { name: 'Category' });
  if ((await select.count()) === 0) {
    await form.getByLabel(/^(New )?[Cc]ategory$/).fill(name);
    return;
  }
  const known = await select.locator('option').allTextContents();
  if (known.includes(name)) {
    await select.selectOption(name);
    return;
  }
  await select.selectOption({ label: 'New category…' });
  const field = form.getByLabel('New category');
  await expect(field).toBeFocused();
  await field.fill(name);
}

test.describe('resources', () => {
  test('the admin adds, edits and deletes resources; links must be http(s)', async ({ admin, newPage }) => {
    const page = await newPage({ as: admin });
    await page.goto('/resources');
    await page.getByText(MSG.resource.none).waitFor();
    await page.getByRole('link', { name: 'Manage resources' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/resources');
    const form = page.getByRole('region', { name: 'Add a resource' });

    await form.getByRole('button', { name: 'Add resource' }).click();
    await form.getByText(MSG.resource.titleRequired).waitFor();
    await form.getByLabel('Title').fill('Evil');
    await setCategory(form, 'Guides');
    await form.getByLabel('Link').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Add resource' }).click();
    await form.getByText(MSG.resource.invalidLink).waitFor();

    for (const r of items) {
      await form.getByLabel('Title').fill(r.title);
      await setCategory(form, r.category);
      await form.getByLabel('Link').fill(r.link);
      await form.getByRole('button', { name: 'Add resource' }).click();
      await page.getByRole('list', { name: 'All resources' }).getByText(r.title, { exact: true }).waitFor();
    }
    // One more, edited, then deleted.
    await form.getByLabel('Title').fill('Temporary note');
    // Once some exist, the category is a select of them, with "New category…" for another.
    await expect(form.getByRole('combobox', { name: 'Category' })).toBeVisible();
    await setCategory(form, 'Misc');
    await form.getByLabel('Link').fill('https://example.com/tmp');
    await form.getByRole('button', { name: 'Add resource' }).click();
    await page.getByRole('button', { name: 'Edit Temporary note' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit resource' });
    await edit.getByLabel('Title').fill('Temporary note (edited)');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Delete Temporary note (edited)' }).click();
    const confirm = page.getByRole('dialog', { name: /Delete “Temporary note \(edited\)”\?/ });
    await confirm.getByRole('button', { name: 'Delete resource' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await poll(() =>
      page.getByRole('list', { name: 'All resources' }).getByText('Temporary note').count(),
    ).toBe(0);
  });

  test('search (case- and accent-insensitive) and category chips narrow the list; nonsense shows the empty message', async ({
    app,
    admin,
    createUser,
    newPage,
  }) => {
    await addResources(app, admin, items);
    const page = await newPage({ as: await createUser() });
    await page.goto('/resources');
    const list = page.getByRole('list', { name: 'Resources' });
    await poll(() => list.getByRole('article').count()).toBe(items.length);
    const link = list
      .getByRole('article', { name: 'Brand kit' })
      .getByRole('link', { name: /View Resource/ });
    expect(await link.getAttribute('href')).toBe('https://example.com/brand');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await list.getByRole('article', { name: 'Brand kit' }).getByText(MSG.resource.uploaded).waitFor();

    const search = page.getByPlaceholder(MSG.resource.search);
    await search.fill('CAFE');
    await poll(() => list.getByRole('article').count()).toBe(1);
    await list.getByRole('article', { name: 'Café Protocol Handbook' }).waitFor();
    await search.fill('');

    const chips = page.getByRole('group', { name: 'Category' });
    expect(await chips.getByRole('button').allInnerTexts()).toEqual(['All', 'Design', 'Guides', 'Security']);
    await chips.getByRole('button', { name: 'Guides' }).click();
    await poll(() => list.getByRole('article').count()).toBe(2);
    await search.fill('grant');
    await poll(() => list.getByRole('article').count()).toBe(1);
    await chips.getByRole('button', { name: 'All' }).click();

    await search.fill('qwertyuiop-nothing');
    await page.getByText(MSG.resource.none).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await poll(() => page.getByRole('list', { name: 'Resources' }).getByRole('article').count()).toBe(
      items.length,
    );
  });

  test('a long list shows its first page, "Load more" adds the next, and Back returns to the same place', async ({
    app,
    admin,
    createUser,
    newPage,
  }) => {
    const many = Array.from({ length: LIMITS.listPage + 6 }, (_, i) => ({
      title: `Paged guide ${String(i).padStart(2, '0')}`,
      category: 'Guides',
    }));
    await addResources(app, admin, many);
    const page = await newPage({ as: await createUser() });
    await page.goto('/resources');
    const list = page.getByRole('list', { name: 'Resources' });
    await poll(() => list.getByRole('article').count()).toBe(LIMITS.listPage);
    await page.getByRole('button', { name: 'Load more' }).click();
    await poll(() => list.getByRole('article').count()).toBe(many.length);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    // The oldest one, only on the second page, is there once.
    await expect(list.getByRole('article', { name: 'Paged guide 00' })).toHaveCount(1);

    await list.getByRole('article', { name: 'Paged guide 02' }).scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(400);
    // The position is recorded from scroll events, which fire with the next frame.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.getByRole('link', { name: NAV_MSG.docs, exact: true }).first().click();
    await page.waitForURL((u) => u.pathname === '/docs');
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/resources');
    await poll(() => list.getByRole('article').count()).toBe(many.length);
    await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 50);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(y + 50);
  });
});

test.describe('screenshots', () => {
  test('grants and resources at 1280×800 and 375×812', async ({ app, admin, createUser, newPage }) => {
    test.setTimeout(240_000);
    // The startup's approved grant, a pending one and a declined one from other startups.
    const projectTitle = newProjectTitle();
    const startup = await approvedStartupWithProject(app, admin, createUser, projectTitle);
    const approved = await grantOf(app, startup, 3000, edited);
    await ok(
      await apiFetch(app, admin, `/api/admin/grants/${approved}/approve`, {
        method: 'POST',
        body: JSON.stringify({ message: 'Funded for Q3. Milestone reports monthly, please.' }),
      }),
    );
    const second = await approvedStartupWithProject(app, admin, createUser, 'Lumen Vaults');
    const third = await approvedStartupWithProject(app, admin, createUser, 'Pixel Guild');
    await grantOf(app, second, 12000, `${proposal} Vault strategies will be open-sourced.`);
    const declined = await grantOf(
      app,
      third,
      800,
      'On-chain guild tooling for game studios, with a public roadmap and demos.',
    );
    await ok(
      await apiFetch(app, admin, `/api/admin/grants/${declined}/decline`, {
        method: 'POST',
        body: JSON.stringify({ message: 'Please come back with a working prototype.' }),
      }),
    );
    await addResources(app, admin, [
      ...items,
      { title: 'Tokenomics 101', category: 'Guides' },
      { title: 'Pitch deck template', category: 'Templates' },
      { title: 'Security incident runbook', category: 'Security' },
    ]);

    const errors: string[] = [];
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const page = await newPage({ viewport, as: startup });
      page.on('pageerror', (err) => errors.push(err.message));
      const noOverflow = async (what: string) => {
        const overflow = await page.evaluate(widerThanViewport);
        expect(overflow, `${what} overflows horizontally at ${viewport.width}px`).toBeLessThanOrEqual(0);
      };
      await page.goto('/grants');
      await page.getByRole('article', { name: projectTitle }).waitFor();
      await noOverflow('/grants');
      await shot(page, `grants-explore-${size}`);
      await page.getByRole('tab', { name: MSG.grant.mine }).click();
      await page.getByRole('tabpanel').getByRole('article', { name: projectTitle }).waitFor();
      await shot(page, `grants-mine-${size}`);
      await page.getByRole('button', { name: MSG.grant.viewDetails }).first().click();
      await page.getByRole('dialog').getByRole('region', { name: 'History' }).getByText('Approved').waitFor();
      await shotViewport(page, `grants-details-${size}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: MSG.grant.apply }).first().click();
      await page.getByRole('dialog').getByLabel('Proposal').waitFor();
      await shotViewport(page, `grants-apply-${size}`);
      await page.keyboard.press('Escape');

      await page.goto('/resources');
      await page.getByRole('list', { name: 'Resources' }).getByRole('article').first().waitFor();
      await noOverflow('/resources');
      await shot(page, `resources-${size}`);
      await page.getByPlaceholder(MSG.resource.search).fill('zzz');
      await page.getByText(MSG.resource.none).waitFor();
      await shot(page, `resources-empty-${size}`);

      const ap = await newPage({ viewport, as: admin });
      ap.on('pageerror', (err) => errors.push(err.message));
      await ap.goto('/admin/grants');
      await ap.getByRole('article').first().waitFor();
      await shot(ap, `admin-grants-${size}`);
      await ap.goto('/admin/resources');
      await ap.getByRole('list', { name: 'All resources' }).waitFor();
      await shot(ap, `admin-resources-${size}`);
      await ap.context().close();
      await page.context().close();
    }
    expect(errors).toEqual([]);
  });
});
