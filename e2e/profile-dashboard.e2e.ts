/**
 * Issue 3 in Chromium: the dashboard (one request, stats, empty activity, the
 * leaderboard with 'Your Current rank' once the user has XP), profile editing
 * with validation on both sides, the invite link copied to the clipboard, and
 * the profile photo upload.
 */
import sharp from 'sharp';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { profileUpdateSchema } from '@/shared/schemas/profile';
import { apiFetch, getMe, type TestUser } from './support/api';
import { DESKTOP, MOBILE, screenshot, TABLET } from './support/browser';
import { chunkOf, refuseChunks } from './support/chunks';
import { expect, test } from './support/fixtures';
import type { AppServer } from './support/server';

/** The schema's own message for a refused website, so the test never retypes it. */
function websiteMessage(value: string): string {
  const r = profileUpdateSchema.safeParse({ personalWebsite: value });
  if (r.success) throw new Error(`${value} unexpectedly passes the profile schema`);
  return r.error.issues[0]!.message;
}

/** A real image for the upload (the server checks the content and re-encodes it). */
function photoPng(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 96, channels: 3, background: '#a78bfa' } })
    .png()
    .toBuffer();
}

async function profileRecord(app: AppServer, user: TestUser) {
  const res = await apiFetch(app, user, '/api/me');
  return ((await res.json()) as { user: Record<string, unknown> }).user;
}

test.describe('dashboard', () => {
  test.describe(() => {
    // The top 50 is everyone's: in a world of its own the user is sure to reach it.
    test.use({ freshWorld: true });

    test('loads with one request: welcome, stats, empty activity, leaderboard; own rank once the user has XP', async ({
      createUser,
      newPage,
    }) => {
      const user = await createUser();
      const page = await newPage({ as: user });
      const apiCalls: string[] = [];
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.pathname.startsWith('/api/') && u.pathname !== '/api/session' && u.pathname !== '/api/config') {
          apiCalls.push(u.pathname);
        }
      });
      await page.goto('/dashboard');

      await page.getByRole('heading', { level: 1, name: new RegExp(user.displayName) }).waitFor();
      const stats = page.getByRole('region', { name: 'Your stats' });
      for (const label of ['My Projects', 'Bounties', 'Grants', 'Total Contributions']) {
        await stats.getByText(label, { exact: true }).waitFor();
      }
      await page.getByText(MSG.dashboard.emptyActivity).waitFor();
      const board = page.getByTestId('leaderboard');
      await board.getByRole('heading', { name: MSG.leaderboard.title }).waitFor();
      await board.getByText(MSG.leaderboard.lastUpdated).waitFor();
      // 0 XP: no 'Your Current rank' table.
      expect(await page.getByText(MSG.leaderboard.yourRank, { exact: true }).count()).toBe(0);

      const mint = page.getByRole('link', { name: new RegExp(MSG.dashboard.mintNft) });
      expect(await mint.getAttribute('target')).toBe('_blank');
      expect(await mint.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await mint.getAttribute('href')).toMatch(/^https?:\/\//);

      await page.waitForLoadState('networkidle');
      expect(apiCalls.filter((p) => p === '/api/dashboard')).toHaveLength(1);
      // The bell's event stream (issue 19) is a long-lived push channel, not a data load.
      expect(apiCalls.filter((p) => p !== '/api/dashboard' && p !== '/api/me/events')).toEqual([]);

      // A friend signs up with the invite link: +100 XP, so the user is ranked.
      await createUser({ ref: user.uid });
      await page.reload();
      const mine = page.getByTestId('your-rank');
      await mine.waitFor();
      await page.getByText(MSG.leaderboard.yourRank, { exact: true }).waitFor();
      expect(await mine.innerText()).toContain(String(LIMITS.referralRewardPoints));
      expect(await mine.innerText()).toContain(user.displayName);
      // And in the main table (the server recomputes the top 50 at most every few seconds).
      const mainTable = board.getByRole('table', { name: MSG.leaderboard.title });
      await expect
        .poll(
          async () => {
            if (await mainTable.getByText(user.displayName).count()) return true;
            await page.reload();
            await mine.waitFor();
            return (await mainTable.getByText(user.displayName).count()) > 0;
          },
          { timeout: 30_000, intervals: [2_000] },
        )
        .toBe(true);
      // The own rank is a row of the board's shape: the same columns, the same cells.
      const heads = (t: typeof mainTable) => t.locator('thead th').allInnerTexts();
      expect(await heads(board.getByRole('table').filter({ has: mine }))).toEqual(await heads(mainTable));
      await screenshot(page, 'dashboard-your-rank-1280');
    });
  });

  test('turns the leaderboard table into a list on a phone, without horizontal overflow', async ({
    createUser,
    newPage,
  }) => {
    const user = await createUser();
    await createUser({ ref: user.uid });
    const page = await newPage({ viewport: MOBILE, as: user });
    await page.goto('/dashboard');
    const board = page.getByTestId('leaderboard');
    const list = board.getByRole('list', { name: MSG.leaderboard.title });
    await expect
      .poll(
        async () => {
          if (await list.isVisible()) return true;
          await page.reload();
          await board.getByTestId('leaderboard-updated').waitFor();
          return list.isVisible();
        },
        { timeout: 30_000, intervals: [2_000] },
      )
      .toBe(true);
    expect(await board.getByRole('table', { name: MSG.leaderboard.title }).isVisible()).toBe(false);
    // The own rank stays a table (one row), within the phone's width with the list.
    await board.getByTestId('your-rank').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'dashboard-your-rank-375');
  });
});

test('a phone shows XP, rank and the next step above the fold; the promo folds to one line and stays folded', async ({
  createUser,
  newPage,
}) => {
  const user = await createUser();
  const page = await newPage({ viewport: MOBILE, as: user });
  await page.goto('/dashboard');
  const glance = page.getByRole('region', { name: 'At a glance' });
  await expect(glance.getByText(MSG.leaderboard.xpPoints)).toBeVisible();
  await expect(glance.getByText('Rank', { exact: true })).toBeVisible();
  await expect(glance.locator('dd').first()).toHaveText(/^\d/);
  // A new builder's next unticked step: the profile (the e-mail is verified).
  const next = glance.getByRole('link', { name: /Next step: Complete your profile/ });
  await expect(next).toBeVisible();
  const box = (await next.boundingBox())!;
  expect(box.y + box.height, 'the next step is above the fold').toBeLessThanOrEqual(MOBILE.height);

  const promo = page.getByTestId('promo');
  await promo.getByRole('button', { name: 'Fold the NFT reward banner' }).click();
  await expect(promo.getByRole('button', { name: 'Show' })).toHaveAttribute('aria-expanded', 'false');
  expect((await promo.boundingBox())!.height).toBeLessThan(60);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    'no sideways scroll',
  ).toBeLessThanOrEqual(MOBILE.width);
  await page.reload();
  const show = page.getByTestId('promo').getByRole('button', { name: 'Show' });
  await expect(show).toBeVisible();
  // Clear of the fixed tab bar at the bottom of the phone's screen.
  await show.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await show.click();
  await expect(page.getByTestId('promo').getByText(/Reserved for holders/)).toBeVisible();

  // Wider screens keep the XP card instead.
  await page.setViewportSize(DESKTOP);
  await expect(glance).toBeHidden();
});

test('draws the leaderboard banner podium whole, clear of the title and the refresh button, at every width', async ({
  createUser,
  newPage,
}) => {
  const user = await createUser();
  for (const viewport of [DESKTOP, TABLET, MOBILE, { width: 320, height: 640 }]) {
    const page = await newPage({ viewport, as: user });
    await page.goto('/dashboard');
    const board = page.getByTestId('leaderboard');
    await board.getByTestId('leaderboard-updated').waitFor();
    const podium = board.locator('img[src="/leaderboard-podium.svg"]');
    await podium.evaluate((img: HTMLImageElement) => (img.loading = 'eager'));
    await expect
      .poll(() => podium.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const banner = (await podium.evaluate((img) =>
      img.parentElement!.getBoundingClientRect().toJSON(),
    )) as DOMRect;
    const art = (await podium.boundingBox())!;
    const inside = (b: { x: number; y: number; width: number; height: number }) =>
      b.x >= banner.x - 0.5 &&
      b.y >= banner.y - 0.5 &&
      b.x + b.width <= banner.x + banner.width + 0.5 &&
      b.y + b.height <= banner.y + banner.height + 0.5;
    expect(inside(art), `podium inside the banner at ${viewport.width} px`).toBe(true);
    const overlaps = (b: { x: number; y: number; width: number; height: number }) =>
      art.x < b.x + b.width && b.x < art.x + art.width && art.y < b.y + b.height && b.y < art.y + art.height;
    // The title's text itself (its block box spans the row even where no letter is).
    const title = (await board.getByRole('heading', { name: MSG.leaderboard.title }).evaluate((h) => {
      const range = document.createRange();
      range.selectNodeContents(h);
      return range.getBoundingClientRect().toJSON();
    })) as DOMRect;
    const refresh = (await board.getByRole('button', { name: 'Refresh leaderboard' }).boundingBox())!;
    expect(overlaps(title), `podium clear of the title at ${viewport.width} px`).toBe(false);
    expect(overlaps(refresh), `podium clear of the refresh button at ${viewport.width} px`).toBe(false);
    await page.close();
  }
});

test.describe('profile', () => {
  test('fetches the profile editor while the page is idle, so "Edit profile" opens it without a wait', async ({
    createUser,
    newPage,
  }) => {
    const chunk = chunkOf('src/client/features/profile/profile-form.tsx');
    const user = await createUser();
    const page = await newPage({ as: user });
    const fetched = page.waitForRequest((r) => r.url().endsWith(chunk));
    await page.goto('/profile');
    await page.getByRole('heading', { level: 2, name: user.displayName }).waitFor();
    // Nobody pressed the button: the page asked for the editor's code on its own.
    await fetched;
    await expect(page.getByRole('button', { name: MSG.profile.editProfile })).toBeVisible();
    // Once it is in and has run (this import settles only then), the editor opens straight into
    // its fields, with no loading placeholder.
    await page.evaluate((file) => import(file), chunk);
    await page.evaluate(() => {
      const seen = new MutationObserver(() => {
        if (document.body.textContent?.includes('Loading the profile form'))
          document.body.dataset.sawPlaceholder = 'yes';
      });
      seen.observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: MSG.profile.editProfile }).click();
    await expect(page.getByLabel('Bio', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.body.dataset.sawPlaceholder)).toBeUndefined();
  });

  test('an editor whose code cannot be downloaded says so, leads back, and opens on the next try', async ({
    createUser,
    newPage,
  }) => {
    const user = await createUser();
    const page = await newPage({ as: user });
    const network = await refuseChunks(page, ['src/client/features/profile/profile-form.tsx']);
    await page.goto('/profile');
    await page.getByRole('button', { name: MSG.profile.editProfile }).click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.common.dialogUnavailable })).toBeVisible();
    await page.getByRole('button', { name: 'Back to your profile' }).click();
    await expect(page.getByRole('button', { name: MSG.profile.editProfile })).toBeFocused();
    network.reconnect();
    await page.getByRole('button', { name: MSG.profile.editProfile }).click();
    await expect(page.getByLabel('Bio', { exact: true })).toBeVisible();
  });

  test('shows the profile from the session at once, while its own copy is still on its way', async ({
    createUser,
    newPage,
  }) => {
    const user = await createUser();
    const page = await newPage({ as: user });
    // The session's read (GET /api/session) answers; the profile's own copy (GET /api/me) is held.
    let calls = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route('**/api/me', async (route) => {
      calls++;
      await held;
      await route.continue();
    });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 2, name: user.displayName })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your stats' })).toBeVisible();
    await expect.poll(() => calls).toBeGreaterThan(0);
    release();
  });

  test('a settings card whose code cannot be downloaded says so, and the rest of the profile works', async ({
    createUser,
    newPage,
  }) => {
    const user = await createUser();
    const page = await newPage({ as: user });
    await refuseChunks(page, ['src/client/features/profile/two-factor-card.tsx']);
    await page.goto('/profile');
    await expect(page.getByTestId('part-failed')).toHaveText(MSG.common.partUnavailable);
    // The page itself is there, not the error screen: its heading, its stats and its other cards.
    await expect(page.getByRole('heading', { level: 2, name: user.displayName })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your stats' })).toBeVisible();
    await page.getByRole('button', { name: MSG.profile.editProfile }).click();
    await expect(page.getByLabel('Bio', { exact: true })).toBeVisible();
  });

  test("edits the profile and shows 'Profile updated successfully!'; socials render as safe links", async ({
    app,
    createUser,
    newPage,
  }) => {
    const user = await createUser();
    const page = await newPage({ as: user });
    await page.goto('/profile');
    await page.getByRole('heading', { level: 2, name: user.displayName }).waitFor();

    await page.getByRole('button', { name: MSG.profile.editProfile }).click();
    await page.getByLabel('Bio', { exact: true }).fill('I write Solidity and run meetups.');
    await page.getByLabel('Twitter handle', { exact: true }).fill('@sysfi_dev');
    await page.getByLabel('GitHub handle', { exact: true }).fill('octo-dev');
    await page.getByLabel('Personal website', { exact: true }).fill('https://example.com/me');
    await page.getByRole('button', { name: MSG.profile.saveChanges }).click();

    await page.getByText(MSG.profile.updated).first().waitFor();
    // The form closes and the profile shows the new values.
    await expect.poll(() => page.getByRole('button', { name: MSG.profile.saveChanges }).count()).toBe(0);
    await page.getByText('I write Solidity and run meetups.').waitFor();
    // Focus returns to the button that opened the form, beside what changed (issue 20).
    await expect(page.getByRole('button', { name: MSG.profile.editProfile })).toBeFocused();

    const stored = await profileRecord(app, user);
    expect(stored).toMatchObject({
      bio: 'I write Solidity and run meetups.',
      twitterHandle: 'sysfi_dev',
      githubHandle: 'octo-dev',
      personalWebsite: 'https://example.com/me',
    });

    for (const [name, href] of [
      [/Twitter/, 'https://x.com/sysfi_dev'],
      [/GitHub/, 'https://github.com/octo-dev'],
      [/Website/, 'https://example.com/me'],
    ] as const) {
      const link = page.getByRole('link', { name });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.getAttribute('target')).toBe('_blank');
    }

    // Cancel leaves everything as it was.
    await page.getByRole('button', { name: MSG.profile.editProfile }).click();
    await page.getByLabel('Bio', { exact: true }).fill('changed my mind');
    await page.getByRole('button', { name: MSG.profile.cancel }).click();
    await page.getByText('I write Solidity and run meetups.').waitFor();
    expect((await profileRecord(app, user)).bio).toBe('I write Solidity and run meetups.');
  });

  test('refuses a javascript: website in the form and on the server, with the message', async ({
    app,
    createUser,
    newPage,
  }) => {
    const user = await createUser();
    const page = await newPage({ as: user });
    const bad = 'javascript:alert(document.cookie)';
    const message = websiteMessage(bad);
    let patches = 0;
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().endsWith('/api/profile')) patches++;
    });

    await page.goto('/profile');
    await page.getByRole('button', { name: MSG.profile.editProfile }).click();
    const website = page.getByLabel('Personal website', { exact: true });
    await website.fill(bad);
    await page.getByRole('button', { name: MSG.profile.saveChanges }).click();
    await page.getByText(message).waitFor();
    expect(await website.getAttribute('aria-invalid')).toBe('true');
    expect(patches).toBe(0);
    expect((await profileRecord(app, user)).personalWebsite).toBeNull();

    // The server refuses it too, with the same message, and stores nothing.
    const res = await apiFetch(app, user, '/api/profile', {
      method: 'PATCH',
      body: JSON.stringify({ personalWebsite: bad }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    expect((await profileRecord(app, user)).personalWebsite).toBeNull();

    // Fixing the value saves.
    await website.fill('https://safe.example');
    await page.getByRole('button', { name: MSG.profile.saveChanges }).click();
    await page.getByText(MSG.profile.updated).first().waitFor();
    expect((await profileRecord(app, user)).personalWebsite).toBe('https://safe.example');
  });

  test('after an error, a bare address and one click on Save saves (completing it moves nothing under the click)', async ({
    app,
    createUser,
    newPage,
  }) => {
    // Outside review: the field left by the click on Save completed the address, the error under it
    // went, the button moved up under the pointer, and the click was lost without a word.
    const user = await createUser();
    const page = await newPage({ as: user });
    await page.goto('/profile');
    await page.getByRole('button', { name: MSG.profile.editProfile }).click();
    const website = page.getByLabel('Personal website', { exact: true });
    await website.fill('not a url');
    const save = page.getByRole('button', { name: MSG.profile.saveChanges });
    await save.click();
    await page.getByText(websiteMessage('not a url')).waitFor();
    await page.getByLabel('Bio', { exact: true }).fill('Builds Orbit.');
    await website.fill('orbit.xyz');
    await save.click();
    await page.getByText(MSG.profile.updated).first().waitFor();
    const saved = await profileRecord(app, user);
    expect(saved.personalWebsite).toBe('https://orbit.xyz');
    expect(saved.bio).toBe('Builds Orbit.');
  });

  test('a long XP-history entry wraps on a phone: nothing on /profile or /dashboard scrolls sideways (first-time-user review)', async ({
    app,
    admin,
    createUser,
    newPage,
  }) => {
    const user = await createUser();
    // A bounty-like reason with spaces, and one long unbroken word (a link), as the ledger may hold.
    const reason =
      'Bounty: 1st place in “Translate the docs to Spanish” https://github.com/sysfi-labs/docs-translations/pull/123456789';
    const res = await apiFetch(app, admin, `/api/admin/users/${user.uid}/xp`, {
      method: 'POST',
      body: JSON.stringify({ delta: 250, reason, key: crypto.randomUUID() }),
    });
    expect(res.status).toBeLessThan(300);
    const sub = await apiFetch(app, user, '/api/contributions', {
      method: 'POST',
      body: JSON.stringify({
        title: `Translated_the_whole_getting_started_guide_into_Spanish_${Date.now()}`,
        type: 'tweet',
        link: `https://x.com/sysfi_fan/status/${Date.now()}${Math.floor(Math.random() * 1000)}`,
      }),
    });
    expect(sub.status).toBe(201);
    const page = await newPage({ viewport: MOBILE, as: user });
    await page.goto('/profile');
    const history = page.getByRole('region', { name: 'XP history' });
    const entry = history.getByText(/Translate the docs to Spanish/);
    await expect(entry).toBeVisible();
    await page.getByRole('button', { name: MSG.profile.copyLink }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The whole entry is there to read (wrapped, not cut off), inside the phone's width.
    await expect(entry).toContainText('pull/123456789');
    const box = (await entry.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    const copy = (await page.getByRole('button', { name: MSG.profile.copyLink }).boundingBox())!;
    expect(copy.x + copy.width).toBeLessThanOrEqual(375);
    await screenshot(page, 'profile-long-xp-entry-375');

    await page.goto('/dashboard');
    await page
      .getByText(/Translated_the_whole_getting_started_guide/)
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'dashboard-long-entries-375');
  });

  test("copies the invite link and says 'Referral link copied!'", async ({ app, createUser, newPage }) => {
    const user = await createUser();
    const page = await newPage({ as: user });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await page.goto('/profile');
    const expected = `${app.url}/signup?ref=${user.uid}`;
    expect(await page.getByLabel('Your invite link', { exact: true }).inputValue()).toBe(expected);

    await page.getByRole('button', { name: MSG.profile.copyLink }).click();
    await page.getByText(MSG.profile.referralCopied).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  });

  test('uploads a photo with progress (and refuses one over 5 MB before uploading)', async ({
    app,
    createUser,
    newPage,
  }) => {
    const user = await createUser();
    const page = await newPage({ as: user });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Change photo' }).waitFor();
    const input = page.getByLabel('Profile photo', { exact: true });

    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/profile/photo')) uploads++;
    });
    // The name beside the photo stays where it is when the photo's error appears (it wraps under the photo).
    const name = page.locator('#profile-name');
    const nameLeft = async () => (await name.boundingBox())!.x;
    const before = await nameLeft();
    await input.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await page.getByRole('alert').filter({ hasText: MSG.profile.photoTooLarge }).waitFor();
    expect(uploads).toBe(0);
    expect(await nameLeft()).toBe(before);

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photoPng() });
    await page.getByText(MSG.profile.photoUpdated).first().waitFor();
    expect(uploads).toBe(1);
    const me = await getMe(app, user);
    const photoURL = (me as unknown as { photoURL: string }).photoURL;
    expect(photoURL).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    // The page shows the uploaded photo (same-origin /uploads path), in the header and the top bar.
    await expect.poll(() => page.locator(`img[src="${photoURL}"]`).count()).toBeGreaterThanOrEqual(1);
    const img = await page.request.get(new URL(photoURL, app.url).toString());
    expect(img.status()).toBe(200);
  });
});
