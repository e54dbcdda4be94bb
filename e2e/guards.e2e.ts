/** Route guards of spec §2 and §6, as a browser meets them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySession, createVerifiedUser, signUp, type TestUser } from './support/api';
import { DESKTOP } from './support/browser';
import { type Harness, pathOf, startHarness } from './support/harness';

let h: Harness;
let builder: TestUser;
let unverified: TestUser;

beforeAll(async () => {
  h = await startHarness();
  builder = await createVerifiedUser(h.app, h.mail);
  unverified = await signUp(h.app, { role: 'creator' });
});

afterAll(async () => {
  await h?.stop();
});

async function pageAs(user: TestUser | null) {
  const page = await h.browser.newPage(DESKTOP);
  if (user) await applySession(page, h.app, user);
  return page;
}

/** Waits until the client has settled on a path (guards redirect after the first auth check). */
async function settlesOn(page: Awaited<ReturnType<typeof pageAs>>, expected: string) {
  await page.waitForURL((u) => u.pathname === expected, { timeout: 15_000 });
  // Still there a moment later: no further redirect.
  await page.waitForTimeout(300);
  expect(pathOf(page.url())).toBe(expected);
}

describe('route guards', () => {
  it('sends a signed-out visitor from /dashboard to /login', async () => {
    const page = await pageAs(null);
    await page.goto('/dashboard');
    await settlesOn(page, '/login');
  });

  it('sends a verified builder from /application to /dashboard', async () => {
    const page = await pageAs(builder);
    await page.goto('/application');
    await settlesOn(page, '/dashboard');
  });

  it('sends a non-admin from an admin screen to /dashboard (via /application)', async () => {
    const page = await pageAs(builder);
    const visited: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) visited.push(pathOf(f.url()));
    });
    await page.goto('/admin/project-approvals');
    await settlesOn(page, '/dashboard');
    expect(visited[0]).toBe('/admin/project-approvals');
    expect(visited).toContain('/application');
  });

  it('sends a signed-in user from /login and /signup to /dashboard', async () => {
    const page = await pageAs(builder);
    await page.goto('/login');
    await settlesOn(page, '/dashboard');
    await page.goto('/signup');
    await settlesOn(page, '/dashboard');
  });

  it('shows an unverified user the verification block on /profile', async () => {
    const page = await pageAs(unverified);
    await page.goto('/profile');
    await page.getByRole('button', { name: /resend verification/i }).waitFor();
    await expect
      .poll(() =>
        page
          .getByText(/verify your e-?mail/i)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(pathOf(page.url())).toBe('/profile');
  });
});
