/**
 * Issue 21, in Chromium, on two app processes sharing one PostgreSQL database (as
 * WEB_CONCURRENCY or two machines run it): a user signed in on two browsers ends the
 * other browser's session from the profile on process A, and that browser, whose
 * session process B has just cached (ADR 0008, 10 s), is refused by B at once: the
 * end reaches every process (ADR 0014), it is not waited out.
 *
 * Needs TEST_DATABASE_URL (CI sets it); without PostgreSQL there is one process only.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SESSION_CACHE_MS } from '@/server/auth/session-cache';
import { MSG } from '@/shared/messages';
import { ACCESS_MSG, NAV_MSG } from '@/shared/messages-shell';
import { settle } from './support/a11y';
import { apiFetch, createVerifiedUser, signInBrowser, signUp, verificationLink } from './support/api';
import { contextOptions, DESKTOP, MOBILE } from './support/browser';
import { expect, test } from './support/fixtures';
import { type MailCatcher, startMailCatcher } from './support/mail';
import { type AppServer, startServer } from './support/server';

const BASE_URL = process.env.TEST_DATABASE_URL;

test.describe('sessions across processes on PostgreSQL', () => {
  test.skip(!BASE_URL, 'needs TEST_DATABASE_URL (PostgreSQL): one process only on PGlite');

  let mail: MailCatcher;
  let a: AppServer;
  let b: AppServer;
  let dbName: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dbName = `sysfi_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(BASE_URL!);
    url.pathname = `/${dbName}`;
    mail = await startMailCatcher();
    // One deployment: the same database and the same secret (cookies signed by one are read by the other).
    const env = {
      DATABASE_URL: url.toString(),
      TRUST_PROXY: 'true',
      AUTH_SECRET: randomBytes(32).toString('hex'),
    };
    // A migrates; B starts on the migrated database.
    a = await startServer({ smtpUrl: mail.url, env });
    b = await startServer({ smtpUrl: mail.url, env });
  });

  test.afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await mail?.stop();
    if (dbName) {
      const admin = new pg.Client({ connectionString: BASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  test('ending a session on process A signs that browser out of process B at once', async ({ browser }) => {
    const user = await createVerifiedUser(a, mail);
    // The set-up's own API session ends, so the list holds just the two browsers.
    expect((await apiFetch(a, user, '/api/account/sign-out', { method: 'POST' })).status).toBe(200);

    // The browser to be ended signs in on B and is using B.
    const laptop = await browser.newContext({ ...contextOptions(DESKTOP), baseURL: b.url });
    const other = await laptop.newPage();
    await signInBrowser(other, user.email, user.password);
    await other.goto('/dashboard');
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await other.request.get(`${b.url}/api/me`)).status()).toBe(200); // B has it cached now

    // The user, on another browser on A, ends it from the profile's device list.
    const phone = await browser.newContext({ ...contextOptions(DESKTOP), baseURL: a.url });
    const mine = await phone.newPage();
    await signInBrowser(mine, user.email, user.password);
    await mine.goto('/profile#security');
    const devices = mine.getByRole('region', { name: MSG.security.devicesTitle });
    await expect(devices.getByTestId('device')).toHaveCount(2);
    const started = Date.now();
    await devices.getByRole('button', { name: new RegExp(`^${MSG.security.endSession}:`) }).click();
    await expect(devices.getByTestId('device')).toHaveCount(1);

    // B refuses the ended session well before its 10 s cache would have run out…
    await expect
      .poll(async () => (await other.request.get(`${b.url}/api/me`)).status(), { timeout: SESSION_CACHE_MS })
      .toBe(401);
    expect(Date.now() - started).toBeLessThan(SESSION_CACHE_MS);
    // …and the browser, on its next navigation on B, is at the login page.
    await other.goto('/dashboard');
    await other.waitForURL((u) => u.pathname === '/login');

    // The user's own session still works on both processes.
    expect((await mine.request.get(`${a.url}/api/me`)).status()).toBe(200);
    expect((await mine.request.get(`${b.url}/api/me`)).status()).toBe(200);

    await laptop.close();
    await phone.close();
  });
});

test.describe('a session ended from another device', () => {
  test('verified on a phone: the laptop’s tab goes to log in and says why', async ({
    app,
    mail,
    newPage,
  }) => {
    const user = await signUp(app); // unverified; the laptop holds its session
    const laptop = await newPage({ as: user });
    await laptop.goto('/dashboard');
    await laptop.getByRole('heading', { name: 'Verify your e-mail' }).waitFor();

    // The phone opens the mail's link and confirms with the password: every other session ends.
    const phone = await newPage({ viewport: MOBILE });
    await phone.goto(await verificationLink(mail, user.email));
    await phone.getByLabel('Password', { exact: true }).fill(user.password);
    await phone.getByRole('button', { name: MSG.verify.confirmButton }).click();
    await phone.getByText(/Verification successful/).waitFor();

    // The laptop's page notices on its next check, and tells its user what happened.
    await laptop.waitForURL((u) => u.pathname === '/login', { timeout: 30_000 });
    await expect(laptop.getByText(ACCESS_MSG.endedElsewhere)).toBeVisible();

    // Logging out of the phone itself says nothing of the kind.
    await phone.goto('/profile');
    await settle(phone); // the first paint's menu button is inert until the app takes over
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.getByRole('button', { name: NAV_MSG.logout }).first().click();
    await phone.waitForURL((u) => u.pathname === '/');
    await expect(phone.getByRole('link', { name: /Get Started/ })).toBeVisible();
    await expect(phone.getByText(ACCESS_MSG.endedElsewhere)).toHaveCount(0);
  });
});
