/**
 * Issue 5, end to end: a project user requests a bounty with two images through
 * the form; the admin, whose approvals page is already open, sees it arrive over
 * Server-Sent Events without reloading and approves it; a builder finds it on
 * /bounties, applies, and the button turns to 'Application Submitted'. Ends with
 * screenshots of every bounty screen at 1280×800 and 375×812. Each test makes
 * the users and requests it starts from through the API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { MSG } from '@/shared/messages';
import { apiFetch, type TestUser, uniqueTag } from './support/api';
import { DESKTOP, imagesLoaded, MOBILE, screenshot } from './support/browser';
import { test as base, expect } from './support/fixtures';
import type { AppServer } from './support/server';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn);
const newTitle = () => `Liquidity dashboard ${uniqueTag()}`;

/** A local date `days` from today (YYYY-MM-DD), as the date input takes it; in UTC for API requests. */
function dayFromNow(days: number, utc = false): string {
  const d = new Date(Date.now() + days * 86_400_000);
  if (utc) return d.toISOString().slice(0, 10);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function png(file: string, from: string, to: string, label: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="900" cy="240" r="220" fill="#ffffff" fill-opacity="0.12"/>
    <text x="50%" y="56%" text-anchor="middle" font-family="sans-serif" font-weight="700"
      font-size="150" fill="#ffffff" fill-opacity="0.92">${label}</text>
  </svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
}

/** A full-page screenshot taken from the top, so the fixed top bar sits where it belongs. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** What the viewport shows (dialogs are fixed to it). */
async function shotViewport(page: Page, name: string) {
  await screenshot(page, name, { fullPage: false });
}

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

/** A bounty request through the API (multipart, as the form sends it). */
async function requestApi(
  app: AppServer,
  user: TestUser,
  fields: Record<string, string>,
  criteria: string[],
  images: string[] = [],
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('criteria', JSON.stringify(criteria));
  form.set('timeZone', 'UTC');
  for (const file of images) {
    const bytes = await sharp(file).png().toBuffer();
    form.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), path.basename(file));
  }
  const res = await apiFetch(app, user, '/api/bounty-applications', { method: 'POST', body: form });
  const body = (await res.json()) as { application: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.application.id;
}

async function review(
  app: AppServer,
  admin: TestUser,
  id: string,
  action: 'approve' | 'reject',
  message?: string,
) {
  const res = await apiFetch(app, admin, `/api/admin/bounty-applications/${id}/${action}`, {
    method: 'POST',
    body: JSON.stringify(message ? { message } : {}),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as { application: { bountyId?: string } };
}

/** The request the form in the second test sends: ten days, 750 USDC, three criteria, both images. */
function liquidityRequest(app: AppServer, user: TestUser, title: string, files: Files) {
  return requestApi(
    app,
    user,
    {
      title,
      description: 'Build a public dashboard of TVL, volume and APY per pool.\n\nOpen source.',
      reward: '750 USDC',
      deadline: dayFromNow(10, true),
      contactInfo: '@liquidity on Telegram',
      resourceLink: 'https://example.com/brief',
    },
    ['Impact', 'User Experience', 'Creativity'],
    [files.one, files.two],
  );
}

type Files = { one: string; two: string };

/** `files`: two mock-up PNGs to upload, made for each test. */
const test = base.extend<{ files: Files }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
  files: async ({}, use) => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'sysfi-bounties-'));
    const files = { one: path.join(tmp, 'mockup-one.png'), two: path.join(tmp, 'mockup-two.png') };
    await png(files.one, '#7c3aed', '#06b6d4', 'TVL');
    await png(files.two, '#0ea5e9', '#22c55e', 'APY');
    await use(files);
    rmSync(tmp, { recursive: true, force: true });
  },
});

/** The admin's approvals page, open and live, with a marker that a reload would wipe. */
async function liveApprovals(page: Page) {
  await page.goto('/admin/bounty-approvals');
  await page.getByRole('heading', { name: MSG.projectApplication.bountyTitle, level: 1 }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
}

/** Sets a marker: if the page reloaded, it would be gone. */
async function setStayMarker(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __stay: boolean }).__stay = true;
  });
}

test.describe('bounties', () => {
  test.describe(() => {
    // 'No bounty requests yet' is about everyone's requests: an empty world of its own.
    test.use({ freshWorld: true });

    test('the admin opens the approvals page and it goes live', async ({ admin, newPage }) => {
      const adminPage = await newPage({ as: admin });
      await liveApprovals(adminPage);
      await adminPage.getByText('No bounty requests yet').waitFor();
    });

    test('the admin’s chips: each status is its own list, with the counts of all requests', async ({
      app,
      admin,
      createUser,
      newPage,
      files,
    }) => {
      const [waiting, live] = [newTitle(), newTitle()];
      await liquidityRequest(app, await createUser({ role: 'project' }), waiting, files);
      await review(
        app,
        admin,
        await liquidityRequest(app, await createUser({ role: 'project' }), live, files),
        'approve',
      );
      const adminPage = await newPage({ as: admin });
      await liveApprovals(adminPage);
      const chips = adminPage.getByRole('group', { name: 'Show requests' });
      const chip = (label: string) => chips.getByRole('button', { name: new RegExp(`^${label}`) });
      await poll(() => chip('All').textContent()).toBe('All2');
      expect(await chip('Pending').textContent()).toBe('Pending1');
      expect(await chip('Approved').textContent()).toBe('Approved1');
      expect(await chip('Rejected').textContent()).toBe('Rejected0');

      await chip('Approved').click();
      await adminPage.getByRole('article', { name: live }).waitFor();
      await poll(() => adminPage.getByRole('article', { name: waiting }).count()).toBe(0);
      await chip('Pending').click();
      await adminPage.getByRole('article', { name: waiting }).waitFor();
      await poll(() => adminPage.getByRole('article', { name: live }).count()).toBe(0);
      // Approving from the Pending chip moves the request, and every count with it.
      const card = adminPage.getByRole('article', { name: waiting });
      await card.getByRole('button', { name: 'Approve' }).click();
      await adminPage.getByRole('dialog').getByRole('button', { name: 'Approve request' }).click();
      await poll(() => chip('Approved').textContent()).toBe('Approved2');
      expect(await chip('Pending').textContent()).toBe('Pending0');
      await adminPage.getByText('No pending requests').waitFor();
      await chip('Rejected').click();
      await adminPage.getByText('No rejected requests').waitFor();
    });
  });

  test('a project user requests a bounty with two images through the form', async ({
    createUser,
    newPage,
    files,
  }) => {
    const title = newTitle();
    const page = await newPage({ as: await createUser({ role: 'project' }) });
    await page.goto('/application/bounty-application');
    await page.getByRole('heading', { name: 'New bounty request' }).waitFor();

    // Empty: the spec's first message.
    await page.getByRole('button', { name: 'Submit request' }).click();
    await page.getByRole('alert').filter({ hasText: MSG.bounty.required }).waitFor();

    await page.getByLabel('Title').fill(title);
    await page
      .getByLabel('Description')
      .fill('Build a public dashboard of TVL, volume and APY per pool.\n\nOpen source.');
    await poll(() => page.getByText('13/3,000 words').count()).toBe(1);
    await page.getByLabel('Reward').fill('750 USDC');
    await page.getByLabel('Deadline').fill(dayFromNow(10));
    await page.getByLabel('Contact').fill('@liquidity on Telegram');
    await page.getByLabel(/^Resource link/).fill('ftp://example.com/brief');

    // One criterion is not enough.
    await page.getByRole('button', { name: 'Impact' }).click();
    await page.getByRole('button', { name: 'Submit request' }).click();
    await page.getByRole('alert').filter({ hasText: MSG.bounty.criteria }).waitFor();
    await page.getByRole('button', { name: 'User Experience' }).click();
    await page.getByRole('button', { name: 'Creativity' }).click();
    await page.getByText('3 selected').waitFor();

    // An http(s) resource link only.
    await page.getByRole('button', { name: 'Submit request' }).click();
    await page.getByRole('alert').filter({ hasText: MSG.bounty.resourceLink }).waitFor();
    await page.getByLabel(/^Resource link/).fill('https://example.com/brief');

    await page.getByLabel(/^Images/).setInputFiles([files.one, files.two]);
    await page.getByRole('img', { name: 'Preview of mockup-one.png' }).waitFor();
    await page.getByRole('img', { name: 'Preview of mockup-two.png' }).waitFor();
    await page.getByText('2/5').waitFor();

    await page.getByRole('button', { name: 'Submit request' }).click();
    // The 24 h lock now holds: the form is hidden and the page says when it opens.
    await page.getByRole('heading', { name: /The form opens again on/ }).waitFor();
    await page.getByText(MSG.bounty.cooldown).waitFor();
    expect(await page.getByRole('button', { name: 'Submit request' }).count()).toBe(0);
    const mine = page.getByRole('region', { name: 'Your requests' });
    await mine.getByText(title).waitFor();
    await mine.getByText('Pending review').waitFor();
    // What happened stays said above the lock after the toast is gone, and focus moves there (issue 20).
    const sent = page.locator('#bounty-request-sent');
    await expect(sent).toContainText(MSG.bounty.sentFor(title));
    await expect(sent).toBeFocused();
  });

  test('the request form keeps what was typed and the images through a link away and Back, until it is sent', async ({
    createUser,
    newPage,
    files,
  }) => {
    const title = newTitle();
    const page = await newPage({ as: await createUser({ role: 'project' }) });
    await page.goto('/application/bounty-application');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Build a public dashboard of TVL per pool.');
    await page.getByLabel('Reward').fill('750 USDC');
    await page.getByLabel('Deadline').fill(dayFromNow(10));
    await page.getByLabel('Contact').fill('@liquidity on Telegram');
    for (const c of ['Impact', 'User Experience', 'Creativity'])
      await page.getByRole('button', { name: c }).click();
    await page.getByLabel(/^Images/).setInputFiles([files.one]);
    await page.getByRole('img', { name: 'Preview of mockup-one.png' }).waitFor();

    await page.getByRole('link', { name: 'Sysfi Labs home' }).click();
    await page.waitForURL((u) => u.pathname !== '/application/bounty-application');
    // The route changes once the next page's code is in: the form must be gone before Back.
    await expect(page.getByRole('heading', { name: 'New bounty request' })).toHaveCount(0);
    await page.goBack();
    await expect(page.getByTestId('draft-notice')).toContainText(MSG.draft.restored);
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByLabel('Description')).toHaveValue('Build a public dashboard of TVL per pool.');
    await expect(page.getByLabel('Reward')).toHaveValue('750 USDC');
    await expect(page.getByLabel('Deadline')).toHaveValue(dayFromNow(10));
    await page.getByText('3 selected').waitFor();
    await page.getByRole('img', { name: 'Preview of mockup-one.png' }).waitFor();

    // Sent: the draft is gone with it (the form is locked for a day; nothing is left in the tab).
    await page.getByRole('button', { name: 'Submit request' }).click();
    await page.getByRole('heading', { name: /The form opens again on/ }).waitFor();
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('sysfi.draft.'))),
    ).toEqual([]);
  });

  test('the form: an image-size message goes with the file, and the title stops at its limit', async ({
    createUser,
    newPage,
    files,
  }) => {
    const page = await newPage({ as: await createUser({ role: 'project' }) });
    await page.goto('/application/bounty-application');
    await page.getByRole('heading', { name: 'New bounty request' }).waitFor();

    // The title takes 100 characters and says so live (it used to take 215 and refuse on submit).
    await page.getByLabel('Title').fill('x'.repeat(215));
    await expect(page.getByLabel('Title')).toHaveValue('x'.repeat(100));
    await page.getByText('100/100').waitFor();
    await page.getByText('You have reached the 100-character limit.').waitFor();

    // A file of 5 MB or more is refused with the spec's message, under the images.
    const big = { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) };
    await page.getByLabel(/^Images/).setInputFiles([files.one]);
    await page.getByRole('img', { name: 'Preview of mockup-one.png' }).waitFor();
    await page.getByLabel(/^Images/).setInputFiles([big]);
    const sizeError = page.getByText(MSG.bounty.imageSize);
    await sizeError.waitFor();
    // Removing an image clears it: it was about a file that is not in the list.
    await page.getByRole('button', { name: 'Remove mockup-one.png' }).click();
    await expect(sizeError).toHaveCount(0);

    // Picked again, then the form is sent with other fields missing: only that problem is shown.
    await page.getByLabel(/^Images/).setInputFiles([big]);
    await sizeError.waitFor();
    await page.getByLabel('Title').fill('');
    await page.getByRole('button', { name: 'Submit request' }).click();
    await page.getByRole('alert').filter({ hasText: MSG.bounty.required }).waitFor();
    await expect(sizeError).toHaveCount(0);
  });

  test('the open approvals page shows it without reloading, with images and criteria, and the admin approves', async ({
    app,
    admin,
    createUser,
    newPage,
    files,
  }) => {
    const title = newTitle();
    const adminPage = await newPage({ as: admin });
    await liveApprovals(adminPage);
    await setStayMarker(adminPage);
    // A project user sends the request while the page is open.
    await liquidityRequest(app, await createUser({ role: 'project' }), title, files);

    const card = adminPage.getByRole('article', { name: title });
    await card.waitFor();
    expect(await adminPage.evaluate(() => (window as unknown as { __stay?: boolean }).__stay)).toBe(true);
    await card.getByText('750 USDC').waitFor();
    // A compact row (issue 20): the details open from the title, the actions are already there.
    expect(await card.getByRole('listitem').filter({ hasText: 'Impact' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Approve' }).waitFor();
    await card.getByRole('button', { name: title, expanded: false }).click();
    expect(await card.getByRole('listitem').filter({ hasText: 'Impact' }).count()).toBe(1);
    const thumbs = card.getByRole('img', { name: new RegExp(`${title}, attachment`) });
    await poll(() => thumbs.count()).toBe(2);
    await thumbs.nth(1).scrollIntoViewIfNeeded();
    for (const i of [0, 1]) {
      await poll(() =>
        thumbs
          .nth(i)
          .evaluate(
            (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
      ).toBe(true);
    }
    // Pending: Approve and Reject, no Reset.
    expect(await card.getByRole('button', { name: 'Reset' }).count()).toBe(0);

    await card.getByRole('button', { name: 'Approve' }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByLabel(/^Message to the requester/).fill('Great brief, thanks!');
    await dialog.getByRole('button', { name: 'Approve request' }).click();
    await card.getByText('Approved', { exact: true }).waitFor();
    await card.getByText(/Live on the board/).waitFor();
    // Approved: Reject and Reset, no Approve.
    expect(await card.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Reset' }).waitFor();
    await card.getByRole('button', { name: 'Reject' }).waitFor();
  });

  test('on a phone a card shows its whole reward, and Read more its whole brief', async ({
    app,
    admin,
    createUser,
    newPage,
  }) => {
    const title = newTitle();
    const requester = await createUser({ role: 'project' });
    const last = `The last paragraph ${uniqueTag()} says where to send the work.`;
    const brief = `${'Build a public dashboard of TVL, volume and APY for every pool we run. '.repeat(4)}\n\n${last}`;
    const id = await requestApi(
      app,
      requester,
      {
        title,
        description: brief,
        reward: '2,500 USDC + 300 SYS',
        deadline: dayFromNow(20, true),
        contactInfo: '@lq',
      },
      ['Impact', 'Creativity'],
    );
    await review(app, admin, id, 'approve');
    const page = await newPage({ viewport: MOBILE, as: await createUser() });
    await page.goto('/bounties');
    const card = page.getByRole('article', { name: title });
    await card.waitFor();
    // The reward wraps rather than being cut ("2,500 US…") by the countdown beside it.
    const reward = card.getByTestId('bounty-reward');
    await reward.getByText('2,500 USDC + 300 SYS').waitFor();
    // (A flex item, so its box is a block's: nothing cut if all of its text fits its width.)
    const amount = reward.getByText('2,500 USDC + 300 SYS');
    expect(await amount.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await page.evaluate(widerThanViewport)).toBeLessThanOrEqual(0);
    // Three lines of the brief, then the rest one click away, in place.
    const about = card.locator(`#${await card.getAttribute('aria-labelledby')}-about`);
    const clipped = () => about.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
    expect(await clipped()).toBe(true);
    const more = card.getByRole('button', { name: 'Read more' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    await card.getByRole('button', { name: 'Show less' }).waitFor();
    expect(await clipped()).toBe(false);
    await expect(about).toContainText(last);
    await card.getByRole('button', { name: 'Show less' }).click();
    await more.waitFor();
    expect(await clipped()).toBe(true);
    // A brief that fits gets no button.
    const shortTitle = newTitle();
    const other = await createUser({ role: 'project' });
    const shortId = await requestApi(
      app,
      other,
      {
        title: shortTitle,
        description: 'One line.',
        reward: '5 USDC',
        deadline: dayFromNow(20, true),
        contactInfo: '@s',
      },
      ['Impact', 'Creativity'],
    );
    await review(app, admin, shortId, 'approve');
    await page.reload();
    const shortCard = page.getByRole('article', { name: shortTitle });
    await shortCard.getByText('One line.').waitFor();
    expect(await shortCard.getByRole('button', { name: 'Read more' }).count()).toBe(0);
  });

  test.describe(() => {
    // The Expired chip lists everyone's expired bounties: an empty world of its own.
    test.use({ freshWorld: true });

    test('a builder sees it on the board, applies, and the button turns to Application Submitted', async ({
      app,
      admin,
      createUser,
      newPage,
      files,
    }) => {
      const title = newTitle();
      const requester = await createUser({ role: 'project' });
      await review(app, admin, await liquidityRequest(app, requester, title, files), 'approve');
      const builder = await createUser();
      const page = await newPage({ as: builder });
      await page.goto('/bounties');
      const card = page.getByRole('article', { name: title });
      await card.waitFor();
      await card.getByText('750 USDC').waitFor();
      await card.getByText(/^(9|10) days remaining$/).waitFor();
      // The reward is the card's headline, and the primary button its only full-colour element.
      const size = (l: typeof card) => l.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
      expect(await size(card.getByTestId('bounty-reward'))).toBeGreaterThan(
        await size(card.getByRole('heading', { name: title })),
      );
      const coloured = await card.evaluate((el) =>
        [el, ...el.querySelectorAll('*')]
          .filter((e) => getComputedStyle(e).backgroundImage.includes('gradient'))
          .map((e) => e.textContent?.trim()),
      );
      expect(coloured).toEqual([MSG.bounty.applyNow]);
      expect(await card.locator('[data-tone]').getAttribute('data-tone')).toBe('green');

      await card.getByRole('button', { name: MSG.bounty.applyNow }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Send application' }).click();
      await dialog.getByText(MSG.bounty.pitchRequired).waitFor();
      await dialog
        .getByLabel('What will you do?')
        .fill('A Next.js dashboard with charts per pool, shipped in a week.');
      await dialog.getByLabel(/^Link/).fill('https://github.com/builder/dashboard-draft');
      await dialog.getByRole('button', { name: 'Send application' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const submitted = card.getByRole('button', { name: MSG.bounty.applicationSubmitted });
      await submitted.waitFor();
      expect(await submitted.isDisabled()).toBe(true);
      expect(await card.getByRole('button', { name: MSG.bounty.applyNow }).count()).toBe(0);

      // The server remembers it: after a reload, and under the Applied chip.
      await page.reload();
      await page
        .getByRole('article', { name: title })
        .getByRole('button', { name: MSG.bounty.applicationSubmitted })
        .waitFor();
      await page.getByRole('button', { name: 'Applied', exact: true }).click();
      await page.getByRole('article', { name: title }).waitFor();
      await page.getByRole('button', { name: 'Expired', exact: true }).click();
      await page.getByText(MSG.bounty.none).waitFor();
      await page.getByText(MSG.bounty.checkLater).waitFor();
      await page.getByRole('button', { name: 'All', exact: true }).click();

      // 'Filter Bounties' opens real filters: a reward search that matches nothing, then one that does.
      await page.getByRole('button', { name: new RegExp(MSG.bounty.filter) }).click();
      await page.getByLabel('Search reward or title').fill('zzz-nothing');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.getByText(MSG.bounty.none).waitFor();
      await page.getByRole('button', { name: /zzz-nothing/ }).click(); // removes that filter
      await page.getByRole('article', { name: title }).waitFor();
      await page.getByRole('button', { name: new RegExp(MSG.bounty.filter) }).click();
      await page.getByLabel('Search reward or title').fill('usdc');
      await page.getByLabel('Deadline to').fill(dayFromNow(30));
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.getByRole('article', { name: title }).waitFor();

      // The requester and the admin see who applied.
      const bounties = (await (await apiFetch(app, requester, '/api/bounties')).json()) as {
        bounties: { id: string; title: string }[];
      };
      const id = bounties.bounties.find((b) => b.title === title)!.id;
      const applicants = (await (
        await apiFetch(app, requester, `/api/bounties/${id}/applicants`)
      ).json()) as {
        applicants: { displayName: string }[];
      };
      expect(applicants.applicants.map((a) => a.displayName)).toEqual([builder.displayName]);
    });

    test('an application typed for a bounty comes back when its dialog is reopened, for that bounty only', async ({
      app,
      admin,
      createUser,
      newPage,
      files,
    }) => {
      const [first, second] = [newTitle(), newTitle()];
      const requester = await createUser({ role: 'project' });
      for (const t of [first, second])
        await review(app, admin, await liquidityRequest(app, requester, t, files), 'approve');
      const page = await newPage({ as: await createUser() });
      await page.goto('/bounties');
      const applyTo = (t: string) =>
        page.getByRole('article', { name: t }).getByRole('button', { name: MSG.bounty.applyNow });
      const dialog = page.getByRole('dialog');
      const plan = 'A Next.js dashboard with charts per pool, shipped in a week.';

      await applyTo(first).click();
      await dialog.getByLabel('What will you do?').fill(plan);
      await dialog.getByLabel(/^Link/).fill('https://github.com/builder/draft');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // Another bounty: its own, empty form.
      await applyTo(second).click();
      await expect(dialog.getByLabel('What will you do?')).toHaveValue('');
      await expect(dialog.getByTestId('draft-notice')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // The first again: the plan is back, and says so.
      await applyTo(first).click();
      await expect(dialog.getByLabel('What will you do?')).toHaveValue(plan);
      await expect(dialog.getByLabel(/^Link/)).toHaveValue('https://github.com/builder/draft');
      await expect(dialog.getByTestId('draft-notice')).toContainText(MSG.draft.restored);
      await dialog.getByRole('button', { name: 'Send application' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page
        .getByRole('article', { name: first })
        .getByRole('button', { name: MSG.bounty.applicationSubmitted })
        .waitFor();
      // Sent: nothing of it is kept.
      expect(
        await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('sysfi.draft.'))),
      ).toEqual([]);
    });

    test('screenshots of the bounty screens at 1280×800 and 375×812', async ({
      app,
      admin,
      createUser,
      newPage,
      files,
    }) => {
      test.setTimeout(240_000);
      // An approved request a builder applied to, a pending one, a rejected one and a second
      // approved one, from different project users.
      const [p1, p2, p3, p4, fresh, builder] = await Promise.all([
        createUser({ role: 'project' }),
        createUser({ role: 'project' }),
        createUser({ role: 'startup' }),
        createUser({ role: 'project' }),
        createUser({ role: 'startup' }),
        createUser(),
      ]);
      const approved = await review(
        app,
        admin,
        await liquidityRequest(app, p1, newTitle(), files),
        'approve',
      );
      const apply = await apiFetch(app, builder, `/api/bounties/${approved.application.bountyId}/apply`, {
        method: 'POST',
        body: JSON.stringify({
          pitch: 'A Next.js dashboard with charts per pool, shipped in a week.',
          link: 'https://github.com/builder/dashboard-draft',
        }),
      });
      expect(apply.status, await apply.text()).toBe(201);
      await requestApi(
        app,
        p2,
        {
          title: 'Translate the docs into Spanish',
          description: 'All of /docs, reviewed by a native speaker. Keep the tone friendly and precise.',
          reward: '300 USDC',
          deadline: dayFromNow(2, true),
          contactInfo: 'docs@example.com',
        },
        ['Impact', 'Community Engagement'],
      );
      const rejected = await requestApi(
        app,
        p3,
        {
          title: 'Meme contest',
          description: 'The best meme about the launch wins.',
          reward: '50 SYS',
          deadline: dayFromNow(5, true),
          contactInfo: '@memes',
        },
        ['Creativity', 'Originality'],
      );
      await review(app, admin, rejected, 'reject', 'Please describe how entries will be judged.');
      const live = await requestApi(
        app,
        p4,
        {
          title: 'Security review of the staking contracts',
          description:
            'Review the staking and rewards contracts (about 900 lines of Solidity). Report findings by severity with a proof of concept for anything high or critical.',
          reward: '2,000 USDC',
          deadline: dayFromNow(0, true),
          contactInfo: 'security@example.com',
          resourceLink: 'https://github.com/example/staking',
        },
        ['Technical Difficulty', 'Impact', 'Feasibility', 'Scalability'],
        [files.two],
      );
      await review(app, admin, live, 'approve');

      const errors: string[] = [];
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['mobile', MOBILE],
      ] as const) {
        const shots: { user: TestUser; path: string; name: string; ready: (p: Page) => Promise<unknown> }[] =
          [
            {
              user: fresh,
              path: '/application/bounty-application',
              name: 'bounty-form',
              ready: (p) => p.getByRole('button', { name: 'Submit request' }).waitFor(),
            },
            {
              user: p2,
              path: '/application/bounty-application',
              name: 'bounty-form-locked',
              ready: (p) => p.getByText(MSG.bounty.cooldown).waitFor(),
            },
            {
              user: admin,
              path: '/admin/bounty-approvals',
              name: 'admin-bounty-approvals',
              ready: async (p) => {
                await p.getByRole('status').filter({ hasText: 'Live' }).waitFor();
                await p.getByRole('article').nth(3).waitFor();
              },
            },
            {
              user: builder,
              path: '/bounties',
              name: 'bounties',
              ready: (p) => p.getByRole('article').nth(1).waitFor(),
            },
          ];
        for (const s of shots) {
          const page = await newPage({ viewport, as: s.user });
          page.on('pageerror', (err) => errors.push(`${s.path}: ${err.message}`));
          await page.goto(s.path);
          await s.ready(page).catch(async (err) => {
            await shot(page, `failed-${s.name}-${size}`);
            throw err;
          });
          await imagesLoaded(page);
          const overflow = await page.evaluate(widerThanViewport);
          expect(overflow, `${s.path} overflows horizontally at ${viewport.width}px`).toBeLessThanOrEqual(0);
          await shot(page, `${s.name}-${size}`);
          if (s.name === 'admin-bounty-approvals') {
            // Someone applied to the first approved bounty: Reject and Reset cannot unpublish it, so
            // they are not offered; the card says why and how to take it down. The other keeps them.
            const held = page.getByRole('article').filter({ hasText: 'Stays live · 1 applicant' });
            await expect(held).toHaveCount(1);
            await held.getByRole('button', { expanded: false }).first().click();
            await expect(held.getByText(MSG.bounty.stayPublished)).toBeVisible();
            await expect(held.getByRole('button', { name: 'Reject' })).toHaveCount(0);
            await expect(held.getByRole('link', { name: 'Open the requester’s account' })).toBeVisible();
            await expect(
              page
                .getByRole('article')
                .filter({ hasText: 'Security review of the staking contracts' })
                .getByRole('button', { name: 'Reject' }),
            ).toBeVisible();
          }
          if (s.name === 'bounties') {
            await page.getByRole('button', { name: new RegExp(MSG.bounty.filter) }).click();
            await page.getByLabel('Search reward or title').fill('USDC');
            await shot(page, `bounties-filter-panel-${size}`);
            await page.getByRole('button', { name: 'Close' }).click();
            await page
              .getByRole('article', { name: 'Security review of the staking contracts' })
              .getByRole('button', { name: MSG.bounty.applyNow })
              .click();
            await page.getByRole('dialog').waitFor();
            await shotViewport(page, `bounties-apply-dialog-${size}`);
          }
          if (s.name === 'bounty-form') {
            await page.getByLabel('Title').fill('Community AMA recap videos');
            await page.getByLabel('Description').fill('Short recap videos of each AMA, with subtitles.');
            await page.getByRole('button', { name: 'Impact' }).click();
            await page.getByRole('button', { name: 'Creativity' }).click();
            await page.getByLabel(/^Images/).setInputFiles([files.one, files.two]);
            await page.getByRole('img', { name: 'Preview of mockup-two.png' }).waitFor();
            await shot(page, `bounty-form-filled-${size}`);
          }
          await page.context().close();
        }
      }
      expect(errors).toEqual([]);
    });
  });
});
