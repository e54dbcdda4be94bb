/**
 * Issue 9, keyboard only: a visitor signs up, verifies, submits a contribution,
 * and the admin signs in and rewards it, all with Tab, Shift+Tab, arrows, typing,
 * Enter, Space and Escape; no clicks. Only the address bar (page.goto) and the
 * verification link from the real mail are opened directly, as a person would.
 *
 * Every control is reached by tabbing to it (so it is in the tab order), and has
 * a visible keyboard focus (:focus-visible, drawing an outline or ring) when it
 * gets there. axe-core runs on
 * the states this walk reaches that the route walk in e2e/a11y.e2e.ts cannot: the
 * unverified block, the filled forms, and the review dialog.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../src/shared/messages';
import { axeFindings, type Finding, formatFindings, isSerious, offline, settle } from './support/a11y';
import {
  createVerifiedUser,
  getMe,
  signInApi,
  type TestUser,
  uniqueTag,
  verificationLink,
} from './support/api';
import { DESKTOP, screenshot } from './support/browser';
import { type Harness, pathOf, startHarness } from './support/harness';
import { ADMIN_EMAIL } from './support/server';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

let h: Harness;
let admin: TestUser;
const tag = uniqueTag();
const email = `keys-${tag}@e2e.test`;
const password = `pw-${tag}-secret`;
const displayName = `Keys ${tag}`;
const title = `Keyboard-only thread ${tag}`;
const tweet = `https://x.com/sysfi_fan/status/${Date.now()}`;

const opened: Page[] = [];
const findings: Finding[] = [];

beforeAll(async () => {
  h = await startHarness();
  admin = await createVerifiedUser(h.app, h.mail, { email: ADMIN_EMAIL, displayName: `Admin ${tag}` });
  expect((await getMe(h.app, admin)).isAdmin).toBe(true);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    for (const [i, p] of opened.entries()) {
      await screenshot(p, `failed-keyboard-${i}`).catch(() => {});
      console.error(`page ${i} at ${p.url()}`);
    }
  }
});

afterAll(async () => {
  await h?.stop();
});

async function newPage(): Promise<Page> {
  const page = await h.browser.newPage(DESKTOP);
  await offline(page);
  // Any click would be a test bug: fail loudly if one happens.
  await page.addInitScript(() => {
    window.addEventListener(
      'mousedown',
      (e) => {
        if (e.isTrusted) (window as unknown as { __mouse: number }).__mouse = 1;
      },
      true,
    );
  });
  opened.push(page);
  return page;
}

/** What has keyboard focus, for failure messages. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '(body)';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.id ?? '';
    return `<${el.tagName.toLowerCase()}${el.getAttribute('type') ? ` type=${el.getAttribute('type')}` : ''}> ${name}`;
  });
}

/**
 * Presses Tab (Shift+Tab with back) until the target has focus: it must be in the
 * tab order within `max` presses, and show a keyboard focus ring when it is.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  const el = target.first();
  await el.waitFor();
  const trail: string[] = [];
  for (let i = 0; i <= max; i++) {
    const state = await el.evaluate((node) => {
      const css = getComputedStyle(node);
      return {
        focused: node === document.activeElement,
        visible: node.matches(':focus-visible'),
        // The ring itself: an outline, or a box-shadow ring.
        ring:
          (css.outlineStyle !== 'none' && Number.parseFloat(css.outlineWidth) > 0) ||
          css.boxShadow !== 'none',
      };
    });
    if (state.focused) {
      expect(state.visible, `${await describeFocus(page)} has focus but no :focus-visible`).toBe(true);
      expect(state.ring, `${await describeFocus(page)} has focus but draws no outline or ring`).toBe(true);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    trail.push(await describeFocus(page));
  }
  throw new Error(
    `Not reached with ${max} ${back ? 'Shift+Tab' : 'Tab'} presses. Focus went:\n  ${trail.join('\n  ')}`,
  );
}

/** Tabs to a text field and types into it (select-all first, as a person replacing text would). */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

async function scan(page: Page, where: string): Promise<void> {
  findings.push(...(await axeFindings(page, where)).filter(isSerious));
}

async function noMouse(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __mouse?: number }).__mouse ?? 0)).toBe(0);
}

describe('keyboard only', () => {
  let user: TestUser;

  it('a visitor signs up from the home page, using only the keyboard', async () => {
    const page = await newPage();
    await page.goto('/');
    await settle(page);

    // The first Tab reaches the skip link, and it moves focus to the page content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((n) => n === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);

    await tabTo(page, page.getByRole('link', { name: MSG.home.ctaSignedOut }).first());
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/signup');
    await settle(page);

    await typeInto(page, page.getByLabel('E-mail'), email);
    await typeInto(page, page.getByLabel('Display name'), displayName);
    await typeInto(page, page.getByLabel('Password', { exact: true }), password);
    // The show/hide toggle is a real button: Space shows the password, and again hides it.
    await tabTo(page, page.getByRole('button', { name: 'Show password' }).first());
    await page.keyboard.press('Space');
    await poll(() => page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.keyboard.press('Space');
    await typeInto(page, page.getByLabel('Confirm password'), password);

    // The role cards are one radio group: Tab enters it, arrows move the choice.
    await tabTo(page, page.getByRole('radio', { checked: true }));
    // Held for a moment, as a finger does: the group checks the item that focus moves to
    // while the arrow is down (an instant press releases it before the focus moves).
    await page.keyboard.press('ArrowRight', { delay: 60 });
    await poll(() => page.getByRole('radio', { checked: true }).textContent()).not.toMatch(/^Builder/);
    await poll(() =>
      page.getByRole('radio', { checked: true }).evaluate((n) => n === document.activeElement),
    ).toBe(true);
    await scan(page, '/signup, filled in');

    await tabTo(page, page.getByRole('button', { name: 'Create account' }));
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    // Signed up but not verified: the block stands in for the dashboard.
    await page.getByRole('heading', { name: 'Verify your e-mail', level: 1 }).waitFor();
    await settle(page);
    await scan(page, '/dashboard, verification block (unverified)');
    await tabTo(page, page.getByRole('button', { name: 'Resend verification email' }));
    await noMouse(page);

    user = {
      uid: '',
      email,
      displayName,
      password,
      role: '',
      cookies: new Map(),
    };
    await signInApi(h.app, user);
    const me = await getMe(h.app, user);
    expect(me.emailVerified).toBe(false);
    expect(me.role).not.toBe('builder');
    user.uid = me.uid;
  });

  it('opens the verification link from the mail and lands on the dashboard', async () => {
    const page = opened[0]!;
    const link = await verificationLink(h.mail, email);
    await page.goto(link);
    await page.getByText(MSG.verify.success).waitFor();
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 20_000 });
    await settle(page);
    expect((await getMe(h.app, user)).emailVerified).toBe(true);
  });

  it('submits a contribution from the contribution hub, using only the keyboard', async () => {
    const page = opened[0]!;
    await tabTo(
      page,
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: MSG.nav.hub }),
    );
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/contribution-hub');
    await settle(page);
    await poll(() => page.getByTestId('today-counter').first().textContent()).toBe('Today: 0/5');

    const toggle = page.getByRole('button', { name: MSG.contribution.contribute, exact: true });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const form = page.getByRole('form', { name: 'Submit a contribution' });
    await form.waitFor();

    await typeInto(page, form.getByLabel('Title'), title);
    await tabTo(page, form.getByLabel('Type'));
    expect(await form.getByLabel('Type').inputValue()).toBe('tweet');
    await typeInto(page, form.getByLabel('Tweet link'), tweet);
    await form.getByTestId('tweet-ok').waitFor();
    await scan(page, '/contribution-hub, contribute form filled in');

    await tabTo(page, form.getByRole('button', { name: 'Submit contribution' }));
    await page.keyboard.press('Enter');
    await page.getByText(MSG.contribution.submitted).first().waitFor();
    await poll(() => page.getByTestId('today-counter').first().textContent()).toBe('Today: 1/5');
    await page.getByRole('article', { name: title }).waitFor();
    await noMouse(page);
  });

  it('the admin signs in and rewards it, using only the keyboard', async () => {
    const page = await newPage();
    await page.goto('/login');
    await settle(page);
    await typeInto(page, page.getByLabel('E-mail'), ADMIN_EMAIL);
    await typeInto(page, page.getByLabel('Password', { exact: true }), admin.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await settle(page);

    await tabTo(
      page,
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: MSG.nav.hub }),
    );
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/contribution-hub');
    await settle(page);
    await tabTo(page, page.getByRole('link', { name: MSG.contribution.rewardContributors }));
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/admin/contribution-hub');
    await settle(page);

    const card = page.getByRole('article', { name: title });
    await card.waitFor();
    // The card's Review button; Enter opens the dialog with focus inside it.
    await tabTo(page, card.getByRole('button', { name: 'Review' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Review “${title}”` });
    await dialog.waitFor();
    await poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await settle(page);
    await scan(page, '/admin/contribution-hub, review dialog');

    // Focus stays in the dialog: a full lap of Tab comes back around inside it.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    // Escape closes it and gives focus back to the Review button; Enter opens it again.
    const review = card.getByRole('button', { name: 'Review' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await poll(() =>
      review.evaluate((n) => n === document.activeElement && n.matches(':focus-visible')),
    ).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor();

    // Reward is the selected tab; arrows switch tabs, as in any tab list.
    const rewardTab = dialog.getByRole('tab', { name: 'Reward' });
    await tabTo(page, rewardTab, { back: true });
    await page.keyboard.press('ArrowRight', { delay: 60 });
    await poll(() => dialog.getByRole('tab', { name: 'Reject' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft', { delay: 60 });
    await poll(() => rewardTab.getAttribute('aria-selected')).toBe('true');

    await typeInto(page, dialog.getByLabel('Reward points'), '25');
    await tabTo(page, dialog.getByRole('button', { name: 'Reward', exact: true }));
    await page.keyboard.press('Enter');
    await page
      .getByText(/Rewarded .* with 25 XP/)
      .first()
      .waitFor();
    await poll(() => page.getByRole('article', { name: title }).count()).toBe(0);
    // Its card (and the Review button that opened the dialog) is gone: focus waits in
    // the page's main region rather than falling back to the top of the document.
    const inMain = () => page.evaluate(() => !!document.activeElement?.closest('main'));
    await poll(inMain).toBe(true);
    await page.keyboard.press('Tab');
    expect(await inMain(), `Tab after the reward went to ${await describeFocus(page)}`).toBe(true);
    await noMouse(page);

    expect((await getMe(h.app, user)).pointBalance).toBe(25);
    expect(pathOf(page.url())).toBe('/admin/contribution-hub');
  });

  it('the states reached on the way have no serious or critical axe violations', () => {
    expect(findings, formatFindings(findings)).toEqual([]);
  });
});
