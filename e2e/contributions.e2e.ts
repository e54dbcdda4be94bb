/**
 * Issue 7, end to end: a contributor submits a tweet and sees 'Today: 1/5'; the
 * admin rewards it with 25 points on /admin/contribution-hub; the contributor's VC,
 * SR and XP change and the leaderboard shows them; a sixth submit in a day shows
 * the limit message. X's widget script is replaced by a small fake (no network),
 * and a blocked widget still leaves the title and link. Ends with screenshots.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../src/shared/messages';
import { apiFetch, applySession, createVerifiedUser, getMe, type TestUser, uniqueTag } from './support/api';
import { DESKTOP, MOBILE, SCREENSHOT_DIR, screenshot, type Viewport } from './support/browser';
import { type Harness, pathOf, startHarness } from './support/harness';
import { ADMIN_EMAIL } from './support/server';

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

let h: Harness;
let admin: TestUser;
let contributor: TestUser;
/** Makes the extra pending items, so the contributor's own daily count stays as the tests expect. */
let poster: TestUser;
const tag = uniqueTag();
let seq = Date.now() * 1000;
const tweetUrl = () => `https://x.com/sysfi_fan/status/${++seq}`;

/** Pages opened by the running test, pictured when it fails. */
let opened: Page[] = [];
const consoleLines: string[] = [];

async function pageAs(user: TestUser, viewport: Viewport = DESKTOP, widgets: 'fake' | 'blocked' = 'fake') {
  const page = await h.browser.newPage(viewport);
  opened.push(page);
  page.on('console', (m) => consoleLines.push(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => consoleLines.push(`[pageerror] ${e.message}`));
  await page.route(WIDGETS, (route) =>
    widgets === 'fake'
      ? route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_WIDGETS })
      : route.abort('blockedbyclient'),
  );
  await applySession(page, h.app, user);
  return page;
}

/** The browser's own time zone: seeds must count in the same local day as the page. */
async function browserTimeZone(page: Page): Promise<string> {
  return page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
}

async function submitApi(user: TestUser, timeZone: string, title: string, link = tweetUrl()) {
  const res = await apiFetch(h.app, user, '/api/contributions', {
    method: 'POST',
    body: JSON.stringify({ title, type: 'tweet', link, timeZone }),
  });
  const body = (await res.json()) as { contribution: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.contribution.id;
}

async function decideApi(id: string, body: { points: number } | { reason: string }) {
  const action = 'points' in body ? 'reward' : 'reject';
  const res = await apiFetch(h.app, admin, `/api/admin/contributions/${id}/${action}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Scrolls through the page so every lazy tweet embed renders before a full-page picture. */
async function renderAllEmbeds(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await poll(() => page.locator('[data-tweet-state="waiting"], [data-tweet-state="loading"]').count()).toBe(
    0,
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
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
/** Polls with room for a fresh page to boot (session, chunk, cache read, fetch). */
const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });

beforeAll(async () => {
  h = await startHarness();
  [admin, contributor, poster] = await Promise.all([
    createVerifiedUser(h.app, h.mail, { email: ADMIN_EMAIL, displayName: `Admin ${tag}` }),
    createVerifiedUser(h.app, h.mail, { displayName: `Ada ${tag}` }),
    createVerifiedUser(h.app, h.mail, { displayName: `Noor ${tag}` }),
  ]);
  expect((await getMe(h.app, admin)).isAdmin).toBe(true);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    for (const [i, p] of opened.entries()) {
      await screenshot(p, `failed-${ctx.task.name.slice(0, 40)}-${i}`).catch(() => {});
      console.error(`page ${i} at ${p.url()}`);
    }
    console.error(consoleLines.slice(-40).join('\n'));
  }
  opened = [];
  consoleLines.length = 0;
});

afterAll(async () => {
  await h?.stop();
});

const firstTitle = `Why Sysfi's launchpad matters ${tag}`;

describe('contribution hub', () => {
  it('a contributor submits a tweet, with live link checks, and sees Today: 1/5', async () => {
    const page = await pageAs(contributor);
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
    await form.getByLabel('Title').fill(firstTitle);
    const link = form.getByLabel('Tweet link');
    await link.fill('https://x.com.evil.test/a/status/1');
    await link.blur();
    await form.getByText(MSG.contribution.invalidTweet).waitFor();
    // Live: fixing the link clears the message without another submit.
    const good = tweetUrl();
    await link.fill(good);
    await form.getByTestId('tweet-ok').waitFor();
    expect(await form.getByText(MSG.contribution.invalidTweet).count()).toBe(0);

    await form.getByRole('button', { name: 'Submit contribution' }).click();
    await page.getByText(MSG.contribution.submitted).first().waitFor();
    await poll(() => text(page, 'today-counter')).toBe('Today: 1/5');

    const card = page.getByRole('article', { name: firstTitle });
    await card.waitFor();
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

  it('the admin rewards it with 25 points on /admin/contribution-hub', async () => {
    const page = await pageAs(admin);
    await page.goto('/contribution-hub');
    await page.getByRole('link', { name: MSG.contribution.rewardContributors }).click();
    await page.waitForURL((u) => pathOf(u.href) === '/admin/contribution-hub');

    const card = page.getByRole('article', { name: firstTitle });
    await card.waitFor();
    await card.getByTestId('tweet-embed').waitFor();
    await card.getByRole('button', { name: firstTitle }).click();

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
    await poll(() => page.getByRole('article', { name: firstTitle }).count()).toBe(0);
    await page.getByText('You’re all caught up').waitFor();
    await screenshot(page, 'contribution-review-empty-desktop');
    expect((await getMe(h.app, contributor)).pointBalance).toBe(25);
  });

  it('the contributor sees VC 1, SR 100.0%, +25 XP, and 25 XP on the leaderboard', async () => {
    const page = await pageAs(contributor);
    await page.goto('/contribution-hub');
    await poll(() => text(page, 'stat-vc')).toBe('1');
    await poll(() => text(page, 'stat-sr')).toBe('100.0%');
    expect(await text(page, 'stat-rc')).toBe('0');
    expect(await text(page, 'stat-tc')).toBe('1');
    const card = page.getByRole('article', { name: firstTitle });
    await poll(() => card.getByTestId('status-badge').textContent()).toMatch(/Approved.*\+25 XP/);

    // Past contributions: the reviewed one, then nothing more.
    await page.getByRole('button', { name: MSG.contribution.seePast }).click();
    const past = page.getByTestId('past-contribution');
    await past.first().waitFor();
    expect(await past.count()).toBe(1);
    await page.getByText('That’s everything.').waitFor();

    await page.goto('/dashboard');
    const board = page.getByTestId('leaderboard');
    const row = board.getByRole('row').filter({ hasText: `Ada ${tag}` });
    await row.first().waitFor();
    expect(await row.first().textContent()).toMatch(/25\s*XP/);
    expect(await page.getByTestId('your-rank').textContent()).toMatch(/25\s*XP/);
  });

  it('a decision someone else already made shows as info and the item leaves the list', async () => {
    const tz = 'UTC';
    const title = `Raced ${tag}`;
    const id = await submitApi(poster, tz, title);
    const page = await pageAs(admin);
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
    await decideApi(id, { points: 5 });
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText(MSG.contribution.alreadyReviewed).first().waitFor();
    await poll(() => page.getByRole('article', { name: title }).count()).toBe(0);
    expect(await page.getByText(MSG.admin.error).count()).toBe(0);
  });

  it('the admin rewards several at once from the bulk bar', async () => {
    const titles = [1, 2, 3].map((i) => `Bulk ${i} ${tag}`);
    const ids: string[] = [];
    for (const t of titles) ids.push(await submitApi(poster, 'UTC', t));
    const page = await pageAs(admin);
    await page.goto('/admin/contribution-hub');
    await page.getByRole('article', { name: titles[2]! }).waitFor();
    // One of them is decided elsewhere meanwhile: reported, not redone.
    await decideApi(ids[0]!, { reason: 'Off-topic' });
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

  it('a user who made 5 contributions today sees the limit on the sixth', async () => {
    const user = await createVerifiedUser(h.app, h.mail, { displayName: `Busy ${tag}` });
    const page = await pageAs(user);
    await page.goto('/contribution-hub');
    const tz = await browserTimeZone(page);
    for (let i = 1; i <= 4; i++) await submitApi(user, tz, `Daily ${i} ${tag}`);
    await page.reload();
    await poll(() => text(page, 'today-counter')).toBe('Today: 4/5');

    await page.getByRole('button', { name: 'Contribute', exact: true }).click();
    const form = page.getByRole('form', { name: 'Submit a contribution' });
    await form.getByLabel('Title').fill(`Sixth ${tag}`);
    await form.getByLabel('Tweet link').fill(tweetUrl());
    // The fifth lands from elsewhere (another tab) before this one is sent.
    await submitApi(user, tz, `Daily 5 ${tag}`);
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

  it('when X’s widget is blocked the card still shows its title and link', async () => {
    const page = await pageAs(contributor, MOBILE, 'blocked');
    await page.goto('/contribution-hub');
    const card = page.getByRole('article', { name: firstTitle });
    await card.waitFor();
    await card.locator('[data-tweet-state="unavailable"]').waitFor();
    expect(await card.getByTestId('tweet-embed').count()).toBe(0);
    await card.getByText(/couldn’t load/).waitFor();
    const a = card.getByRole('link', { name: /x\.com\/sysfi_fan\/status/ });
    expect(await a.getAttribute('rel')).toBe('noopener noreferrer');
    // Nothing overflows sideways at 375 px.
    expect(await overflowing(page)).toEqual([]);
  });

  it('screenshots: the hub with every status, and the admin review dialog', async () => {
    const shooter = await createVerifiedUser(h.app, h.mail, { displayName: `Mira ${tag}` });
    const a = await submitApi(shooter, 'UTC', 'Thread: how the Sysfi launchpad vets projects');
    const b = await submitApi(shooter, 'UTC', 'Quote tweet of the Sysfi grants announcement');
    await submitApi(shooter, 'UTC', 'My take on the bounty board after one week');
    await decideApi(a, { points: 40 });
    await decideApi(b, { reason: 'Duplicate content' });
    await submitApi(poster, 'UTC', 'Short video walkthrough of the dashboard');

    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const page = await pageAs(shooter, viewport);
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

      const adminPage = await pageAs(admin, viewport);
      await adminPage.goto('/admin/contribution-hub');
      await adminPage.getByRole('article').first().waitFor();
      await renderAllEmbeds(adminPage);
      await adminPage.getByRole('checkbox').nth(1).check();
      await adminPage.waitForTimeout(300);
      expect(await overflowing(adminPage)).toEqual([]);
      await screenshot(adminPage, `contribution-review-${size}`);
      await adminPage.getByTestId('bulk-bar').getByRole('button', { name: 'Clear' }).click();
      await adminPage.getByRole('article').first().getByRole('button', { name: 'Review' }).click();
      const dialog = adminPage.getByRole('dialog');
      await dialog.getByTestId('tweet-embed').waitFor();
      await dialog.getByRole('tab', { name: 'Reject' }).click();
      await dialog.getByRole('button', { name: 'Off-topic' }).click();
      await adminPage.waitForTimeout(300);
      // Nothing in the dialog is wider than the dialog (a long link must truncate, not scroll it sideways).
      expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      // The modal is fixed to the viewport: a viewport picture shows it as people see it.
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await adminPage.screenshot({
        path: path.join(SCREENSHOT_DIR, `contribution-review-dialog-${size}.png`),
      });
    }
  });
});
