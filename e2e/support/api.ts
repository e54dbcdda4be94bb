/**
 * Test users made through the real HTTP API, the way a browser makes them:
 * sign-up (which signs in), then verification from the link in the real mail.
 * Their session cookies can be handed to a browser page, so most tests skip the
 * login form; signInBrowser() goes through it when that is what is being tested.
 */
import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { MailCatcher } from './mail';
import type { AppServer } from './server';

export type TestUser = {
  uid: string;
  email: string;
  displayName: string;
  password: string;
  role: string;
  /** Cookie name → value, as the server last set them. */
  cookies: Map<string, string>;
  /**
   * The client address this user's API calls come from (X-Forwarded-For, trusted by
   * the e2e server), so rate limits count per test user as per person.
   */
  ip?: string;
};

export type SignUpFields = {
  email?: string;
  displayName?: string;
  password?: string;
  role?: string;
  ref?: string;
};

/** A short random tag keeping e-mails and display names unique across tests and runs. */
export function uniqueTag(): string {
  return randomBytes(4).toString('hex');
}

/** A random private address (10.x.y.z) standing for one client. */
export function randomIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${(c! % 254) + 1}`;
}

/** The path part of a URL. */
export function pathOf(url: string): string {
  return new URL(url).pathname;
}

function storeCookies(jar: Map<string, string>, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    if (eq < 1) continue;
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    // Max-Age=0 / an empty value deletes the cookie.
    if (value === '' || /;\s*max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** fetch against the app with the user's cookies (and same-origin headers), keeping any cookies it sets. */
export async function apiFetch(
  app: AppServer,
  user: TestUser | null,
  pathname: string,
  init: RequestInit = {},
) {
  const headers = new Headers(init.headers);
  headers.set('origin', app.url);
  if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', user?.ip ?? randomIp());
  if (user && user.cookies.size > 0) headers.set('cookie', cookieHeader(user.cookies));
  if (typeof init.body === 'string' && !headers.has('content-type'))
    headers.set('content-type', 'application/json');
  const res = await fetch(new URL(pathname, app.url), {
    ...init,
    headers,
    redirect: init.redirect ?? 'manual',
  });
  if (user) storeCookies(user.cookies, res);
  return res;
}

export async function signUp(app: AppServer, fields: SignUpFields = {}): Promise<TestUser> {
  const tag = uniqueTag();
  const user: TestUser = {
    uid: '',
    email: fields.email ?? `user-${tag}@e2e.test`,
    displayName: fields.displayName ?? `User ${tag}`,
    password: fields.password ?? `pw-${tag}-secret`,
    role: fields.role ?? 'builder',
    cookies: new Map(),
    ip: randomIp(),
  };
  const res = await apiFetch(app, user, '/api/account/sign-up', {
    method: 'POST',
    body: JSON.stringify({
      email: user.email,
      displayName: user.displayName,
      password: user.password,
      confirmPassword: user.password,
      ...(fields.role ? { role: fields.role } : {}),
      ...(fields.ref ? { ref: fields.ref } : {}),
    }),
  });
  const body = (await res.json().catch(() => null)) as { user?: { uid: string; role: string } } | null;
  if (res.status !== 201 || !body?.user) {
    throw new Error(`sign-up of ${user.email} failed: ${res.status} ${JSON.stringify(body)}`);
  }
  user.uid = body.user.uid;
  user.role = body.user.role;
  return user;
}

/** The verification link from the user's mail. */
export async function verificationLink(mail: MailCatcher, email: string): Promise<string> {
  const m = await mail.waitForMail(email, 'Verify');
  const link = m.links.find((l) => l.includes('verify-email')) ?? m.links[0];
  if (!link) throw new Error(`The verification mail to ${email} has no link:\n${m.text}`);
  return link;
}

/** Opens the verification link as a mail client would (no redirects followed). */
export async function verify(app: AppServer, mail: MailCatcher, user: TestUser): Promise<void> {
  const link = await verificationLink(mail, user.email);
  const url = new URL(link);
  const res = await apiFetch(app, user, url.pathname + url.search, { method: 'GET', redirect: 'manual' });
  if (res.status >= 400)
    throw new Error(`verification of ${user.email} failed: ${res.status} ${await res.text()}`);
  const me = await getMe(app, user);
  if (!me.emailVerified) throw new Error(`${user.email} is still unverified after opening ${link}`);
}

export async function createVerifiedUser(app: AppServer, mail: MailCatcher, fields: SignUpFields = {}) {
  const user = await signUp(app, fields);
  await verify(app, mail, user);
  return user;
}

export type MeBody = {
  uid: string;
  email: string;
  emailVerified: boolean;
  displayName: string;
  role: string;
  pointBalance: number;
  referralCount: number;
  isAdmin: boolean;
};

export async function getMe(app: AppServer, user: TestUser): Promise<MeBody> {
  const res = await apiFetch(app, user, '/api/me');
  if (res.status !== 200) throw new Error(`GET /api/me for ${user.email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { user: MeBody }).user;
}

/** Signs in through the API (fresh session cookies for this user). */
export async function signInApi(app: AppServer, user: TestUser): Promise<void> {
  user.cookies.clear();
  const res = await apiFetch(app, user, '/api/account/sign-in', {
    method: 'POST',
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (res.status !== 200)
    throw new Error(`sign-in of ${user.email} failed: ${res.status} ${await res.text()}`);
}

/** Gives the page's browser context this user's session, as if they had signed in there. */
export async function applySession(page: Page, app: AppServer, user: TestUser): Promise<void> {
  await page.context().addCookies(
    [...user.cookies].map(([name, value]) => ({
      name,
      value,
      url: app.url,
      httpOnly: true,
      sameSite: 'Lax' as const,
    })),
  );
}

/** Fills and sends the /login form the page is on, once the app has taken it over. */
export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  // The served page's form is an inert picture until the app replaces it: type into the app's.
  await expect(page.locator('form').first()).not.toHaveAttribute('inert');
  await page.getByLabel(/^e-?mail$/i).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(log ?in|sign ?in)$/i }).click();
}

/** Signs in through the /login form and waits until the app leaves /login. */
export async function signInBrowser(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await page.waitForURL((u) => u.pathname !== '/login');
}

/** Sends a multipart form (FormData) to the app as the user, as a page's form would. */
export function postForm(app: AppServer, user: TestUser, pathname: string, form: FormData) {
  return apiFetch(app, user, pathname, { method: 'POST', body: form });
}
