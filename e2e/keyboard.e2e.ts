/**
 * Issue 9, keyboard only: a visitor signs up, verifies, submits a contribution,
 * and the admin signs in and rewards it, all with Tab, Shift+Tab, arrows, typing,
 * Enter, Space and Escape; no clicks. Only the address bar (page.goto) and the
 * verification link from the real mail are opened directly, as a person would.
 * Each step is a test of its own that makes what it starts from through the API
 * (an unverified user, a verified one, a pending contribution).
 *
 * Every control is reached by tabbing to it (so it is in the tab order), and has
 * a visible keyboard focus (:focus-visible, drawing an outline or ring) when it
 * gets there. axe-core runs on the states this walk reaches that the route walk
 * in e2e/a11y.e2e.ts cannot: the unverified block, the filled forms, and the
 * review dialog.
 */
import type { Locator, Page } from '@playwright/test';
import { MSG } from '@/shared/messages';
import { axeFindings, type Finding, formatFindings, isSerious, offline, settle } from './support/a11y';
import {
  apiFetch,
  getMe,
  pathOf,
  signInApi,
  signUp,
  type TestUser,
  uniqueTag,
  verificationLink,
} from './support/api';
import { expect, type NewPage, test } from './support/fixtures';
import { ADMIN_EMAIL, type AppServer } from './support/server';

const tweetUrl = () => `https://x.com/sysfi_fan/status/${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A desktop page with X's widget faked and a tripwire for any click (a click would be a test bug). */
async function keyboardPage(newPage: NewPage, as?: TestUser): Promise<Page> {
  const page = await newPage({ as });
  await offline(page);
  await page.addInitScript(() => {
    window.addEventListener(
      'mousedown',
      (e) => {
        if (e.isTrusted) (window as unknown as { __mouse: number }).__mouse = 1;
      },
      true,
    );
  });
  return page;
}

/** A pending tweet contribution through the API. */
async function submitApi(app: AppServer, user: TestUser, title: string): Promise<void> {
  const res = await apiFetch(app, user, '/api/contributions', {
    method: 'POST',
    body: JSON.stringify({ title, type: 'tweet', link: tweetUrl(), timeZone: 'UTC' }),
  });
  expect(res.status, await res.text()).toBe(201);
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

async function noMouse(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __mouse?: number }).__mouse ?? 0)).toBe(0);
}

test.describe('keyboard only', () => {
  test('a visitor signs up from the home page, using only the keyboard', async ({ app, newPage }) => {
    const tag = uniqueTag();
    const email = `keys-${tag}@e2e.test`;
    const password = `pw-${tag}-secret`;
    const displayName = `Keys ${tag}`;
    const page = await keyboardPage(newPage);
    await page.goto('/');
    await settle(page);

    // The first Tab reaches the skip link, and it moves focus to the page content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();

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
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.keyboard.press('Space');
    await typeInto(page, page.getByLabel('Confirm password'), password);

    // The role cards are one radio group: Tab enters it, arrows move the choice.
    await tabTo(page, page.getByRole('radio', { checked: true }));
    // An instant tap: the choice follows the focus even when the key is up before the focus
    // lands (Radix alone checked the item only while the arrow was still down).
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { checked: true })).not.toHaveText(/^Builder/);
    await expect(page.getByRole('radio', { checked: true })).toBeFocused();

    await tabTo(page, page.getByRole('button', { name: 'Create account' }));
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    // Signed up but not verified: the block stands in for the dashboard.
    await page.getByRole('heading', { name: 'Verify your e-mail', level: 1 }).waitFor();
    await settle(page);
    await tabTo(page, page.getByRole('button', { name: 'Resend verification email' }));
    await noMouse(page);

    const user: TestUser = { uid: '', email, displayName, password, role: '', cookies: new Map() };
    await signInApi(app, user);
    const me = await getMe(app, user);
    expect(me.emailVerified).toBe(false);
    expect(me.role).not.toBe('builder');
  });

  test('opens the verification link from the mail and lands on the dashboard', async ({
    app,
    mail,
    newPage,
  }) => {
    // Signed up, not verified: the block stands in for the dashboard.
    const user = await signUp(app);
    const page = await keyboardPage(newPage, user);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Verify your e-mail', level: 1 }).waitFor();

    const link = await verificationLink(mail, user.email);
    await page.goto(link);
    await page.getByText(MSG.verify.success).waitFor();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await settle(page);
    expect((await getMe(app, user)).emailVerified).toBe(true);
  });

  test('submits a contribution from the contribution hub, using only the keyboard', async ({
    createUser,
    newPage,
  }) => {
    const title = `Keyboard-only thread ${uniqueTag()}`;
    const page = await keyboardPage(newPage, await createUser());
    await page.goto('/dashboard');
    await settle(page);
    await tabTo(
      page,
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: MSG.nav.hub }),
    );
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/contribution-hub');
    await settle(page);
    await expect(page.getByTestId('today-counter').first()).toHaveText('Today: 0/5');

    const toggle = page.getByRole('button', { name: MSG.contribution.contribute, exact: true });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = page.getByRole('form', { name: 'Submit a contribution' });
    await form.waitFor();

    await typeInto(page, form.getByLabel('Title'), title);
    await tabTo(page, form.getByLabel('Type'));
    expect(await form.getByLabel('Type').inputValue()).toBe('tweet');
    await typeInto(page, form.getByLabel('Tweet link'), tweetUrl());
    await form.getByTestId('tweet-ok').waitFor();

    await tabTo(page, form.getByRole('button', { name: 'Submit contribution' }));
    await page.keyboard.press('Enter');
    await page.getByText(MSG.contribution.submitted).first().waitFor();
    await expect(page.getByTestId('today-counter').first()).toHaveText('Today: 1/5');
    await page.getByRole('article', { name: title }).waitFor();
    await noMouse(page);
  });

  test.describe(() => {
    // The review queue lists every pending contribution: alone in it, the card is a few Tabs away.
    test.use({ freshWorld: true });

    test('the admin signs in and rewards it, using only the keyboard', async ({
      app,
      admin,
      createUser,
      newPage,
    }) => {
      const title = `Keyboard-only thread ${uniqueTag()}`;
      const user = await createUser();
      await submitApi(app, user, title);

      const page = await keyboardPage(newPage);
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
      await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await settle(page);

      // Focus stays in the dialog: a full lap of Tab comes back around inside it.
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      // Escape closes it and gives focus back to the Review button; Enter opens it again.
      const review = card.getByRole('button', { name: 'Review' });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => review.evaluate((n) => n === document.activeElement && n.matches(':focus-visible')))
        .toBe(true);
      await page.keyboard.press('Enter');
      await dialog.waitFor();

      // Reward is the selected tab; arrows switch tabs, as in any tab list.
      const rewardTab = dialog.getByRole('tab', { name: 'Reward' });
      await tabTo(page, rewardTab, { back: true });
      await page.keyboard.press('ArrowRight', { delay: 60 });
      await expect(dialog.getByRole('tab', { name: 'Reject' })).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowLeft', { delay: 60 });
      await expect(rewardTab).toHaveAttribute('aria-selected', 'true');

      await typeInto(page, dialog.getByLabel('Reward points'), '25');
      await tabTo(page, dialog.getByRole('button', { name: 'Reward', exact: true }));
      await page.keyboard.press('Enter');
      await page
        .getByText(/Rewarded .* with 25 XP/)
        .first()
        .waitFor();
      await expect(page.getByRole('article', { name: title })).toHaveCount(0);
      // Its card (and the Review button that opened the dialog) is gone: focus waits in
      // the page's main region rather than falling back to the top of the document.
      const inMain = () => page.evaluate(() => !!document.activeElement?.closest('main'));
      await expect.poll(inMain).toBe(true);
      await page.keyboard.press('Tab');
      expect(await inMain(), `Tab after the reward went to ${await describeFocus(page)}`).toBe(true);
      await noMouse(page);

      expect((await getMe(app, user)).pointBalance).toBe(25);
      expect(pathOf(page.url())).toBe('/admin/contribution-hub');
    });
  });

  test('the states reached on the way have no serious or critical axe violations', async ({
    app,
    admin,
    createUser,
    newPage,
  }) => {
    const findings: Finding[] = [];
    const scan = async (page: Page, where: string) =>
      findings.push(...(await axeFindings(page, where)).filter(isSerious));
    const tag = uniqueTag();
    // Here the states are made with the mouse: the tests above walk them by keyboard.
    const pageFor = async (as?: TestUser) => {
      const page = await newPage({ as });
      await offline(page);
      return page;
    };

    // The sign-up form, filled in, with another role chosen.
    const signup = await pageFor();
    await signup.goto('/signup');
    await settle(signup);
    await signup.getByLabel('E-mail').fill(`keys-${tag}@e2e.test`);
    await signup.getByLabel('Display name').fill(`Keys ${tag}`);
    await signup.getByLabel('Password', { exact: true }).fill(`pw-${tag}-secret`);
    await signup.getByLabel('Confirm password').fill(`pw-${tag}-secret`);
    await signup.getByRole('radio', { checked: false }).first().click();
    await expect(signup.getByRole('radio', { checked: true })).not.toHaveText(/^Builder/);
    await scan(signup, '/signup, filled in');

    // The verification block of a user who has not verified yet.
    const blocked = await pageFor(await signUp(app));
    await blocked.goto('/dashboard');
    await blocked.getByRole('heading', { name: 'Verify your e-mail', level: 1 }).waitFor();
    await settle(blocked);
    await scan(blocked, '/dashboard, verification block (unverified)');

    // The contribute form, filled in.
    const user = await createUser();
    const hub = await pageFor(user);
    await hub.goto('/contribution-hub');
    await settle(hub);
    await hub.getByRole('button', { name: MSG.contribution.contribute, exact: true }).click();
    const form = hub.getByRole('form', { name: 'Submit a contribution' });
    await form.getByLabel('Title').fill(`Keyboard-only thread ${tag}`);
    await form.getByLabel('Tweet link').fill(tweetUrl());
    await form.getByTestId('tweet-ok').waitFor();
    await scan(hub, '/contribution-hub, contribute form filled in');

    // The admin's review dialog.
    const title = `Reviewed ${tag}`;
    await submitApi(app, user, title);
    const review = await pageFor(admin);
    await review.goto('/admin/contribution-hub');
    await settle(review);
    await review
      .getByRole('article', { name: title })
      .getByRole('button', { name: 'Review', exact: true })
      .click();
    await review.getByRole('dialog', { name: `Review “${title}”` }).waitFor();
    await settle(review);
    await scan(review, '/admin/contribution-hub, review dialog');

    expect(findings, formatFindings(findings)).toEqual([]);
  });
});
