/**
 * Issue 7, end to end: a contributor submits a tweet and sees 'Today: 1/5'; the
 * admin rewards it with 25 points on /admin/contribution-hub; the contributor's VC,
 * SR and XP change and the leaderboard shows them; a sixth submit in a day shows
 * the limit message. X's widget script is replaced by a small fake (no network),
 * and a blocked widget still leaves the title and link. Ends with screenshots.
 */
import type { Page } from '@playwright/test';
import { MSG } from '@/shared/messages';
import { renderLazy } from './support/a11y';
import { apiFetch, getMe, pathOf, type TestUser, uniqueTag } from './support/api';
import { animationsDone, DESKTOP, MOBILE, screenshot, type Viewport } from './support/browser';
import { test as base, expect } from './support/fixtures';

const WIDGETS = 'https://platform.twitter.com/widgets.js';

/** Stands in for X's widgets.js: draws a tweet-shaped placeholder for the id it is given. */
const FAKE_WIDGETS = `(() => {
  const tweets = window.__fakeTweets = window.__fakeTweets || [];
  window.twttr = { widgets: { createTweet(id, el, options) {
    tweets.push({ id, options });
    const card = document.createElement('div');
    card.setAttribute('data-testid', 'tweet-embed');
    card.setAttribute('data-tweet-id', id);
    card.style.cssText = 'box-sizing:border-box;max-width:550px;border:1px solid #2f3336;border-radius:12px;background:#000;color:#e7e9ea;padding:14px 16px;font:15px/20px system-ui,sans-serif';
    card.innerHTML = '<div style="display:flex;gap:10px;align-items:center"><div style="width:40px;height:40px;border-radius:50%;background:linear-gradient(135deg,#a78bfa,#22d3ee)"></div>'
      + '<div><div style="font-weight:700">Sysfi fan</div><div style="color:#71767b">@sysfi_fan</div></div></div>'
      + '<p style="margin:12px 0 10px">Just tried the Sysfi Labs launchpad: apply, get approved, launch. Smooth. Tweet #' + id + '</p>'
      + '<div style="color:#71767b;font-size:13px">10:24 AM · Jul 1, 2026</div>';
    el.appendChild(card);
    return Promise.resolve(card);
  } } };
})();`;

let seq = Date.now() * 1000;
const tweetUrl = () => `https://x.com/sysfi_fan/status/${++seq}`;

type Hub = {
  /** A page signed in as the user, with X's widget faked (or blocked). */
  pageAs: (user: TestUser, viewport?: Viewport, widgets?: 'fake' | 'blocked') => Promise<Page>;
  /** A pending tweet contribution through the API. */
  submit: (user: TestUser, timeZone: string, title: string, link?: string) => Promise<string>;
  /** The admin rewards (points) or rejects (reason) a contribution through the API. */
  decide: (id: string, body: { points: number } | { reason: string }) => Promise<void>;
};

/**
 * `hub`: the helpers above, on the test's world. `contributor` and `poster` (who
 * makes the extra pending items, so a contributor's own daily count stays as the
 * tests expect): verified users made for the test.
 */
const test = base.extend<{ hub: Hub; contributor: TestUser; poster: TestUser }>({
  hub: async ({ app, admin, newPage }, use) => {
    await use({
      async pageAs(user, viewport = DESKTOP, widgets = 'fake') {
        const page = await newPage({ viewport, as: user });
        await page.route(WIDGETS, (route) =>
          widgets === 'fake'
            ? route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_WIDGETS })
            : route.abort('blockedbyclient'),
        );
        return page;
      },
      async submit(user, timeZone, title, link = tweetUrl()) {
        const res = await apiFetch(app, user, '/api/contributions', {
          method: 'POST',
          body: JSON.stringify({ title, type: 'tweet', link, timeZone }),
        });
        const body = (await res.json()) as { contribution: { id: string } };
        expect(res.status, JSON.stringify(body)).toBe(201);
        return body.contribution.id;
      },
      async decide(id, body) {
        const action = 'points' in body ? 'reward' : 'reject';
        const res = await apiFetch(app, admin, `/api/admin/contributions/${id}/${action}`, {
          method: 'POST',
          body: JSON.stringify(body),
        });
        expect(res.status, await res.clone().text()).toBe(200);
      },
    });
  },
  contributor: async ({ createUser }, use) => use(await createUser({ displayName: `Ada ${uniqueTag()}` })),
  poster: async ({ createUser }, use) => use(await createUser({ displayName: `Noor ${uniqueTag()}` })),
});

/** The browser's own time zone: seeds must count in the same local day as the page. */
async function browserTimeZone(page: Page): Promise<string> {
  return page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** Every lazy tweet embed rendered, and the page still, before a full-page picture. */
async function renderAllEmbeds(page: Page) {
  await renderLazy(page);
  await animationsDone(page);
}

/** Elements reaching past the right edge of the viewport (empty when nothing overflows sideways). */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const limit = document.documentElement.clientWidth;
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > limit + 0.5) {
        const cls = typeof el.className === 'string' ? el.className.slice(0, 80) : '';
        out.push(`${el.tagName.toLowerCase()}.${cls} right=${Math.round(r.right)}`);
      }
    }
    return out.slice(0, 10);
  });
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();
const poll = <T>(fn: () => Promise<T>) => expect.poll(fn);
const tag = uniqueTag();
const firstTitle = () => `Why Sysfi's launchpad matters ${uniqueTag()}`;

test.describe('contribution hub', () => {
  test.describe(() => {
    // '#1 in the review queue', 'all caught up', the top 50: these read what everyone did.
    test.use({ freshWorld: true });

    test('a contributor submits a tweet, with live link checks, and sees Today: 1/5', async ({
      hub,
      contributor,
    }) => {
      const title = firstTitle();
      const page = await hub.pageAs(contributor);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('/contribution-hub');
      await page.getByRole('heading', { name: 'Contribution Hub', level: 1 }).waitFor();
      await poll(() => text(page, 'today-counter')).toBe('Today: 0/5');
      expect(await text(page, 'stat-sr')).toBe('0.0%');
      await page.getByText(MSG.contribution.none).first().waitFor();
      await screenshot(page, 'contribution-hub-empty-desktop');
      // Not the admin: no review button.
      expect(await page.getByRole('link', { name: MSG.contribution.rewardContributors }).count()).toBe(0);

      await page.getByRole('button', { name: 'Contribute', exact: true }).click();
      const form = page.getByRole('form', { name: 'Submit a contribution' });
      // Only the offered type is listed.
      expect(await form.getByLabel('Type').locator('option').allInnerTexts()).toEqual(['Tweet']);
      await form.getByLabel('Title').fill(title);
      const link = form.getByLabel('Tweet link');
      await link.fill('https://x.com.evil.test/a/status/1');
      await link.blur();
      await form.getByText(MSG.contribution.invalidTweet).waitFor();
      // A username X could never have issued: the spec's sentence, then why.
      await link.fill('https://x.com/sysfi_fan_account_2026/status/42');
      await form.getByText(MSG.contribution.invalidTweetUsername('sysfi_fan_account_2026', true)).waitFor();
      // Live: fixing the link clears the message without another submit.
      const good = tweetUrl();
      await link.fill(good);
      await form.getByTestId('tweet-ok').waitFor();
      expect(await form.getByText(MSG.contribution.invalidTweet).count()).toBe(0);

      await form.getByRole('button', { name: 'Submit contribution' }).click();
      await page.getByText(MSG.contribution.submitted).first().waitFor();
      await poll(() => text(page, 'today-counter')).toBe('Today: 1/5');

      const card = page.getByRole('article', { name: title });
      await card.waitFor();
      // Focus moves to the result of the submit: the new contribution's card.
      await expect(card).toBeFocused();
      expect(await card.getByTestId('status-badge').textContent()).toContain('Pending');
      await poll(() => card.getByTestId('queue-line').textContent()).toMatch(/^#1 in the review queue/);
      // The tweet is embedded by the id after /status/, with X's dark theme and no tracking.
      const embed = card.getByTestId('tweet-embed');
      await embed.waitFor();
      expect(await embed.getAttribute('data-tweet-id')).toBe(good.split('/status/')[1]);
      const calls = (await page.evaluate(
        () => (window as unknown as { __fakeTweets: unknown[] }).__fakeTweets,
      )) as {
        options: Record<string, unknown>;
      }[];
      expect(calls[0]?.options).toMatchObject({ theme: 'dark', dnt: true });
      // The link is a safe external link.
      const a = card.getByRole('link', { name: /x\.com\/sysfi_fan\/status/ });
      expect(await a.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await a.getAttribute('target')).toBe('_blank');
      expect(await text(page, 'stat-tc')).toBe('1');
      expect(errors).toEqual([]);
    });

    test('the admin rewards it with 25 points on /admin/contribution-hub', async ({
      app,
      admin,
      hub,
      contributor,
    }) => {
      const title = firstTitle();
      await hub.submit(contributor, 'UTC', title);
      const page = await hub.pageAs(admin);
      await page.goto('/contribution-hub');
      await page.getByRole('link', { name: MSG.contribution.rewardContributors }).click();
      await page.waitForURL((u) => pathOf(u.href) === '/admin/contribution-hub');

      const card = page.getByRole('article', { name: title });
      await card.waitFor();
      // The type filter counts what is pending of each type (issue 20).
      const options = page.getByLabel('Type').locator('option');
      await expect(options.first()).toHaveText(/^All types \(\d+\)$/);
      const tweets = Number(
        (await options.filter({ hasText: /^Tweets/ }).innerText()).match(/\((\d+)\)/)?.[1],
      );
      expect(tweets).toBeGreaterThanOrEqual(1);
      await card.getByTestId('tweet-embed').waitFor();
      await card.getByRole('button', { name: title }).click();

      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      // Points must be a positive whole number.
      await dialog.getByLabel('Reward points').fill('2.5');
      await dialog.getByRole('button', { name: 'Reward', exact: true }).click();
      await dialog.getByText(MSG.contribution.invalidPoints).waitFor();
      await dialog.getByLabel('Reward points').fill('25');
      await dialog.getByRole('button', { name: 'Reward', exact: true }).click();

      await page
        .getByText(/Rewarded .* with 25 XP/)
        .first()
        .waitFor();
      await poll(() => page.getByRole('article', { name: title }).count()).toBe(0);
      await page.getByText('You’re all caught up').waitFor();
      await screenshot(page, 'contribution-review-empty-desktop');
      expect((await getMe(app, contributor)).pointBalance).toBe(25);
    });

    test('the contributor sees VC 1, SR 100.0%, +25 XP, and 25 XP on the leaderboard', async ({
      hub,
      contributor,
    }) => {
      const title = firstTitle();
      await hub.decide(await hub.submit(contributor, 'UTC', title), { points: 25 });
      const page = await hub.pageAs(contributor);
      await page.goto('/contribution-hub');
      await poll(() => text(page, 'stat-vc')).toBe('1');
      await poll(() => text(page, 'stat-sr')).toBe('100.0%');
      expect(await text(page, 'stat-rc')).toBe('0');
      expect(await text(page, 'stat-tc')).toBe('1');
      const card = page.getByRole('article', { name: title });
      await poll(() => card.getByTestId('status-badge').textContent()).toMatch(/Approved.*\+25 XP/);

      // Past contributions: the reviewed one, then nothing more.
      await page.getByRole('button', { name: MSG.contribution.seePast }).click();
      const past = page.getByTestId('past-contribution');
      await past.first().waitFor();
      expect(await past.count()).toBe(1);
      await page.getByText('That’s everything.').waitFor();

      await page.goto('/dashboard');
      const board = page.getByTestId('leaderboard');
      const row = board.getByRole('row').filter({ hasText: contributor.displayName });
      await row.first().waitFor();
      expect(await row.first().textContent()).toMatch(/25\s*XP/);
      expect(await page.getByTestId('your-rank').textContent()).toMatch(/25\s*XP/);
    });
  });

  test('a decision someone else already made shows as info and the item leaves the list', async ({
    admin,
    hub,
    poster,
  }) => {
    const tz = 'UTC';
    const title = `Raced ${tag}`;
    const id = await hub.submit(poster, tz, title);
    const page = await hub.pageAs(admin);
    await page.goto('/admin/contribution-hub');
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Reject' }).click();
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await dialog.getByText(MSG.contribution.reasonRequired).waitFor();
    await dialog.getByRole('button', { name: 'Low effort' }).click();
    expect(await dialog.getByLabel('Reason', { exact: true }).inputValue()).toBe('Low effort');

    // Another tab decides first.
    await hub.decide(id, { points: 5 });
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText(MSG.contribution.alreadyReviewed).first().waitFor();
    await poll(() => page.getByRole('article', { name: title }).count()).toBe(0);
    expect(await page.getByText(MSG.admin.error).count()).toBe(0);
  });

  test('the admin rewards several at once from the bulk bar', async ({ admin, hub, poster }) => {
    const titles = [1, 2, 3].map((i) => `Bulk ${i} ${tag}`);
    const ids: string[] = [];
    for (const t of titles) ids.push(await hub.submit(poster, 'UTC', t));
    const page = await hub.pageAs(admin);
    await page.goto('/admin/contribution-hub');
    await page.getByRole('article', { name: titles[2]! }).waitFor();
    // One of them is decided elsewhere meanwhile: reported, not redone.
    await hub.decide(ids[0]!, { reason: 'Off-topic' });
    for (const t of titles) await page.getByRole('checkbox', { name: `Select “${t}”` }).check();
    const bar = page.getByTestId('bulk-bar');
    expect(await bar.textContent()).toContain('3 selected');
    await bar.getByRole('button', { name: 'Reward' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reward 3 contributions' });
    await dialog.getByRole('button', { name: '10 XP' }).click();
    await dialog.getByRole('button', { name: 'Reward 3' }).click();
    await page.getByText('Rewarded 2 contributions with 10 XP each').waitFor();
    await page.getByText(MSG.contribution.alreadyReviewed).first().waitFor();
    for (const t of titles) await poll(() => page.getByRole('article', { name: t }).count()).toBe(0);
    expect(await page.getByTestId('bulk-bar').count()).toBe(0);
  });

  test('a user who made 5 contributions today sees the limit on the sixth', async ({ hub, createUser }) => {
    const user = await createUser({ displayName: `Busy ${tag}` });
    const page = await hub.pageAs(user);
    await page.goto('/contribution-hub');
    const tz = await browserTimeZone(page);
    for (let i = 1; i <= 4; i++) await hub.submit(user, tz, `Daily ${i} ${tag}`);
    await page.reload();
    await poll(() => text(page, 'today-counter')).toBe('Today: 4/5');

    await page.getByRole('button', { name: 'Contribute', exact: true }).click();
    const form = page.getByRole('form', { name: 'Submit a contribution' });
    await form.getByLabel('Title').fill(`Sixth ${tag}`);
    await form.getByLabel('Tweet link').fill(tweetUrl());
    // The fifth lands from elsewhere (another tab) before this one is sent.
    await hub.submit(user, tz, `Daily 5 ${tag}`);
    await form.getByRole('button', { name: 'Submit contribution' }).click();
    await page.getByText(MSG.contribution.dailyLimit).first().waitFor();
    await poll(() => text(page, 'today-counter')).toBe('Today: 5/5');
    // The form now stays disabled with the spec's message.
    await form.getByTestId('daily-limit').waitFor();
    expect(await form.getByLabel('Title').isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Submit contribution' }).isDisabled()).toBe(true);

    await page.reload();
    await page.getByRole('button', { name: 'Contribute', exact: true }).click();
    await page.getByTestId('daily-limit').waitFor();
    expect(await page.getByTestId('daily-limit').textContent()).toBe(MSG.contribution.dailyLimit);
  });

  test('what was typed comes back when the Contribute toggle is closed and opened, until it is sent', async ({
    hub,
    contributor,
  }) => {
    const title = `Kept while closed ${uniqueTag()}`;
    const link = tweetUrl();
    const page = await hub.pageAs(contributor);
    await page.goto('/contribution-hub');
    const toggle = page.getByRole('button', { name: 'Contribute', exact: true });
    const form = page.getByRole('form', { name: 'Submit a contribution' });
    await toggle.click();
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Tweet link').fill(link);
    await expect(form.getByTestId('draft-notice')).toHaveCount(0);

    // Closed and opened again: the form is back as it was left, and says so.
    await toggle.click();
    await expect(form).toHaveCount(0);
    await toggle.click();
    await expect(form.getByLabel('Title')).toHaveValue(title);
    await expect(form.getByLabel('Tweet link')).toHaveValue(link);
    await expect(form.getByTestId('draft-notice')).toContainText(MSG.draft.restored);
    // A reload in the tab keeps it too.
    await page.reload();
    await toggle.click();
    await expect(form.getByLabel('Title')).toHaveValue(title);

    // Sent: the next opening starts empty.
    await form.getByRole('button', { name: 'Submit contribution' }).click();
    await page.getByRole('article', { name: title }).waitFor();
    await toggle.click();
    await expect(form).toHaveCount(0);
    await toggle.click();
    await expect(form.getByLabel('Title')).toHaveValue('');
    await expect(form.getByLabel('Tweet link')).toHaveValue('');
    await expect(form.getByTestId('draft-notice')).toHaveCount(0);
  });

  test('when X’s widget is blocked the card still shows its title and link', async ({ hub, contributor }) => {
    const title = firstTitle();
    await hub.submit(contributor, 'UTC', title);
    const page = await hub.pageAs(contributor, MOBILE, 'blocked');
    await page.goto('/contribution-hub');
    const card = page.getByRole('article', { name: title });
    await card.waitFor();
    await card.locator('[data-tweet-state="unavailable"]').waitFor();
    expect(await card.getByTestId('tweet-embed').count()).toBe(0);
    await card.getByText(/couldn’t load/).waitFor();
    const a = card.getByRole('link', { name: /x\.com\/sysfi_fan\/status/ });
    expect(await a.getAttribute('rel')).toBe('noopener noreferrer');
    // Nothing overflows sideways at 375 px.
    expect(await overflowing(page)).toEqual([]);
  });

  test.describe(() => {
    // Pictures of this test's own data only.
    test.use({ freshWorld: true });

    test('screenshots: the hub with every status, and the admin review dialog', async ({
      admin,
      hub,
      poster,
      createUser,
    }) => {
      const shooter = await createUser({ displayName: `Mira ${tag}` });
      const a = await hub.submit(shooter, 'UTC', 'Thread: how the Sysfi launchpad vets projects');
      const b = await hub.submit(shooter, 'UTC', 'Quote tweet of the Sysfi grants announcement');
      await hub.submit(shooter, 'UTC', 'My take on the bounty board after one week');
      await hub.decide(a, { points: 40 });
      await hub.decide(b, { reason: 'Duplicate content' });
      await hub.submit(poster, 'UTC', 'Short video walkthrough of the dashboard');

      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['mobile', MOBILE],
      ] as const) {
        const page = await hub.pageAs(shooter, viewport);
        await page.goto('/contribution-hub');
        await page.getByRole('article').nth(2).waitFor();
        await page.getByRole('button', { name: MSG.contribution.seePast }).click();
        await page.getByTestId('past-contribution').nth(1).waitFor();
        await page.getByRole('button', { name: 'Contribute', exact: true }).click();
        await page.getByLabel('Tweet link').fill('https://x.com/mira/status/notanid');
        await page.getByLabel('Tweet link').blur();
        await page.waitForLoadState('networkidle');
        await renderAllEmbeds(page);
        expect(await overflowing(page)).toEqual([]);
        await screenshot(page, `contribution-hub-${size}`);

        const adminPage = await hub.pageAs(admin, viewport);
        await adminPage.goto('/admin/contribution-hub');
        await adminPage.getByRole('article').first().waitFor();
        await renderAllEmbeds(adminPage);
        await adminPage.getByRole('checkbox').nth(1).check();
        await adminPage.getByTestId('bulk-bar').waitFor();
        await animationsDone(adminPage);
        expect(await overflowing(adminPage)).toEqual([]);
        await screenshot(adminPage, `contribution-review-${size}`);
        await adminPage.getByTestId('bulk-bar').getByRole('button', { name: 'Clear' }).click();
        await adminPage.getByRole('article').first().getByRole('button', { name: 'Review' }).click();
        const dialog = adminPage.getByRole('dialog');
        await dialog.getByTestId('tweet-embed').waitFor();
        await dialog.getByRole('tab', { name: 'Reject' }).click();
        await dialog.getByRole('button', { name: 'Off-topic' }).click();
        await expect(dialog.getByLabel('Reason', { exact: true })).toHaveValue('Off-topic');
        await animationsDone(adminPage);
        // Nothing in the dialog is wider than the dialog (a long link must truncate, not scroll it sideways).
        expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
        // The modal is fixed to the viewport: a viewport picture shows it as people see it.
        await screenshot(adminPage, `contribution-review-dialog-${size}`, { fullPage: false });
      }
    });
  });
});
