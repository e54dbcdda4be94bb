/**
 * Issue 4, end to end: a startup applies through the form, the admin approves it
 * on /admin/project-approvals (which lists only pending ones), the startup creates
 * a project with a logo and a banner and sees it on /projects; a builder never
 * sees 'Create Project'. Ends with screenshots of every launchpad screen. Each
 * test makes its startup, application and project through the API; the ones that
 * assert on everything a page lists run in a world of their own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { MSG } from '@/shared/messages';
import { APPLICATION_STATUS, APPLY_FOR_APPROVAL } from '@/shared/rules/journey';
import { PROJECT_IMAGE_SIZE } from '@/shared/uploads';
import { applicationContacts, projectApplicationBody } from '../tests/support/payloads';
import { settle } from './support/a11y';
import { apiFetch, getMe, pathOf, type TestUser, uniqueTag } from './support/api';
import { animationsDone, DESKTOP, imagesLoaded, MOBILE, SCREENSHOT_DIR, screenshot } from './support/browser';
import { test as base, expect } from './support/fixtures';
import type { AppServer } from './support/server';

type Files = { banner: string; logo: string; notAnImage: string; fakePng: string };

/** A PNG drawn from SVG (gradient and a label), so screenshots look like real art. */
async function png(file: string, width: number, height: number, from: string, to: string, label: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.78}" cy="${height * 0.3}" r="${Math.min(width, height) * 0.28}" fill="#ffffff" fill-opacity="0.12"/>
    <text x="50%" y="56%" text-anchor="middle" font-family="sans-serif" font-weight="700"
      font-size="${Math.round(height * 0.2)}" fill="#ffffff" fill-opacity="0.92">${label}</text>
  </svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
}

/** `files`: a banner, a logo, a text file and a text file named fake.png to upload, made for each test. */
const test = base.extend<{ files: Files }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
  files: async ({}, use) => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'sysfi-launchpad-'));
    const files = {
      banner: path.join(tmp, 'banner.png'),
      logo: path.join(tmp, 'logo.png'),
      notAnImage: path.join(tmp, 'notes.txt'),
      fakePng: path.join(tmp, 'fake.png'),
    };
    await png(files.banner, 1200, 600, '#7c3aed', '#06b6d4', 'ORBIT');
    await png(files.logo, 256, 256, '#22d3ee', '#a78bfa', 'O');
    writeFileSync(files.notAnImage, 'just some text\n');
    writeFileSync(files.fakePng, 'just some text, named like a picture\n');
    await use(files);
    rmSync(tmp, { recursive: true, force: true });
  },
});

/** A project application through the API; `over` replaces fields (the form's values, say). */
async function applyApi(app: AppServer, user: TestUser, name: string, over: Record<string, unknown> = {}) {
  const res = await apiFetch(app, user, '/api/project-applications', {
    method: 'POST',
    body: JSON.stringify(projectApplicationBody(name, { ...applicationContacts, ...over })),
  });
  const body = (await res.json()) as { application: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.application.id;
}

async function decideApi(
  app: AppServer,
  admin: TestUser,
  id: string,
  action: 'approve' | 'reject',
  reason?: string,
) {
  const res = await apiFetch(app, admin, `/api/admin/project-applications/${id}/${action}`, {
    method: 'POST',
    body: JSON.stringify(reason ? { reason } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The user's status (pending | approved) as /api/me reports it. */
async function statusOf(app: AppServer, user: TestUser): Promise<string> {
  const me = (await getMe(app, user)) as Awaited<ReturnType<typeof getMe>> & { status?: string };
  return me.status ?? '';
}

async function pendingNames(app: AppServer, admin: TestUser): Promise<string[]> {
  const res = await apiFetch(app, admin, '/api/admin/project-applications');
  expect(res.status).toBe(200);
  return ((await res.json()) as { applications: { name: string }[] }).applications.map((a) => a.name);
}

/** A project created through the API (multipart), for a fuller grid in the screenshots. */
async function createProjectApi(
  app: AppServer,
  user: TestUser,
  fields: Record<string, string>,
  images: Record<string, string>,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [k, file] of Object.entries(images)) {
    const bytes = await sharp(file).png().toBuffer();
    form.set(k, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${k}.png`);
  }
  const res = await apiFetch(app, user, '/api/projects', { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** A startup whose application (named `name`) the admin approved, through the API. */
async function approvedStartup(
  app: AppServer,
  admin: TestUser,
  createUser: (f: { role: string }) => Promise<TestUser>,
  name: string,
): Promise<TestUser> {
  const startup = await createUser({ role: 'startup' });
  await decideApi(app, admin, await applyApi(app, startup, name), 'approve');
  return startup;
}

/** True once every image in the locator's scope has finished loading real pixels. */
async function imageLoaded(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((img) => {
    const i = img as HTMLImageElement;
    return i.complete && i.naturalWidth > 0;
  });
}

test.describe('launchpad', () => {
  test('a startup applies through the form, then sees it pending and the form hidden', async ({
    createUser,
    newPage,
  }) => {
    const projectName = `Orbit Swap ${uniqueTag()}`;
    const page = await newPage({ as: await createUser({ role: 'startup' }) });
    await page.goto('/application');
    await page.getByRole('link', { name: new RegExp(MSG.projectApplication.applyTitle) }).click();
    await page.waitForURL((u) => u.pathname === '/application/project-application');

    // Empty submit: the form's one sentence under the first empty field (not under all nine, as
    // an outside review found), every empty field marked.
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText(MSG.projectApplication.required)).toHaveCount(1);
    await expect(page.getByLabel('Project name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Project name')).toHaveAccessibleDescription(
      MSG.projectApplication.required,
    );
    await expect(page.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('What do you want to achieve?')).toHaveAttribute('aria-invalid', 'true');
    // An empty link field is "required" like the others, not "not a valid URL".
    await expect(page.getByText(MSG.projectApplication.invalidUrl)).toHaveCount(0);

    await page.getByLabel('Project name').fill(projectName);
    await page.getByLabel('Genre').selectOption('DeFi');
    await page.getByLabel('Phase').selectOption('MVP');
    await page.getByLabel('Website').fill('not a url');
    await page.getByLabel('GitHub').fill('https://github.com/orbit-swap');
    await page.getByLabel('Whitepaper').fill('https://orbitswap.example/whitepaper.pdf');
    await page.getByLabel('Team member 1').fill('https://github.com/alice');
    await page.getByLabel('Team member 2').fill('https://github.com/bob');
    await page.getByLabel('What do you want to achieve?').fill('Ship a cross-chain DEX with deep liquidity.');
    await page.getByLabel(/^X account/).fill('@orbitswap');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText(MSG.projectApplication.invalidUrl).waitFor();

    // An address typed without its scheme is completed as the field is left, and sent so.
    await page.getByLabel('Website').fill('orbitswap.example');
    await page.getByLabel('Website').press('Tab');
    await expect(page.getByLabel('Website')).toHaveValue('https://orbitswap.example');
    await page.getByLabel('Website').fill('not a url');
    await page.getByLabel('Website').press('Tab');
    await expect(page.getByLabel('Website')).toHaveValue('not a url');
    await page.getByLabel('Website').fill('orbitswap.example/home');
    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/api/project-applications') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit application' }).click();
    expect((await sent).postDataJSON().website).toBe('https://orbitswap.example/home');
    await page.getByText(MSG.projectApplication.submitted).first().waitFor();
    await page.getByText('Pending review').first().waitFor();
    // Focus moves to the result, not back to the top of a page whose form is gone (issue 20).
    await expect(page.locator('#application-result')).toBeFocused();

    // Coming back: the form stays hidden while the application is pending, and says why.
    await page.reload();
    await page.getByText(MSG.projectApplication.cooldown).waitFor();
    expect(await page.getByRole('button', { name: 'Submit application' }).count()).toBe(0);

    // The hub shows the status card too.
    await page.goto('/application');
    await page.getByRole('heading', { name: new RegExp(`Your application: ${projectName}`) }).waitFor();
    await page.getByText('Pending review').first().waitFor();

    // The dashboard's next step is where the application stands, not the form again.
    await page.goto('/dashboard');
    await page.getByTestId('application-waiting').waitFor();
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    await expect(activity.getByRole('link', { name: 'See your application' })).toBeVisible();
    await expect(activity.getByRole('link', { name: 'Apply for approval' })).toHaveCount(0);
    await screenshot(page, 'dashboard-application-pending-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'dashboard-application-pending-375');
    await activity.getByRole('link', { name: 'See your application' }).click();
    await page.waitForURL((u) => u.pathname === '/application');
  });

  test.describe(() => {
    // These count what the admin's queue and the projects page list: an empty world of their own.
    test.use({ freshWorld: true });

    test('the admin sees only pending applications and approves one on /admin/project-approvals', async ({
      app,
      admin,
      createUser,
      newPage,
    }) => {
      const tag = uniqueTag();
      const projectName = `Orbit Swap ${tag}`;
      const startup = await createUser({ role: 'startup' });
      // What the form in the first test sends.
      await applyApi(app, startup, projectName, {
        website: 'https://orbitswap.example',
        github: 'https://github.com/orbit-swap',
        whitepaper: 'https://orbitswap.example/whitepaper.pdf',
        teamMembers: ['https://github.com/alice', 'https://github.com/bob'],
        goals: 'Ship a cross-chain DEX with deep liquidity.',
        xAccount: '@orbitswap',
      });
      // Another startup's application, rejected through the API: it must not be listed.
      const other = await createUser({ role: 'startup' });
      const rejectedName = `Rejected ${tag}`;
      await decideApi(app, admin, await applyApi(app, other, rejectedName), 'reject', 'Whitepaper missing');

      const page = await newPage({ as: admin });
      await page.goto('/application');
      // The spec's review cards, and the way to every other queue and tool.
      await expect(page.getByRole('link', { name: 'All admin tools' })).toHaveAttribute('href', '/admin');
      await page.getByRole('link', { name: new RegExp(MSG.projectApplication.approveTitle) }).click();
      await page.waitForURL((u) => u.pathname === '/admin/project-approvals');

      const card = page.getByRole('article', { name: projectName });
      await card.waitFor();
      expect(await page.getByRole('article', { name: rejectedName }).count()).toBe(0);
      expect(await page.getByRole('article').count()).toBe(1);
      // A compact row (issue 20): the links open from the title; they are rendered safely.
      await card.getByRole('button', { name: projectName, expanded: false }).click();
      const website = card.getByRole('link', { name: /orbitswap\.example/ }).first();
      expect(await website.getAttribute('rel')).toBe('noopener noreferrer');

      // Approve asks first, as Reject does (and as both do on bounty approvals).
      await card.getByRole('button', { name: 'Approve' }).click();
      const confirm = page.getByRole('dialog', { name: `Approve “${projectName}”?` });
      await confirm.waitFor();
      expect(await statusOf(app, startup)).not.toBe('approved');
      await confirm.getByRole('button', { name: 'Approve application' }).click();
      await expect.poll(() => page.getByRole('article', { name: projectName }).count()).toBe(0);
      await page.getByText('No pending applications').waitFor();
      await expect.poll(() => statusOf(app, startup)).toBe('approved');
      expect(await pendingNames(app, admin)).toEqual([]);
    });

    test('the admin rejects with a reason; the startup sees it and when it may reapply', async ({
      app,
      admin,
      createUser,
      newPage,
    }) => {
      const s = await createUser({ role: 'startup' });
      const name = `Nebula ${uniqueTag()}`;
      await applyApi(app, s, name);

      const page = await newPage({ as: admin });
      await page.goto('/admin/project-approvals');
      const card = page.getByRole('article', { name });
      await card.getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('dialog');
      // A quick reason fills the field in one tap, and stays editable.
      await dialog.getByRole('button', { name: 'Please link a public code repository.' }).click();
      await expect(dialog.getByLabel(/^Reason/)).toHaveValue('Please link a public code repository.');
      await dialog.getByLabel(/^Reason/).fill('Please add a public repository.');
      await dialog.getByRole('button', { name: 'Reject application' }).click();
      await expect.poll(() => page.getByRole('article', { name }).count()).toBe(0);
      await expect.poll(() => pendingNames(app, admin)).toEqual([]);

      const sp = await newPage({ as: s });
      await sp.goto('/application');
      await sp.getByText('Rejected', { exact: true }).first().waitFor();
      await sp.getByText('Please add a public repository.').waitFor();
      await sp.getByText(/You can reapply after/).waitFor();
      // What was sent can be read again, as the admin read it.
      await sp.getByText('What you sent').click();
      await expect(
        sp.getByTestId('application-sent').getByRole('link', { name: /github\.com/ }),
      ).toBeVisible();
      await sp.goto('/application/project-application');
      await sp.getByText(MSG.projectApplication.cooldown).waitFor();
      expect(await sp.getByRole('button', { name: 'Submit application' }).count()).toBe(0);

      // Not approved: the Create Project button is there but disabled, with the spec's tooltip.
      await sp.goto('/projects');
      const create = sp.getByRole('button', { name: 'Create Project', exact: true });
      await create.waitFor();
      expect(await create.getAttribute('aria-disabled')).toBe('true');
      await create.hover();
      await sp.getByRole('tooltip').filter({ hasText: MSG.project.onlyApproved }).waitFor();
      // The empty list's main action is the way to approval, not a second disabled Create button.
      await expect(sp.getByRole('button', { name: MSG.project.createFirst })).toHaveCount(0);
      await expect(
        sp.getByRole('main').getByRole('link', { name: APPLY_FOR_APPROVAL.label }).last(),
      ).toBeVisible();
      // On a phone (no hover, no tap needed) the reason is written under the button, with the
      // next step: a rejected application's way back is the form, which says why and when.
      const phone = await newPage({ as: s, viewport: MOBILE });
      await phone.goto('/projects');
      const reason = phone.getByTestId('gated-reason');
      await expect(reason).toBeVisible();
      await expect(reason).toContainText(MSG.project.onlyApproved);
      await expect(
        phone.getByRole('button', { name: 'Create Project', exact: true }),
      ).toHaveAccessibleDescription(MSG.project.onlyApproved);
      await settle(phone);
      await screenshot(phone, 'projects-create-reason-375', { fullPage: false });
      await reason.getByRole('link', { name: APPLY_FOR_APPROVAL.label }).click();
      await expect(phone).toHaveURL(/\/application\/project-application$/);
      await expect(phone.getByText('Please add a public repository.')).toBeVisible();
    });

    test('a startup whose application waits sees why Create Project is off and a link to the application’s status, without a tap (first-time-user review)', async ({
      app,
      createUser,
      newPage,
    }) => {
      const s = await createUser({ role: 'startup' });
      await applyApi(app, s, `Pending ${uniqueTag()}`);
      for (const viewport of [MOBILE, DESKTOP]) {
        const page = await newPage({ as: s, viewport });
        await page.goto('/projects');
        const create = page.getByRole('button', { name: 'Create Project', exact: true });
        await expect(create).toHaveAttribute('aria-disabled', 'true');
        const reason = page.getByTestId('gated-reason');
        await expect(reason).toBeVisible();
        await expect(reason).toContainText(MSG.project.onlyApproved);
        const status = reason.getByRole('link', { name: APPLICATION_STATUS.label });
        await expect(status).toBeVisible();
        if (viewport === MOBILE) {
          await settle(page);
          await screenshot(page, 'projects-create-pending-375', { fullPage: false });
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        }
        await status.click();
        await page.waitForURL((u) => u.pathname === APPLICATION_STATUS.to);
        await page.close();
      }
    });

    test('the approved startup creates a project with a logo and a banner and sees it on /projects', async ({
      app,
      admin,
      createUser,
      newPage,
      files,
    }) => {
      const projectTitle = `Orbit Swap DEX ${uniqueTag()}`;
      const applied = `Orbit Swap ${uniqueTag()}`;
      const startup = await approvedStartup(app, admin, createUser, applied);
      const page = await newPage({ as: startup });
      await page.goto('/projects');
      await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
      await page.getByText(MSG.project.empty).waitFor();

      const create = page.getByRole('button', { name: 'Create Project', exact: true });
      expect(await create.getAttribute('aria-disabled')).toBeNull();
      await create.click();
      const dialog = page.getByRole('dialog', { name: 'Create Project' });
      await dialog.waitFor();
      // The first project starts from the approved application (first-time-user review: typed twice before).
      const body = projectApplicationBody(applied);
      await expect(dialog.getByLabel('Title')).toHaveValue(applied);
      await expect(dialog.getByLabel('Website URL')).toHaveValue(body.website);
      await expect(dialog.getByLabel(/^GitHub URL/)).toHaveValue(body.github);

      // Spec messages on trimmed text.
      await dialog.getByLabel('Title').fill('   ');
      await dialog.getByRole('button', { name: 'Create', exact: true }).click();
      await dialog.getByText(MSG.project.titleRequired).waitFor();
      await dialog.getByText(MSG.project.descriptionRequired).waitFor();

      // A file that is not an image is refused before any upload.
      await dialog.getByLabel(/^Logo Image/).setInputFiles(files.notAnImage);
      await dialog.getByText(MSG.project.imageInvalid).waitFor();

      await dialog.getByLabel('Title').fill(`  ${projectTitle}  `);
      await dialog.getByLabel('Description').fill('A cross-chain DEX with deep liquidity and fair launches.');
      await dialog.getByLabel('Website URL').fill('https://orbitswap.example');
      await dialog.getByLabel(/^GitHub URL/).fill('https://github.com/orbit-swap');
      await dialog.getByLabel('Official X Account').fill('@orbitswap');
      await dialog.getByLabel('Tags').fill('DeFi, DEX, , defi, Cross-chain');
      await expect
        .poll(() =>
          dialog.getByRole('list', { name: 'Tags to be saved' }).getByRole('listitem').allInnerTexts(),
        )
        .toEqual(['DeFi', 'DEX', 'Cross-chain']);
      await dialog.getByLabel(/^Banner Image/).setInputFiles(files.banner);
      await dialog.getByLabel(/^Logo Image/).setInputFiles(files.logo);
      await dialog.getByRole('img', { name: 'Banner Image preview' }).waitFor();
      await dialog.getByRole('img', { name: 'Logo Image preview' }).waitFor();
      await screenshot(page, 'launchpad-create-modal-filled-desktop');

      await dialog.getByRole('button', { name: 'Create', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      const card = page.getByRole('article', { name: projectTitle });
      await card.waitFor();
      await card.getByText('Cross-chain', { exact: true }).waitFor();
      expect(await card.getByRole('link', { name: /GitHub/ }).getAttribute('href')).toBe(
        'https://github.com/orbit-swap',
      );
      const banner = card.locator('img').first();
      await banner.scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          banner.evaluate(
            (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
          ),
        )
        .toBe(true);
      expect(await banner.getAttribute('src')).toMatch(/^\/uploads\/projects\/.+\/banners\//);
      expect(await imageLoaded(page, `article[aria-labelledby] img[alt="${projectTitle} logo"]`)).toBe(true);

      // Owners archive and unarchive their own project.
      await card.getByRole('button', { name: `Archive ${projectTitle}` }).click();
      await card.getByText('Archived', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Archived', exact: true }).click();
      await page.getByRole('article', { name: projectTitle }).waitFor();
      await page.getByRole('button', { name: `Unarchive ${projectTitle}` }).click();
      await page.getByText(MSG.project.empty).waitFor();
      await page.getByRole('button', { name: 'All', exact: true }).click();
      await page.getByRole('article', { name: projectTitle }).getByText('Active', { exact: true }).waitFor();
    });
  });

  test('an approved startup on the application page sees its approved application and the next step', async ({
    app,
    admin,
    createUser,
    newPage,
  }) => {
    const name = `Orbit Approved ${uniqueTag()}`;
    const startup = await approvedStartup(app, admin, createUser, name);
    const page = await newPage({ as: startup });
    await page.goto('/application/project-application');
    await page.getByText('Your startup is approved. There is nothing more to apply for here.').waitFor();
    await page.getByText(name).first().waitFor();
    await expect(page.getByRole('button', { name: /submit/i })).toHaveCount(0);
    await page.getByRole('link', { name: 'Create a project' }).click();
    await page.waitForURL((u) => u.pathname === '/projects');
  });

  test('Create Project keeps what was typed (and the images) when closed, over the application, until it is sent', async ({
    app,
    admin,
    createUser,
    newPage,
    files,
  }) => {
    const applied = `Orbit Kept ${uniqueTag()}`;
    const projectTitle = `Orbit Kept DEX ${uniqueTag()}`;
    const body = projectApplicationBody(applied);
    const page = await newPage({ as: await approvedStartup(app, admin, createUser, applied) });
    await page.goto('/projects');
    const create = page.getByRole('button', { name: 'Create Project', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Create Project' });
    await create.click();
    await expect(dialog.getByLabel('Title')).toHaveValue(applied);
    await dialog.getByLabel('Title').fill(projectTitle);
    await dialog.getByLabel('Description').fill('Kept while the dialog is closed.');
    await dialog.getByLabel('Official X Account').fill('@orbitkept');
    await dialog.getByRole('textbox', { name: 'Tags' }).fill('DeFi, DEX');
    await dialog.getByLabel(/^Banner Image/).setInputFiles(files.banner);
    await dialog.getByLabel(/^Logo Image/).setInputFiles(files.logo);
    await dialog.getByRole('img', { name: 'Logo Image preview' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Reopened: everything typed and picked is back, the edited title over the application's,
    // the untouched fields still from the application; and the form says it is a draft.
    await create.click();
    await expect(dialog.getByTestId('draft-notice')).toContainText(MSG.draft.restored);
    await expect(dialog.getByLabel('Title')).toHaveValue(projectTitle);
    await expect(dialog.getByLabel('Website URL')).toHaveValue(body.website);
    await expect(dialog.getByLabel('Description')).toHaveValue('Kept while the dialog is closed.');
    await expect(dialog.getByLabel('Official X Account')).toHaveValue('@orbitkept');
    await expect(dialog.getByRole('textbox', { name: 'Tags' })).toHaveValue('DeFi, DEX');
    await dialog.getByRole('img', { name: 'Banner Image preview' }).waitFor();
    await dialog.getByRole('img', { name: 'Logo Image preview' }).waitFor();

    // Discard draft: back to what the application said, no images.
    await dialog.getByRole('button', { name: MSG.draft.discard }).click();
    await expect(dialog.getByLabel('Title')).toHaveValue(applied);
    await expect(dialog.getByLabel('Description')).toHaveValue('');
    await expect(dialog.getByRole('img', { name: 'Logo Image preview' })).toHaveCount(0);
    await expect(dialog.getByTestId('draft-notice')).toHaveCount(0);

    // Typed again and sent: the next opening is an empty form.
    await dialog.getByLabel('Title').fill(projectTitle);
    await dialog.getByLabel('Description').fill('Sent this time.');
    await dialog.getByLabel('Official X Account').fill('@orbitkept');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('article', { name: projectTitle }).waitFor();
    await create.click();
    await expect(dialog.getByLabel('Description')).toHaveValue('');
    await expect(dialog.getByRole('textbox', { name: 'Tags' })).toHaveValue('');
    await expect(dialog.getByLabel('Title')).not.toHaveValue(projectTitle);
    await expect(dialog.getByTestId('draft-notice')).toHaveCount(0);
  });

  test('the application form keeps what was typed through a link away and Back, and a reload', async ({
    createUser,
    newPage,
  }) => {
    const name = `Orbit Draft ${uniqueTag()}`;
    const page = await newPage({ as: await createUser({ role: 'startup' }) });
    await page.goto('/application/project-application');
    await page.getByLabel('Project name').fill(name);
    await page.getByLabel('Genre').selectOption('DeFi');
    await page.getByLabel('Team member 2').fill('https://github.com/bob');
    await page.getByLabel('What do you want to achieve?').fill('Deep liquidity.');

    await page.getByRole('link', { name: 'Sysfi Labs home' }).click();
    await page.waitForURL((u) => u.pathname !== '/application/project-application');
    // The route changes once the next page's code is in: the form must be gone before Back.
    await expect(page.getByLabel('Project name')).toHaveCount(0);
    await page.goBack();
    await expect(page.getByLabel('Project name')).toHaveValue(name);
    await expect(page.getByLabel('Genre')).toHaveValue('DeFi');
    await expect(page.getByLabel('Team member 2')).toHaveValue('https://github.com/bob');
    await expect(page.getByLabel('What do you want to achieve?')).toHaveValue('Deep liquidity.');
    await expect(page.getByTestId('draft-notice')).toContainText(MSG.draft.restored);
    await page.reload();
    await expect(page.getByLabel('Project name')).toHaveValue(name);

    // Discarded: empty, and it stays so.
    await page.getByRole('button', { name: MSG.draft.discard }).click();
    await expect(page.getByLabel('Project name')).toHaveValue('');
    await expect(page.getByLabel('Team member 2')).toHaveValue('');
    await page.reload();
    await page.getByLabel('Project name').waitFor();
    await expect(page.getByLabel('Project name')).toHaveValue('');
    await expect(page.getByTestId('draft-notice')).toHaveCount(0);
  });

  test('the Create Project pickers say what size to make each image, and refuse a text file named fake.png beside its picker when picked (first-time-user review)', async ({
    app,
    admin,
    createUser,
    newPage,
    files,
  }) => {
    const startup = await approvedStartup(app, admin, createUser, `Orbit Pick ${uniqueTag()}`);
    const page = await newPage({ as: startup, viewport: MOBILE });
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && pathOf(r.url()) === '/api/projects') posted++;
    });
    await page.goto('/projects');
    await page
      .getByRole('button', { name: /^Create/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Create Project' });
    const banner = dialog.getByLabel(/^Banner Image/);
    const logo = dialog.getByLabel(/^Logo Image/);
    // The size to make each, from how the card shows it.
    const { banner: b, logo: l } = PROJECT_IMAGE_SIZE;
    await expect(banner).toHaveAccessibleDescription(new RegExp(`${b.width} × ${b.height} px \\(2:1\\)`));
    await expect(logo).toHaveAccessibleDescription(new RegExp(`${l.width} × ${l.height} px \\(square\\)`));
    await expect(dialog.getByText(MSG.project.imageSizeHint(b))).toBeVisible();

    // A text file named fake.png (the browser calls it image/png) is refused at once, under the banner's picker.
    await banner.setInputFiles(files.fakePng);
    const error = dialog.getByRole('alert').filter({ hasText: MSG.project.imageInvalid });
    await expect(error).toBeVisible();
    await expect(banner).toHaveAttribute('aria-invalid', 'true');
    await expect(banner).toHaveAccessibleDescription(
      new RegExp(MSG.project.imageInvalid.replace(/\./g, '\\.')),
    );
    await expect(logo).not.toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('img', { name: 'Banner Image preview' })).toHaveCount(0);
    // Beside that picker: between the banner's drop zone and the logo's.
    const [zone, err, logoBox] = [
      (await banner.boundingBox())!,
      (await error.boundingBox())!,
      (await logo.boundingBox())!,
    ];
    expect(err.y).toBeGreaterThan(zone.y + zone.height);
    expect(err.y + err.height).toBeLessThan(logoBox.y);
    await error.scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'launchpad-create-fake-png-375', { fullPage: false });

    // A real image replaces the error with its preview.
    await banner.setInputFiles(files.banner);
    await dialog.getByRole('img', { name: 'Banner Image preview' }).waitFor();
    await expect(error).toHaveCount(0);
    expect(posted).toBe(0);
  });

  test('a builder never sees Create Project', async ({ app, admin, createUser, newPage }) => {
    const projectTitle = `Orbit Swap DEX ${uniqueTag()}`;
    const startup = await approvedStartup(app, admin, createUser, `Orbit Swap ${uniqueTag()}`);
    await createProjectApi(
      app,
      startup,
      {
        title: projectTitle,
        description: 'A cross-chain DEX with deep liquidity and fair launches.',
        website: 'https://orbitswap.example',
        xAccount: '@orbitswap',
      },
      {},
    );
    const page = await newPage({ as: await createUser() });
    await page.goto('/projects');
    await page.getByRole('article', { name: projectTitle }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: /create/i }).count()).toBe(0);
    expect(await page.getByText('Create Project').count()).toBe(0);
    // No owner actions on someone else's project.
    expect(await page.getByRole('button', { name: /^(Archive|Unarchive) / }).count()).toBe(0);
    // And the application hub is not theirs.
    await page.goto('/application');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    expect(pathOf(page.url())).toBe('/dashboard');
  });

  test.describe(() => {
    // Pictures of this test's own data only.
    test.use({ freshWorld: true });

    test('screenshots of the launchpad screens at 1280×800 and 375×812', async ({
      app,
      admin,
      createUser,
      newPage,
      files,
    }) => {
      test.setTimeout(240_000);
      // Data worth looking at: an approved startup's projects and two pending applications.
      const startup = await approvedStartup(app, admin, createUser, `Orbit Swap ${uniqueTag()}`);
      await createProjectApi(
        app,
        startup,
        {
          title: `Orbit Swap DEX ${uniqueTag()}`,
          description: 'A cross-chain DEX with deep liquidity and fair launches.',
          website: 'https://orbitswap.example',
          githubUrl: 'https://github.com/orbit-swap',
          xAccount: '@orbitswap',
          tags: 'DeFi, DEX, Cross-chain',
        },
        { banner: files.banner, logo: files.logo },
      );
      await createProjectApi(
        app,
        startup,
        {
          title: 'Lumen Vaults',
          description:
            'Non-custodial yield vaults with transparent strategies, audited contracts and a community treasury that funds new builders every quarter.',
          website: 'https://lumen.example',
          xAccount: '@lumenvaults',
          tags: 'DeFi, Yield, Vaults, Audited',
        },
        { banner: files.logo },
      );
      await createProjectApi(
        app,
        startup,
        {
          title: 'Pixel Guild',
          description: 'On-chain guilds for game studios.',
          website: 'https://pixel.example',
          xAccount: '@pixelguild',
          githubUrl: 'https://github.com/pixel-guild',
          tags: 'GameFi, NFT',
        },
        {},
      );
      const waiting = await createUser({ role: 'startup' });
      const fresh = await createUser({ role: 'startup' });
      await applyApi(app, waiting, 'Aurora Bridge');
      const another = await createUser({ role: 'startup' });
      await applyApi(app, another, 'Helix Data DAO');
      const turnedDown = await createUser({ role: 'startup' });
      await decideApi(
        app,
        admin,
        await applyApi(app, turnedDown, 'Comet Lend'),
        'reject',
        'The whitepaper link is broken; please add the audit report too.',
      );
      const projectRole = await createUser({ role: 'project' });

      const errors: string[] = [];
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['mobile', MOBILE],
      ] as const) {
        const shots: { user: TestUser; path: string; name: string; ready: (p: Page) => Promise<unknown> }[] =
          [
            {
              user: waiting,
              path: '/application',
              name: 'application-startup',
              ready: (p) => p.getByText('Pending review').first().waitFor(),
            },
            {
              user: turnedDown,
              path: '/application',
              name: 'application-rejected',
              ready: (p) => p.getByText(/You can reapply after/).waitFor(),
            },
            {
              user: projectRole,
              path: '/application',
              name: 'application-project-role',
              ready: (p) => p.getByText(MSG.projectApplication.startupOnly).waitFor(),
            },
            {
              user: admin,
              path: '/application',
              name: 'application-admin',
              ready: (p) => p.getByText(/\d+ pending/).waitFor(),
            },
            {
              user: fresh,
              path: '/application/project-application',
              name: 'application-form',
              ready: (p) => p.getByRole('button', { name: 'Submit application' }).waitFor(),
            },
            {
              user: admin,
              path: '/admin/project-approvals',
              name: 'admin-project-approvals',
              ready: (p) => p.getByRole('article').first().waitFor(),
            },
            {
              user: startup,
              path: '/projects',
              name: 'projects',
              ready: (p) => p.getByRole('article', { name: 'Pixel Guild' }).waitFor(),
            },
          ];
        for (const s of shots) {
          const page = await newPage({ viewport, as: s.user });
          page.on('pageerror', (err) => errors.push(`${s.path}: ${err.message}`));
          await page.goto(s.path);
          await s.ready(page);
          await page.waitForLoadState('networkidle');
          // Lazy images below the fold load once scrolled to; full-page shots should show them.
          await imagesLoaded(page);
          await animationsDone(page);
          // No horizontal overflow, on any screen size.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            viewport.width,
          );
          await screenshot(page, `launchpad-${s.name}-${size}`);
          if (s.name === 'projects') {
            await page.getByRole('button', { name: 'Create Project', exact: true }).click();
            const dialog = page.getByRole('dialog', { name: 'Create Project' });
            await dialog.getByLabel('Tags').fill('DeFi, DEX, Cross-chain');
            await dialog.getByLabel(/^Banner Image/).setInputFiles(files.banner);
            await dialog.getByLabel(/^Logo Image/).setInputFiles(files.logo);
            await dialog.getByRole('img', { name: 'Logo Image preview' }).waitFor();
            await animationsDone(page);
            // The modal is fixed to the viewport: a viewport-sized picture shows it as people see it.
            await page.screenshot({ path: path.join(SCREENSHOT_DIR, `launchpad-create-modal-${size}.png`) });
            if (size === 'desktop') {
              // A slow uplink: the progress bar shows while the images go up, then the modal closes.
              await dialog.getByLabel('Title').fill('Slow Upload Labs');
              await dialog.getByLabel('Description').fill('Proof that big uploads show their progress.');
              await dialog.getByLabel('Website URL').fill('https://slow.example');
              await dialog.getByLabel('Official X Account').fill('@slowupload');
              const cdp = await page.context().newCDPSession(page);
              await cdp.send('Network.enable');
              await cdp.send('Network.emulateNetworkConditions', {
                offline: false,
                latency: 20,
                downloadThroughput: -1,
                uploadThroughput: 24 * 1024,
              });
              await dialog.getByRole('button', { name: 'Create', exact: true }).click();
              const bar = dialog.getByRole('progressbar', { name: 'Upload progress' });
              await bar.waitFor();
              await expect
                .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 })
                .toBeGreaterThan(0);
              await page.screenshot({
                path: path.join(SCREENSHOT_DIR, 'launchpad-create-uploading-desktop.png'),
              });
              await dialog.waitFor({ state: 'hidden', timeout: 90_000 });
              await cdp.send('Network.emulateNetworkConditions', {
                offline: false,
                latency: 0,
                downloadThroughput: -1,
                uploadThroughput: -1,
              });
              await page.getByRole('article', { name: 'Slow Upload Labs' }).waitFor();
            }
          }
          await page.context().close();
        }
      }
      expect(errors).toEqual([]);
    });
  });
});
