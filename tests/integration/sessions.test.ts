/**
 * Ending sessions: revokeSessions deletes them and every process forgets them at once,
 * session cache included (ADR 0008 is no longer a 10-second window).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '@/db/schema';
import { revokeSessions, SESSION_CACHE_MS } from '@/server/auth/session-cache';
import { signLink } from '@/server/auth/signed-link';
import { END_SESSION_LINK } from '@/server/features/account/devices';
import { MSG } from '@/shared/messages';
import { testDbKind } from '../support/db';
import { Client, signUp, startTestServer, type TestServer } from '../support/server';

/** Polls until `check` holds, up to `ms` (the bus delivers in milliseconds; the machine may be slow). */
async function eventually(check: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return Date.now();
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A second browser of the same user: signs in with the password. */
async function secondBrowser(t: TestServer, email: string, password: string) {
  const c = t.client();
  const r = await c.post('/api/account/sign-in', { email, password });
  expect(r.status).toBe(200);
  return c;
}

/** The same cookies sent to another process (a load balancer's view). */
function on(c: Client, url: string) {
  const other = new Client(url);
  for (const part of c.cookieHeader().split('; ').filter(Boolean)) {
    const i = part.indexOf('=');
    (other as unknown as { cookies: Map<string, string> }).cookies.set(part.slice(0, i), part.slice(i + 1));
  }
  return other;
}

describe('revokeSessions in one process', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ends all but the current session at once, though the cache had them', async () => {
    const u = await signUp(t);
    const other = await secondBrowser(t, u.email, u.password);
    expect((await other.get('/api/me')).status).toBe(200); // cached now
    const [current] = await t.db.select().from(session).where(eq(session.userId, u.uid));
    const keep = (await t.deps.auth.api.getSession({
      headers: new Headers({ cookie: u.client.cookieHeader() }),
    }))!.session.token;
    expect(current).toBeDefined();
    const ended = await revokeSessions(t.deps, u.uid, { except: keep });
    expect(ended).toBe(1);
    expect((await other.get('/api/me')).status).toBe(401);
    expect((await u.client.get('/api/me')).status).toBe(200);
  });

  it('a member’s own answers are private and never stored; a shared one keeps its own policy (outside review)', async () => {
    const u = await signUp(t);
    for (const path of [
      '/api/contributions/me',
      '/api/me/points',
      '/api/notifications',
      '/api/grants?scope=mine',
      '/api/me',
    ]) {
      const res = await u.client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toMatch(/^(private, )?no-store$/);
    }
    // A refusal too: it names the viewer's state.
    expect((await t.client().get('/api/me/points')).headers.get('cache-control')).toBe('private, no-store');
    // The public leaderboard says it may be shared for a few seconds, and keeps saying so.
    expect((await t.client().get('/api/leaderboard')).headers.get('cache-control')).toMatch(
      /^public, max-age=/,
    );
  });

  it('GET /api/session names the user, and answers a visitor or an ended session null, never 401', async () => {
    const visitor = await t.client().get('/api/session');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ user: null });
    // An unverified member is signed in: the same user GET /api/me answers.
    const u = await signUp(t, { verify: false });
    const mine = await u.client.get('/api/session');
    expect(mine.status).toBe(200);
    expect(mine.body.user).toEqual((await u.client.get('/api/me')).body.user);
    expect(mine.body.user).toMatchObject({ uid: u.uid, emailVerified: false });
    // A cookie whose session has ended (a stale tab): null, where GET /api/me keeps its 401.
    const other = await secondBrowser(t, u.email, u.password);
    expect((await other.get('/api/session')).body.user?.uid).toBe(u.uid);
    await revokeSessions(t.deps, u.uid);
    const stale = other.cookieHeader();
    // A pending two-factor sign-in's cookie set since (another tab) is not the ended session's.
    const pending = await t
      .client()
      .request('GET', '/api/session', undefined, { cookie: `${stale}; better-auth.two_factor=pending` });
    expect(pending.body).toEqual({ user: null, ended: true });
    expect(pending.headers.getSetCookie().join('\n')).not.toMatch(/two_factor/);
    const ended = await other.get('/api/session');
    expect(ended.status).toBe(200);
    // Said once, so the app can tell the person why they are at the login page; the cookies are cleared.
    expect(ended.body).toEqual({ user: null, ended: true });
    expect(ended.headers.getSetCookie().join('\n')).toMatch(
      /better-auth\.session_token=; Max-Age=0; Path=\//,
    );
    expect((await other.get('/api/session')).body).toEqual({ user: null });
    expect((await t.client().request('GET', '/api/me', undefined, { cookie: stale })).status).toBe(401);
  });

  it('ends only the sessions named', async () => {
    const u = await signUp(t);
    const other = await secondBrowser(t, u.email, u.password);
    const third = await secondBrowser(t, u.email, u.password);
    for (const c of [u.client, other, third]) expect((await c.get('/api/me')).status).toBe(200);
    const otherId = (await t.deps.auth.api.getSession({
      headers: new Headers({ cookie: other.cookieHeader() }),
    }))!.session.id;
    expect(await revokeSessions(t.deps, u.uid, { only: [otherId] })).toBe(1);
    expect((await other.get('/api/me')).status).toBe(401);
    expect((await third.get('/api/me')).status).toBe(200);
    expect((await u.client.get('/api/me')).status).toBe(200);
    expect(await revokeSessions(t.deps, u.uid, { only: [] })).toBe(0);
  });

  it('never ends another user’s session', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const bId = (await t.deps.auth.api.getSession({
      headers: new Headers({ cookie: b.client.cookieHeader() }),
    }))!.session.id;
    expect(await revokeSessions(t.deps, a.uid, { only: [bId] })).toBe(0);
    expect((await b.client.get('/api/me')).status).toBe(200);
  });
});

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('signed-in devices', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  const phoneOf = async (email: string, password: string) => {
    const c = t.client();
    const r = await c.request(
      'POST',
      '/api/account/sign-in',
      { email, password },
      { 'user-agent': PHONE_UA },
    );
    expect(r.status).toBe(200);
    return c;
  };

  it('lists each session with its browser, IP and times, this device first', async () => {
    const u = await signUp(t);
    await phoneOf(u.email, u.password);
    const res = await u.client.get('/api/account/devices');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const devices = res.body.devices as Array<Record<string, unknown>>;
    expect(devices).toHaveLength(2);
    expect(devices[0]).toMatchObject({ current: true, ip: '127.0.0.1' });
    expect(devices[1]).toMatchObject({ current: false, browser: 'Safari 17', deviceType: 'mobile' });
    expect(devices[1]!.os).toMatch(/^iOS/);
    for (const d of devices) {
      expect(Date.parse(d.createdAt as string)).toBeLessThanOrEqual(Date.parse(d.lastSeenAt as string));
    }
  });

  it('signs out one other device; refuses this one, unknown ones and other users’', async () => {
    const u = await signUp(t);
    const phone = await phoneOf(u.email, u.password);
    const stranger = await signUp(t);
    const list = (await u.client.get('/api/account/devices')).body.devices as Array<{
      id: string;
      current: boolean;
    }>;
    const mine = list.find((d) => d.current)!;
    const other = list.find((d) => !d.current)!;
    const strangers = (await stranger.client.get('/api/account/devices')).body.devices[0].id as string;

    const self = await u.client.delete(`/api/account/devices/${mine.id}`);
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe(MSG.security.endCurrentRefused);
    const foreign = await u.client.delete(`/api/account/devices/${strangers}`);
    expect(foreign.status).toBe(404);
    expect((await stranger.client.get('/api/me')).status).toBe(200);

    expect((await phone.get('/api/me')).status).toBe(200);
    const ended = await u.client.delete(`/api/account/devices/${other.id}`);
    expect(ended.status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await u.client.get('/api/me')).status).toBe(200);
    expect((await u.client.delete(`/api/account/devices/${other.id}`)).status).toBe(404);
  });

  it('signs out every other device', async () => {
    const u = await signUp(t);
    const phones = [await phoneOf(u.email, u.password), await phoneOf(u.email, u.password)];
    for (const p of phones) expect((await p.get('/api/me')).status).toBe(200);
    const res = await u.client.post('/api/account/devices/sign-out-others');
    expect(res.status).toBe(200);
    expect(res.body.ended).toBe(2);
    for (const p of phones) expect((await p.get('/api/me')).status).toBe(401);
    expect((await u.client.get('/api/account/devices')).body.devices).toHaveLength(1);
  });

  it('records last seen at most once a minute', async () => {
    const u = await signUp(t);
    const [row] = await t.db.select().from(session).where(eq(session.userId, u.uid));
    const old = new Date(Date.now() - 5 * 60_000);
    await t.db.update(session).set({ lastSeenAt: old }).where(eq(session.id, row!.id));
    t.deps.sessions.clear();
    expect((await u.client.get('/api/me')).status).toBe(200);
    await eventually(async () => {
      const [r] = await t.db.select().from(session).where(eq(session.id, row!.id));
      return r!.lastSeenAt.getTime() > old.getTime();
    }, 5000);
    // Written just now: the next requests within the minute write nothing, even when the
    // session cache (10 s) has to read the session again on a slow machine: the stored
    // time is then under a minute old too.
    const [touched] = await t.db.select().from(session).where(eq(session.id, row!.id));
    for (let i = 0; i < 3; i++) expect((await u.client.get('/api/me')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    const [after] = await t.db.select().from(session).where(eq(session.id, row!.id));
    expect(after!.lastSeenAt.getTime()).toBe(touched!.lastSeenAt.getTime());
  });

  it('ends the session a signed mail link names, by POST only, and nothing else', async () => {
    const u = await signUp(t);
    const phone = await phoneOf(u.email, u.password);
    const list = (await u.client.get('/api/account/devices')).body.devices as Array<{
      id: string;
      current: boolean;
    }>;
    const other = list.find((d) => !d.current)!;
    const token = signLink(t.deps.env.AUTH_SECRET, END_SESSION_LINK, other.id);
    const anon = t.client();
    // A GET (a mail scanner opening the link) changes nothing.
    expect(
      (await anon.get(`/api/account/devices/end-by-link?token=${encodeURIComponent(token)}`)).status,
    ).toBe(404);
    expect((await phone.get('/api/me')).status).toBe(200);
    // Tampered, or signed for another purpose: refused.
    // A signature's first character changed (its last one carries bits a decoder may ignore, so
    // changing the end could leave the same signature: the run that caught this flaked 1 in ~1,000).
    const sig = token.split('.')[1]!;
    const forged = `${other.id}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    for (const bad of [forged, signLink(t.deps.env.AUTH_SECRET, 'other', other.id), 'nonsense']) {
      const r = await anon.post('/api/account/devices/end-by-link', { token: bad });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(MSG.security.linkInvalid);
    }
    expect((await phone.get('/api/me')).status).toBe(200);
    const r = await anon.post('/api/account/devices/end-by-link', { token });
    expect(r.status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await u.client.get('/api/me')).status).toBe(200);
    // Again: already ended, same answer, nothing else touched.
    expect((await anon.post('/api/account/devices/end-by-link', { token })).status).toBe(200);
    expect((await u.client.get('/api/me')).status).toBe(200);
  });

  it('changes the password with the current one and signs out every other device', async () => {
    const u = await signUp(t);
    const phone = await phoneOf(u.email, u.password);
    const wrong = await u.client.post('/api/account/change-password', {
      currentPassword: 'not-it',
      newPassword: 'fresh-pass',
      confirmPassword: 'fresh-pass',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(MSG.security.wrongPassword);
    const short = await u.client.post('/api/account/change-password', {
      currentPassword: u.password,
      newPassword: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe(MSG.signup.tooShort);
    expect((await phone.get('/api/me')).status).toBe(200);
    const res = await u.client.post('/api/account/change-password', {
      currentPassword: u.password,
      newPassword: 'fresh-pass',
      confirmPassword: 'fresh-pass',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.security.passwordChanged);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await u.client.get('/api/me')).status).toBe(200);
    expect(
      (await t.client().post('/api/account/sign-in', { email: u.email, password: 'fresh-pass' })).status,
    ).toBe(200);
    expect(
      (await t.client().post('/api/account/sign-in', { email: u.email, password: u.password })).status,
    ).toBe(401);
  });
});

describe.skipIf(testDbKind !== 'postgres')('revokeSessions across two processes on PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ env: { AUTH_SECRET: 'a-shared-secret-for-both-processes-0123456789' } });
    b = await startTestServer({
      handle: a.deps.handle,
      keepHandle: true,
      env: { AUTH_SECRET: 'a-shared-secret-for-both-processes-0123456789' },
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a session ended on A is refused on B at once, not after the cache’s 10 s', async () => {
    const u = await signUp(a);
    const other = await secondBrowser(a, u.email, u.password);
    const otherOnB = on(other, b.url);
    expect((await otherOnB.get('/api/me')).status).toBe(200); // B caches the cookie

    // Control: the row gone without a broadcast, B still answers from its cache.
    const otherId = (await a.deps.auth.api.getSession({
      headers: new Headers({ cookie: other.cookieHeader() }),
    }))!.session.id;
    const [row] = await a.db.select().from(session).where(eq(session.id, otherId));
    await a.db.delete(session).where(eq(session.id, otherId));
    expect((await otherOnB.get('/api/me')).status).toBe(200);
    await a.db.insert(session).values(row!);

    const started = Date.now();
    await revokeSessions(a.deps, u.uid, { only: [otherId] });
    const refusedAt = await eventually(async () => (await otherOnB.get('/api/me')).status === 401, 3000);
    expect(refusedAt - started).toBeLessThan(SESSION_CACHE_MS);
    // The user's other session still works on both.
    expect((await on(u.client, b.url).get('/api/me')).status).toBe(200);
    expect((await u.client.get('/api/me')).status).toBe(200);
  });

  it('a password reset on A ends the sessions cached on B at once', async () => {
    const u = await signUp(a);
    const onB = on(u.client, b.url);
    expect((await onB.get('/api/me')).status).toBe(200);
    const r = await a.client().post('/api/account/forgot-password', { email: u.email });
    expect(r.status).toBe(200);
    await a.deps.mailer.deliverDue();
    const mail = await a.smtp.waitFor(u.email, 'Reset');
    const c = a.client();
    const redirect = await c.get(mail.links.find((l) => l.includes('/reset-password/'))!);
    const token = new URL(redirect.headers.get('location')!, a.url).searchParams.get('token');
    const started = Date.now();
    const done = await c.post('/api/account/reset-password', {
      token,
      password: 'another12',
      confirmPassword: 'another12',
    });
    expect(done.status).toBe(200);
    const refusedAt = await eventually(async () => (await onB.get('/api/me')).status === 401, 3000);
    expect(refusedAt - started).toBeLessThan(SESSION_CACHE_MS);
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes the client’s IP from the address the proxy added, not from what the client wrote before it', async () => {
    const u = await signUp(t);
    const c = t.client();
    // The client wrote 203.0.113.7 itself; the proxy appended the address it saw.
    const signIn = await c.request(
      'POST',
      '/api/account/sign-in',
      { email: u.email, password: u.password },
      { 'x-forwarded-for': '203.0.113.7, 198.51.100.2' },
    );
    expect(signIn.status).toBe(200);
    const devices = (await c.get('/api/account/devices')).body.devices as Array<{
      current: boolean;
      ip: string;
    }>;
    expect(devices.find((d) => d.current)?.ip).toBe('198.51.100.2');
  });
});
