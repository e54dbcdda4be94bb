/**
 * Issue 4, end to end: a startup applies through the form, the admin approves it
 * on /admin/project-approvals (which lists only pending ones), the startup creates
 * a project with a logo and a banner and sees it on /projects; a builder never
 * sees 'Create Project'. Ends with screenshots of every launchpad screen.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../src/shared/messages';
import { applicationContacts, projectApplicationBody } from '../tests/support/payloads';
import { apiFetch, applySession, createVerifiedUser, getMe, type TestUser, uniqueTag } from './support/api';
import { DESKTOP, MOBILE, SCREENSHOT_DIR, screenshot, type Viewport } from './support/browser';
import { type Harness, pathOf, startHarness } from './support/harness';
import { ADMIN_EMAIL } from './support/server';

let h: Harness;
let tmp: string;
let startup: TestUser;
let admin: TestUser;
let builder: TestUser;
const files = { banner: '', logo: '', notAnImage: '' };
const tag = uniqueTag();
const projectName = `Orbit Swap ${tag}`;
const projectTitle = `Orbit Swap DEX ${tag}`;

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

async function applyApi(user: TestUser, name: string) {
  const res = await apiFetch(h.app, user, '/api/project-applications', {
    method: 'POST',
    body: JSON.stringify(projectApplicationBody(name, applicationContacts)),
  });
  const body = (await res.json()) as { application: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.application.id;
}

/** The user's status (pending | approved) as /api/me reports it. */
async function statusOf(user: TestUser): Promise<string> {
  const me = (await getMe(h.app, user)) as Awaited<ReturnType<typeof getMe>> & { status?: string };
  return me.status ?? '';
}

async function pendingNames(): Promise<string[]> {
  const res = await apiFetch(h.app, admin, '/api/admin/project-applications');
  expect(res.status).toBe(200);
  return ((await res.json()) as { applications: { name: string }[] }).applications.map((a) => a.name);
}

/** A project created through the API (multipart), for a fuller grid in the screenshots. */
async function createProjectApi(
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
  const res = await fetch(new URL('/api/projects', h.app.url), {
    method: 'POST',
    body: form,
    headers: {
      origin: h.app.url,
      cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function pageAs(user: TestUser, viewport: Viewport = DESKTOP): Promise<Page> {
  const page = await h.browser.newPage(viewport);
  await applySession(page, h.app, user);
  return page;
}

/** True once every image in the locator's scope has finished loading real pixels. */
async function imageLoaded(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((img) => {
    const i = img as HTMLImageElement;
    return i.complete && i.naturalWidth > 0;
  });
}

beforeAll(async () => {
  h = await startHarness();
  tmp = mkdtempSync(path.join(os.tmpdir(), 'sysfi-launchpad-'));
  files.banner = path.join(tmp, 'banner.png');
  files.logo = path.join(tmp, 'logo.png');
  files.notAnImage = path.join(tmp, 'notes.txt');
  await png(files.banner, 1200, 600, '#7c3aed', '#06b6d4', 'ORBIT');
  await png(files.logo, 256, 256, '#22d3ee', '#a78bfa', 'O');
  writeFileSync(files.notAnImage, 'just some text\n');
  [startup, admin, builder] = await Promise.all([
    createVerifiedUser(h.app, h.mail, { role: 'startup' }),
    createVerifiedUser(h.app, h.mail, { email: ADMIN_EMAIL, displayName: `Admin ${tag}` }),
    createVerifiedUser(h.app, h.mail),
  ]);
  expect((await getMe(h.app, admin)).isAdmin).toBe(true);
});

afterAll(async () => {
  await h?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('launchpad', () => {
  it('a startup applies through the form, then sees it pending and the form hidden', async () => {
    const page = await pageAs(startup);
    await page.goto('/application');
    await page.getByRole('link', { name: new RegExp(MSG.projectApplication.applyTitle) }).click();
    await page.waitForURL((u) => u.pathname === '/application/project-application');

    // Empty submit: the shared schema's messages, field by field.
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect.poll(() => page.getByText(MSG.projectApplication.required).count()).toBeGreaterThan(0);

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

    await page.getByLabel('Website').fill('https://orbitswap.example');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText(MSG.projectApplication.submitted).first().waitFor();
    await page.getByText('Pending review').first().waitFor();

    // Coming back: the form stays hidden while the application is pending, and says why.
    await page.reload();
    await page.getByText(MSG.projectApplication.cooldown).waitFor();
    expect(await page.getByRole('button', { name: 'Submit application' }).count()).toBe(0);

    // The hub shows the status card too.
    await page.goto('/application');
    await page.getByRole('heading', { name: new RegExp(`Your application: ${projectName}`) }).waitFor();
    await page.getByText('Pending review').first().waitFor();
  });

  it('the admin sees only pending applications and approves one on /admin/project-approvals', async () => {
    // Another startup's application, rejected through the API: it must not be listed.
    const other = await createVerifiedUser(h.app, h.mail, { role: 'startup' });
    const rejectedName = `Rejected ${tag}`;
    const rejectedId = await applyApi(other, rejectedName);
    const rej = await apiFetch(h.app, admin, `/api/admin/project-applications/${rejectedId}/reject`, {
      method: 'POST',
      body: JSON.stringify({ reason: 'Whitepaper missing' }),
    });
    expect(rej.status).toBe(200);

    const page = await pageAs(admin);
    await page.goto('/application');
    await page.getByRole('link', { name: new RegExp(MSG.projectApplication.approveTitle) }).click();
    await page.waitForURL((u) => u.pathname === '/admin/project-approvals');

    const card = page.getByRole('article', { name: projectName });
    await card.waitFor();
    expect(await page.getByRole('article', { name: rejectedName }).count()).toBe(0);
    expect(await page.getByRole('article').count()).toBe(1);
    // Links are rendered safely.
    const website = card.getByRole('link', { name: /orbitswap\.example/ }).first();
    expect(await website.getAttribute('rel')).toBe('noopener noreferrer');

    await card.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByRole('article', { name: projectName }).count()).toBe(0);
    await page.getByText('No pending applications').waitFor();
    await expect.poll(() => statusOf(startup)).toBe('approved');
    expect(await pendingNames()).toEqual([]);
  });

  it('the admin rejects with a reason; the startup sees it and when it may reapply', async () => {
    const s = await createVerifiedUser(h.app, h.mail, { role: 'startup' });
    const name = `Nebula ${tag}`;
    await applyApi(s, name);

    const page = await pageAs(admin);
    await page.goto('/admin/project-approvals');
    const card = page.getByRole('article', { name });
    await card.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Reason/).fill('Please add a public repository.');
    await dialog.getByRole('button', { name: 'Reject application' }).click();
    await expect.poll(() => page.getByRole('article', { name }).count()).toBe(0);
    await expect.poll(pendingNames).toEqual([]);

    const sp = await pageAs(s);
    await sp.goto('/application');
    await sp.getByText('Rejected', { exact: true }).first().waitFor();
    await sp.getByText('Please add a public repository.').waitFor();
    await sp.getByText(/You can reapply after/).waitFor();
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
  });

  it('the approved startup creates a project with a logo and a banner and sees it on /projects', async () => {
    const page = await pageAs(startup);
    await page.goto('/projects');
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    await page.getByText(MSG.project.empty).waitFor();

    const create = page.getByRole('button', { name: 'Create Project', exact: true });
    expect(await create.getAttribute('aria-disabled')).toBeNull();
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Create Project' });
    await dialog.waitFor();

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
        banner.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
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

  it('a builder never sees Create Project', async () => {
    const page = await pageAs(builder);
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

  it('screenshots of the launchpad screens at 1280×800 and 375×812', async () => {
    // Data worth looking at: more projects and two pending applications.
    await createProjectApi(
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
    const waiting = await createVerifiedUser(h.app, h.mail, { role: 'startup' });
    const fresh = await createVerifiedUser(h.app, h.mail, { role: 'startup' });
    await applyApi(waiting, 'Aurora Bridge');
    const another = await createVerifiedUser(h.app, h.mail, { role: 'startup' });
    await applyApi(another, 'Helix Data DAO');
    const turnedDown = await createVerifiedUser(h.app, h.mail, { role: 'startup' });
    const downId = await applyApi(turnedDown, 'Comet Lend');
    const down = await apiFetch(h.app, admin, `/api/admin/project-applications/${downId}/reject`, {
      method: 'POST',
      body: JSON.stringify({ reason: 'The whitepaper link is broken; please add the audit report too.' }),
    });
    expect(down.status).toBe(200);
    const projectRole = await createVerifiedUser(h.app, h.mail, { role: 'project' });

    const errors: string[] = [];
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const shots: { user: TestUser; path: string; name: string; ready: (p: Page) => Promise<unknown> }[] = [
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
        const page = await pageAs(s.user, viewport);
        page.on('pageerror', (err) => errors.push(`${s.path}: ${err.message}`));
        await page.goto(s.path);
        await s.ready(page);
        await page.waitForLoadState('networkidle');
        // Lazy images below the fold load once scrolled to; full-page shots should show them.
        await page.evaluate(async () => {
          for (const img of document.querySelectorAll('img')) img.loading = 'eager';
          await Promise.all(
            [...document.images].map((i) =>
              i.complete ? null : new Promise((r) => i.addEventListener('load', r)),
            ),
          );
        });
        await page.waitForTimeout(300);
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
          await page.waitForTimeout(300);
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
              .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
              .toBeGreaterThan(0);
            await page.screenshot({
              path: path.join(SCREENSHOT_DIR, 'launchpad-create-uploading-desktop.png'),
            });
            await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
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
