/**
 * Cross-site request forgery: a page on another site (or on another port of the same
 * host) drives the browser of a signed-in user, whose cookies go along. Every write
 * under /api must be refused unless it comes from the app's own pages, and change
 * nothing; the app's own writes keep working.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributions, projectApplications, user } from '@/db/schema';
import { MSG } from '@/shared/messages';
import { projectApplicationBody } from '../support/payloads';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: Client;
let otherPort: string;

beforeAll(async () => {
  t = await startTestServer();
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
  const port = Number(new URL(t.url).port);
  otherPort = `http://localhost:${port === 65535 ? port - 1 : port + 1}`;
});
afterAll(async () => {
  await t?.close();
});

/** A request as the victim's browser sends it: their cookies, the attacker's headers. */
async function forged(
  victim: Client,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: BodyInit,
) {
  const res = await fetch(t.url + path, {
    method,
    headers: { cookie: victim.cookieHeader(), ...headers },
    body,
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

function expectRefused(res: { status: number; body: any }) {
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ error: { code: 'CROSS_SITE_REQUEST', message: MSG.common.crossSite } });
}

const pendingApplication = async () => {
  const s = await signUp(t, { role: 'startup' });
  const res = await s.client.post('/api/project-applications', projectApplicationBody('Forged Labs'));
  expect(res.status).toBe(201);
  return { owner: s, id: res.body.application.id as string };
};

const bioOf = async (id: string) =>
  (await t.db.select({ bio: user.bio }).from(user).where(eq(user.id, id)))[0]?.bio;

const statusOf = async (id: string) =>
  (await t.db.select().from(projectApplications).where(eq(projectApplications.id, id)))[0]?.status;

describe('cross-site writes are refused', () => {
  it('PATCH /api/profile with Origin https://evil.example and a valid session', async () => {
    const u = await signUp(t);
    const res = await forged(
      u.client,
      'PATCH',
      '/api/profile',
      { origin: 'https://evil.example', 'content-type': 'application/json' },
      JSON.stringify({ bio: 'pwned' }),
    );
    expectRefused(res);
    expect(await bioOf(u.uid)).toBeNull();
  });

  it('a bodiless no-cors POST from another port of the same host to the admin approve route', async () => {
    const { owner, id } = await pendingApplication();
    // fetch(url, {method: 'POST', mode: 'no-cors', credentials: 'include'}) from http://localhost:<other port>
    const res = await forged(admin, 'POST', `/api/admin/project-applications/${id}/approve`, {
      origin: otherPort,
      'sec-fetch-site': 'same-site',
      'sec-fetch-mode': 'no-cors',
    });
    expectRefused(res);
    expect(await statusOf(id)).toBe('pending');
    const [row] = await t.db.select({ status: user.status }).from(user).where(eq(user.id, owner.uid));
    expect(row?.status).toBe('pending');
  });

  it('no Origin and Sec-Fetch-Site: cross-site', async () => {
    const { id } = await pendingApplication();
    const res = await forged(
      admin,
      'POST',
      `/api/admin/project-applications/${id}/reject`,
      {
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
      },
      JSON.stringify({ reason: 'forged' }),
    );
    expectRefused(res);
    expect(await statusOf(id)).toBe('pending');
  });

  it('no Origin and no Sec-Fetch-Site at all (not a browser we can judge)', async () => {
    const { id } = await pendingApplication();
    expectRefused(await forged(admin, 'POST', `/api/admin/project-applications/${id}/approve`, {}));
    expect(await statusOf(id)).toBe('pending');
  });

  it('Origin "null" (a sandboxed frame or a data: page)', async () => {
    const u = await signUp(t);
    expectRefused(
      await forged(
        u.client,
        'PATCH',
        '/api/profile',
        { origin: 'null', 'content-type': 'text/plain' },
        '{"bio":"x"}',
      ),
    );
    expect(await bioOf(u.uid)).toBeNull();
  });

  it('a multipart form posted from another site stores nothing', async () => {
    const u = await signUp(t);
    const form = new FormData();
    form.set('title', 'Forged contribution');
    form.set('type', 'tweet');
    form.set('link', 'https://x.com/someone/status/123456');
    form.set('timeZone', 'UTC');
    expectRefused(
      await forged(
        u.client,
        'POST',
        '/api/contributions',
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        form,
      ),
    );
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const photo = new FormData();
    photo.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    expectRefused(await forged(u.client, 'POST', '/api/profile/photo', { origin: otherPort }, photo));
    expect(await t.db.select().from(contributions).where(eq(contributions.userId, u.uid))).toHaveLength(0);
    const [row] = await t.db.select({ image: user.image }).from(user).where(eq(user.id, u.uid));
    expect(row?.image ?? null).toBeNull();
  });

  it('a form that signs the victim in to the attacker’s account (login CSRF), and sign-out', async () => {
    const attacker = await signUp(t);
    const form = new URLSearchParams({ email: attacker.email, password: attacker.password });
    const res = await fetch(`${t.url}/api/account/sign-in`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toHaveLength(0);
    const victim = await signUp(t);
    expectRefused(
      await forged(victim.client, 'POST', '/api/account/sign-out', { origin: 'https://evil.example' }),
    );
    expect((await victim.client.get('/api/me')).status).toBe(200);
  });

  it('better-auth’s own endpoints too, with the same answer', async () => {
    const u = await signUp(t);
    for (const path of ['/api/auth/update-user', '/api/auth/sign-out', '/api/auth/revoke-sessions']) {
      expectRefused(
        await forged(
          u.client,
          'POST',
          path,
          { origin: 'https://evil.example', 'content-type': 'application/json' },
          '{}',
        ),
      );
    }
    expect((await u.client.get('/api/me')).status).toBe(200);
  });

  it('a DELETE from another site', async () => {
    const res = await forged(admin, 'DELETE', '/api/admin/resources/does-not-exist', { origin: otherPort });
    expectRefused(res);
  });
});

describe('the app’s own writes keep working', () => {
  it('Origin equal to APP_URL', async () => {
    const u = await signUp(t);
    const res = await forged(
      u.client,
      'PATCH',
      '/api/profile',
      { origin: t.url, 'content-type': 'application/json' },
      JSON.stringify({ bio: 'from our page' }),
    );
    expect(res.status).toBe(200);
    expect(await bioOf(u.uid)).toBe('from our page');
  });

  it('no Origin (stripped by a proxy) with Sec-Fetch-Site: same-origin, including sign-in through better-auth', async () => {
    const u = await signUp(t);
    const res = await forged(
      u.client,
      'PATCH',
      '/api/profile',
      { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      JSON.stringify({ bio: 'behind a proxy' }),
    );
    expect(res.status).toBe(200);
    expect(await bioOf(u.uid)).toBe('behind a proxy');
    const signIn = await fetch(`${t.url}/api/account/sign-in`, {
      method: 'POST',
      headers: {
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
        cookie: u.client.cookieHeader(),
      },
      body: JSON.stringify({ email: u.email, password: u.password }),
    });
    expect(signIn.status).toBe(200);
  });

  it('reads are never refused, whatever their origin', async () => {
    const u = await signUp(t);
    const res = await forged(u.client, 'GET', '/api/me', {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.status).toBe(200);
  });
});
