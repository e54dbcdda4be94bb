import http from 'node:http';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointEvents, user } from '@/db/schema';
import { MSG } from '@/shared/messages';
import {
  ADMIN_EMAIL,
  identity,
  signUp,
  startTestServer,
  type TestServer,
  verificationLink,
  verifyByMail,
} from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

async function row(uid: string) {
  const [r] = await t.db.select().from(user).where(eq(user.id, uid));
  return r!;
}

describe('sign-up → verification mail → verify → sign in', () => {
  it('creates the spec §3 user, mails a working link over SMTP, and signs in', async () => {
    const id = identity('flow');
    const c = t.client();
    const res = await c.post('/api/account/sign-up', {
      email: id.email.toUpperCase(),
      displayName: `  ${id.displayName}  `,
      password: id.password,
      confirmPassword: id.password,
      role: 'developer',
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      email: id.email,
      displayName: id.displayName,
      emailVerified: false,
      role: 'developer',
      status: 'pending',
      pointBalance: 0,
      referralCount: 0,
      referredBy: null,
      referralRewarded: false,
      totalContributions: 0,
      isAdmin: false,
    });
    // Unverified users are signed in (they must see the block screen)...
    expect((await c.get('/api/me')).body.user.emailVerified).toBe(false);

    // ...and the mail went through a real SMTP server.
    const link = await verificationLink(t, id.email);
    expect(link).toContain(`${t.url}/api/auth/verify-email?token=`);
    const v = await c.get(link);
    expect(v.status).toBe(302);
    expect(v.headers.get('location')).toContain('/verified');
    expect((await c.get('/api/me')).body.user.emailVerified).toBe(true);

    await c.post('/api/account/sign-out');
    expect((await c.get('/api/me')).status).toBe(401);

    const again = t.client();
    const login = await again.post('/api/account/sign-in', { email: id.email, password: id.password });
    expect(login.status).toBe(200);
    expect(login.body.user.emailVerified).toBe(true);
    expect((await again.get('/api/me')).body.user.uid).toBe(res.body.user.uid);
  });

  it('defaults the role to builder', async () => {
    const { uid } = await signUp(t, { verify: false });
    expect((await row(uid)).role).toBe('builder');
  });

  it('answers an invalid verification link without verifying anything', async () => {
    const c = t.client();
    const res = await c.get('/api/auth/verify-email?token=not-a-token&callbackURL=%2Fverified');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/\/verified\?error=/);
  });

  it('re-sends the verification mail on request', async () => {
    const u = await signUp(t, { verify: false });
    await verificationLink(t, u.email); // the sign-up mail has arrived
    const before = t.smtp.mails.filter((m) => m.to.includes(u.email)).length;
    const res = await u.client.post('/api/account/send-verification');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.verify.sent);
    await t.deps.mailer.deliverDue();
    await expect.poll(() => t.smtp.mails.filter((m) => m.to.includes(u.email)).length).toBe(before + 1);
  });
});

describe('sign-up rules (server side, spec §5 messages)', () => {
  const base = () => {
    const id = identity('rule');
    return {
      email: id.email,
      displayName: id.displayName,
      password: 'secret12',
      confirmPassword: 'secret12',
    };
  };
  it.each([
    ['empty field', { email: '' }, MSG.signup.required],
    ['blank display name', { displayName: '   ' }, MSG.signup.required],
    ['passwords differ', { confirmPassword: 'other123' }, MSG.signup.mismatch],
    ['short password', { password: 'abc', confirmPassword: 'abc' }, MSG.signup.tooShort],
    ['bad e-mail', { email: 'not-an-email' }, MSG.signup.invalidEmail],
    ['admin role', { role: 'admin' }, MSG.signup.invalidRole],
    ['made-up role', { role: 'overlord' }, MSG.signup.invalidRole],
    ['zero-width name', { displayName: 'Bob\u200B' }, MSG.signup.nameInvalid],
    ['right-to-left override', { displayName: 'Eve\u202Eevil' }, MSG.signup.nameInvalid],
  ])('refuses %s and writes nothing', async (_label, patch, message) => {
    const body = { ...base(), ...patch };
    const [{ value: before } = { value: -1 }] = await t.db.select({ value: count() }).from(user);
    const res = await t.client().post('/api/account/sign-up', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    const [{ value: after } = { value: -2 }] = await t.db.select({ value: count() }).from(user);
    expect(after).toBe(before);
  });

  it('refuses the e-mail of a verified account (any case); an unverified one is replaced (account-ownership.test.ts)', async () => {
    const a = await signUp(t);
    const res = await t.client().post('/api/account/sign-up', {
      ...base(),
      email: a.email.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MSG.signup.emailInUse);
    const pending = await signUp(t, { verify: false });
    const over = await t
      .client()
      .post('/api/account/sign-up', { ...base(), email: pending.email.toUpperCase() });
    expect(over.status).toBe(201);
    expect(over.body.user.uid).not.toBe(pending.uid);
  });

  it('refuses a display name already taken, case- and width-insensitively', async () => {
    await signUp(t, { displayName: 'Satoshi Fan', verify: false });
    // Case, spacing, full-width forms and look-alike letters all collide (display-names.test.ts).
    for (const name of ['satoshi fan', 'SATOSHI  FAN', 'Ｓａｔｏｓｈｉ Ｆａｎ', 'Sat0shl Fan']) {
      const res = await t.client().post('/api/account/sign-up', { ...base(), displayName: name });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(MSG.signup.nameTaken);
    }
    // Cyrillic а, о inside a Latin name: refused before any look-up, as a mix of alphabets.
    const mixed = await t
      .client()
      .post('/api/account/sign-up', { ...base(), displayName: 'S\u0430t\u043Eshi Fan' });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.message).toBe(MSG.signup.nameMixedScripts);
  });

  it('lets exactly one of several simultaneous sign-ups with one display name win', async () => {
    const name = `Racer ${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.client().post('/api/account/sign-up', { ...base(), displayName: name }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.body.error.message).toBe(MSG.signup.nameTaken);
    }
    const rows = await t.db.select().from(user).where(eq(user.name, name));
    expect(rows).toHaveLength(1);
  });

  it('does not let anyone bypass our checks through better-auth’s own sign-up', async () => {
    const res = await t.client().post('/api/auth/sign-up/email', { ...base(), name: 'x', role: 'admin' });
    expect(res.status).toBe(404);
  });

  it('keeps better-auth’s other endpoints internal: no self-service role, name or photo (docs/security.md)', async () => {
    const other = await signUp(t);
    const { client, uid } = await signUp(t);
    const before = await row(uid);
    const attempts = [
      [
        'POST',
        '/api/auth/update-user',
        { role: 'admin', name: other.displayName, image: 'javascript:alert(1)' },
      ],
      ['POST', '/api/auth/sign-in/email', { email: other.email, password: other.password }],
      ['POST', '/api/auth/change-password', { currentPassword: 'secret12', newPassword: 'secret34' }],
      ['GET', '/api/auth/get-session', undefined],
      ['GET', '/api/auth/list-sessions', undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      const res = await client.request(method, path, body, { origin: t.url });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const after = await row(uid);
    expect({ role: after.role, name: after.name, image: after.image }).toEqual({
      role: before.role,
      name: before.name,
      image: before.image,
    });
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('answers malformed JSON and oversized bodies with a clear error', async () => {
    const c = t.client();
    const bad = await c.request('POST', '/api/account/sign-up', '{"email":', {
      'content-type': 'application/json',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBeTruthy();
    const huge = await c.post('/api/account/sign-up', {
      ...base(),
      displayName: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toBe(MSG.common.tooLarge);
  });

  it('answers a GET that carries an oversized body it never reads, and stays responsive', async () => {
    // GETs skip the body-size check (app.ts): no handler reads a GET's body, so it cannot be held.
    const body = Buffer.alloc(8 * 1024 * 1024, 'x');
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${t.url}/api/leaderboard`, {
        method: 'GET',
        headers: { 'content-type': 'application/json', 'content-length': String(body.byteLength) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      // The server may answer and close before taking it all: that is fine, the answer is what counts.
      req.on('error', (err: NodeJS.ErrnoException) =>
        err.code === 'EPIPE' || err.code === 'ECONNRESET' ? null : reject(err),
      );
      req.end(body);
    });
    expect(status).toBe(200);
    expect((await t.client().get('/api/leaderboard')).status).toBe(200);
  });
});

describe('login (spec §8 catalogue)', () => {
  it('maps each failure to the spec message', async () => {
    const u = await signUp(t, { verify: false });
    const c = t.client();
    expect((await c.post('/api/account/sign-in', { email: '', password: '' })).body.error.message).toBe(
      MSG.login.required,
    );
    const wrong = await c.post('/api/account/sign-in', { email: u.email, password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(MSG.login.wrongPassword);
    const missing = await c.post('/api/account/sign-in', {
      email: 'ghost@example.test',
      password: 'whatever1',
    });
    expect(missing.body.error.message).toBe(MSG.login.notFound);
    expect((await c.get('/api/me')).status).toBe(401);
  });
});

describe('referral reward', () => {
  it('pays the referrer 100 XP and +1 referral exactly once under 20 concurrent verifications', async () => {
    const referrer = await signUp(t, { role: 'ambassador' });
    const invited = await signUp(t, { ref: referrer.uid, verify: false });
    expect((await row(invited.uid)).referredBy).toBe(referrer.uid);

    const link = await verificationLink(t, invited.email);
    // The invitee's own browser (the one that signed up), from 20 tabs at once.
    const results = await Promise.all(Array.from({ length: 20 }, () => invited.client.get(link)));
    expect(results.every((r) => r.status === 302)).toBe(true);
    // Several tabs polling /api/me at once must not pay again either.
    await Promise.all(Array.from({ length: 5 }, () => invited.client.get('/api/me')));

    const r = await row(referrer.uid);
    expect(r.pointBalance).toBe(100);
    expect(r.referralCount).toBe(1);
    expect((await row(invited.uid)).referralRewarded).toBe(true);
    const events = await t.db.select().from(pointEvents).where(eq(pointEvents.userId, referrer.uid));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      delta: 100,
      balanceAfter: 100,
      reason: 'referral',
      sourceId: invited.uid,
    });

    const me = await referrer.client.get('/api/me');
    expect(me.body.user).toMatchObject({ pointBalance: 100, referralCount: 1 });
  });

  it('pays nothing before verification, and ignores a ref that names nobody', async () => {
    const referrer = await signUp(t);
    await signUp(t, { ref: referrer.uid, verify: false });
    const stranger = await signUp(t, { ref: 'no-such-user' });
    expect((await row(stranger.uid)).referredBy).toBeNull();
    expect((await row(referrer.uid)).pointBalance).toBe(0);
  });

  it('pays a bonus a crash left unpaid at the next boot, never from a GET', async () => {
    const referrer = await signUp(t);
    const invited = await signUp(t, { ref: referrer.uid, verify: false });
    // The process died between the verification and the reward's transaction.
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.id, invited.uid));
    await invited.client.get('/api/me');
    await referrer.client.get('/api/me');
    expect((await row(referrer.uid)).pointBalance).toBe(0);
    const again = await startTestServer({ handle: t.deps.handle, keepHandle: true });
    await again.close();
    expect((await row(referrer.uid)).pointBalance).toBe(100);
    expect((await row(invited.uid)).referralRewarded).toBe(true);
  });
});

describe('admin and protected calls', () => {
  it.each([
    ['Boss@Example.test', 'boss@example.test'],
    ['boss@example.test', 'Boss@Example.TEST'],
  ])('ADMIN_EMAIL=%s makes the verified %s the admin (case-insensitive both ways)', async (env, address) => {
    const s = await startTestServer({ env: { ADMIN_EMAIL: env } });
    try {
      const c = s.client();
      const id = identity('boss');
      const res = await c.post('/api/account/sign-up', {
        email: address,
        displayName: id.displayName,
        password: id.password,
        confirmPassword: id.password,
      });
      expect(res.status).toBe(201);
      await verifyByMail(s, c, address.toLowerCase());
      expect((await c.get('/api/me')).body.user.isAdmin).toBe(true);
      expect((await c.get('/api/admin/summary')).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('recognises the admin only once ADMIN_EMAIL is verified', async () => {
    const c = t.client();
    const id = identity('adm');
    const res = await c.post('/api/account/sign-up', {
      email: ADMIN_EMAIL.toUpperCase(),
      displayName: id.displayName,
      password: id.password,
      confirmPassword: id.password,
    });
    expect(res.status).toBe(201);
    expect(res.body.user.isAdmin).toBe(false);
    expect((await c.get('/api/admin/summary')).status).toBe(403);
    await verifyByMail(t, c, ADMIN_EMAIL);
    expect((await c.get('/api/me')).body.user.isAdmin).toBe(true);
    const summary = await c.get('/api/admin/summary');
    expect(summary.status).toBe(200);
    expect(summary.body.users).toBeGreaterThan(0);
  });

  it('refuses protected calls from anonymous and unverified sessions', async () => {
    const anon = t.client();
    const r1 = await anon.get('/api/me/points');
    expect(r1.status).toBe(401);
    expect(r1.body.error.message).toBe(MSG.auth.loginRequired);

    const unverified = await signUp(t, { verify: false });
    const r2 = await unverified.client.get('/api/me/points');
    expect(r2.status).toBe(403);
    expect(r2.body.error.code).toBe('EMAIL_NOT_VERIFIED');

    const verified = await signUp(t);
    const r3 = await verified.client.get('/api/me/points');
    expect(r3.status).toBe(200);
    expect(r3.body.events).toEqual([]);

    const r4 = await verified.client.get('/api/admin/summary');
    expect(r4.status).toBe(403);
    expect(r4.body.error.message).toBe(MSG.auth.adminOnly);
  });
});

describe('password reset', () => {
  it('mails a reset link that sets a new password', async () => {
    const u = await signUp(t);
    expect((await u.client.get('/api/me')).status).toBe(200); // the session is now cached in this process
    const c = t.client();
    const res = await c.post('/api/account/forgot-password', { email: u.email });
    expect(res.status).toBe(200);
    await t.deps.mailer.deliverDue();
    const mail = await t.smtp.waitFor(u.email, 'Reset');
    const link = mail.links.find((l) => l.includes('/reset-password/'));
    expect(link).toBeTruthy();
    const redirect = await c.get(link!);
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location')!, t.url);
    const token = location.searchParams.get('token');
    expect(location.pathname).toBe('/reset-password');
    const done = await c.post('/api/account/reset-password', {
      token,
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(done.status).toBe(200);
    expect((await c.post('/api/account/sign-in', { email: u.email, password: u.password })).status).toBe(401);
    expect(
      (await c.post('/api/account/sign-in', { email: u.email, password: 'brand-new-pass' })).status,
    ).toBe(200);
    // The old session was revoked with the reset.
    expect((await u.client.get('/api/me')).status).toBe(401);
  });

  it('answers the same for unknown e-mails (no account probing through reset)', async () => {
    const res = await t.client().post('/api/account/forgot-password', { email: 'nobody@example.test' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.reset.sent);
  });
});

describe('names that pass for the team (outside review)', () => {
  const body = (email: string, displayName: string) => ({
    email,
    displayName,
    password: 'secret12',
    confirmPassword: 'secret12',
  });
  it('refuses a member’s sign-up with a staff word or the brand, and creates nothing', async () => {
    for (const name of ['Ada Nakamoto 🛡️ Admin', 'S y s f i A d m i n', 'Sysfi Team']) {
      const email = `imp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
      const res = await t.client().post('/api/account/sign-up', body(email, name));
      expect(res.status, name).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'DISPLAY_NAME_RESERVED',
        message: MSG.signup.nameReserved,
      });
      expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    }
  });
  it('lets the team’s own account (ADMIN_EMAIL) carry it', async () => {
    const s = await startTestServer({ env: { ADMIN_EMAIL: 'team@sysfi.test' } });
    try {
      const res = await s.client().post('/api/account/sign-up', body('Team@Sysfi.test', 'Sysfi Admin'));
      expect(res.status).toBe(201);
    } finally {
      await s.close();
    }
  });
});
