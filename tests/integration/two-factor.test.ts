/**
 * Second factor (issue 21) on better-auth's two-factor plugin, through our endpoints:
 * enrolment with the otpauth URI (codes computed here from its secret, RFC 6238),
 * sign-in asking for a code only when the account has one, backup codes once each,
 * a used TOTP code refused inside its window, and brute force refused.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimit, twoFactor, user } from '@/db/schema';
import { DEFAULT_RATE_LIMITS } from '@/server/auth/auth';
import { resetSecondFactor } from '@/server/features/account/reset-second-factor';
import { MSG } from '@/shared/messages';
import { testDbKind } from '../support/db';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';
import { parseOtpauth, totpCode, wrongCode } from '../support/totp';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Signs up and turns TOTP on; returns the user, the secret and the backup codes. */
async function enrolled(t: TestServer) {
  const u = await signUp(t);
  const start = await u.client.post('/api/account/two-factor/enable', { password: u.password });
  expect(start.status).toBe(200);
  const totp = parseOtpauth(start.body.totpURI);
  const enrolCode = totpCode(totp);
  const confirm = await u.client.post('/api/account/two-factor/confirm', { code: enrolCode });
  expect(confirm.status).toBe(200);
  return { ...u, totp, enrolCode, backupCodes: start.body.backupCodes as string[] };
}

/** The password step; the answer says a code is needed and no session exists yet. */
async function passwordStep(t: TestServer, email: string, password: string): Promise<Client> {
  const c = t.client();
  const r = await c.post('/api/account/sign-in', { email, password });
  expect(r.status).toBe(200);
  expect(r.body).toEqual({ twoFactorRequired: true });
  expect((await c.get('/api/me')).status).toBe(401);
  return c;
}

const codeStep = (c: Client, method: 'totp' | 'backup', code: string) =>
  c.post('/api/account/sign-in/two-factor', { method, code });

describe('second factor', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('enrols with the QR code’s secret: password first, a code confirms, other sessions end, a mail says so', async () => {
    const u = await signUp(t);
    const phone = t.client();
    await phone.request(
      'POST',
      '/api/account/sign-in',
      { email: u.email, password: u.password },
      { 'user-agent': PHONE_UA },
    );
    expect((await phone.get('/api/me')).status).toBe(200);

    const wrong = await u.client.post('/api/account/two-factor/enable', { password: 'not-it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(MSG.security.wrongPassword);

    const start = await u.client.post('/api/account/two-factor/enable', { password: u.password });
    expect(start.status).toBe(200);
    expect(start.headers.get('cache-control')).toBe('no-store');
    expect(start.body.totpURI).toMatch(/^otpauth:\/\/totp\/Sysfi%20Labs:/);
    expect(start.body.backupCodes).toHaveLength(10);
    const totp = parseOtpauth(start.body.totpURI);
    // Not on until a code confirms: sign-in still needs only the password.
    expect((await u.client.get('/api/me')).body.user.twoFactorEnabled).toBe(false);

    const bad = await u.client.post('/api/account/two-factor/confirm', { code: wrongCode(totp) });
    expect(bad.status).toBe(401);
    expect(bad.body.error.message).toBe(MSG.security.codeWrong);
    const malformed = await u.client.post('/api/account/two-factor/confirm', { code: '12ab56' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe(MSG.security.codeFormat);

    const ok = await u.client.post('/api/account/two-factor/confirm', { code: totpCode(totp) });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(MSG.security.twoFactorOn);
    const me = await u.client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.twoFactorEnabled).toBe(true);
    expect((await phone.get('/api/me')).status).toBe(401);
    await t.smtp.waitFor(u.email, 'two-factor authentication was turned on');

    const again = await u.client.post('/api/account/two-factor/enable', { password: u.password });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(MSG.security.twoFactorAlreadyOn);
  });

  it('asks for a code only when the account has a second factor', async () => {
    const plain = await signUp(t);
    const r = await t.client().post('/api/account/sign-in', { email: plain.email, password: plain.password });
    expect(r.status).toBe(200);
    expect(r.body.user.uid).toBe(plain.uid);

    const u = await enrolled(t);
    const c = await passwordStep(t, u.email, u.password);
    const wrong = await codeStep(c, 'totp', wrongCode(u.totp));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(MSG.security.codeWrong);
    expect((await c.get('/api/me')).status).toBe(401);
    const ok = await codeStep(c, 'totp', totpCode(u.totp, 1));
    expect(ok.status).toBe(200);
    expect(ok.body.user.uid).toBe(u.uid);
    expect((await c.get('/api/me')).status).toBe(200);
    // Without a pending sign-in, a code opens nothing.
    const stray = await codeStep(t.client(), 'totp', totpCode(u.totp));
    expect(stray.status).toBe(401);
  });

  it('refuses a TOTP code already used inside its window', async () => {
    const u = await enrolled(t);
    const first = await passwordStep(t, u.email, u.password);
    const code = totpCode(u.totp, 1);
    expect((await codeStep(first, 'totp', code)).status).toBe(200);
    const second = await passwordStep(t, u.email, u.password);
    const replay = await codeStep(second, 'totp', code);
    expect(replay.status).toBe(401);
    expect(replay.body.error.message).toBe(MSG.security.codeUsed);
    expect((await second.get('/api/me')).status).toBe(401);
    // The enrolment's own code is used too (refused as used while its step is accepted,
    // as wrong once a slow machine has moved past it: never a sign-in).
    const third = await passwordStep(t, u.email, u.password);
    expect((await codeStep(third, 'totp', u.enrolCode)).status).toBe(401);
    expect((await third.get('/api/me')).status).toBe(401);
  });

  it('accepts each backup code once', async () => {
    const u = await enrolled(t);
    const [one, two] = u.backupCodes;
    const a = await passwordStep(t, u.email, u.password);
    expect((await codeStep(a, 'backup', one!)).status).toBe(200);
    expect((await a.get('/api/me')).status).toBe(200);
    const b = await passwordStep(t, u.email, u.password);
    const reused = await codeStep(b, 'backup', one!);
    expect(reused.status).toBe(401);
    expect(reused.body.error.message).toBe(MSG.security.codeWrong);
    expect((await codeStep(b, 'backup', two!)).status).toBe(200);
    expect((await b.get('/api/me')).status).toBe(200);
  });

  it('refuses a near-miss backup code as wrong, counted toward the lockout, and the real one still works', async () => {
    const u = await enrolled(t);
    const real = u.backupCodes[3]!;
    // One character off: compared in constant time by us, never handed to better-auth's
    // string compare, yet still counted as a failed code by its lockout.
    const nearMiss = real.slice(0, -1) + (real.endsWith('a') ? 'b' : 'a');
    const c = await passwordStep(t, u.email, u.password);
    const before = (await t.db.select().from(twoFactor).where(eq(twoFactor.userId, u.uid)))[0]!;
    const wrong = await codeStep(c, 'backup', nearMiss);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(MSG.security.codeWrong);
    const after = (await t.db.select().from(twoFactor).where(eq(twoFactor.userId, u.uid)))[0]!;
    expect(after.failedVerificationCount).toBe(before.failedVerificationCount + 1);
    expect((await c.get('/api/me')).status).toBe(401);
    expect((await codeStep(c, 'backup', real)).status).toBe(200);
    expect((await c.get('/api/me')).status).toBe(200);
  });

  it('turns off with the password, and sign-in needs only the password again', async () => {
    const u = await enrolled(t);
    expect((await u.client.post('/api/account/two-factor/disable', { password: 'nope' })).status).toBe(400);
    const off = await u.client.post('/api/account/two-factor/disable', { password: u.password });
    expect(off.status).toBe(200);
    expect((await u.client.get('/api/me')).body.user.twoFactorEnabled).toBe(false);
    const r = await t.client().post('/api/account/sign-in', { email: u.email, password: u.password });
    expect(r.body.user.uid).toBe(u.uid);
    await t.smtp.waitFor(u.email, 'two-factor authentication was turned off');
  });
});

describe('lost every factor: the operator’s reset (npm run account:reset-2fa)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('turns two-factor off and ends every session; the password alone signs in again', async () => {
    const u = await enrolled(t);
    expect((await u.client.get('/api/me')).status).toBe(200);
    expect(await resetSecondFactor(t.db, 'nobody@example.test')).toBeNull();
    const res = await resetSecondFactor(t.db, u.email.toUpperCase());
    expect(res).toMatchObject({ userId: u.uid, sessionsEnded: 1 });
    // On PostgreSQL the reset's NOTIFY reaches the app's bus; on PGlite the app is stopped
    // while the tool runs (it holds the database), so its cache is gone anyway.
    if (testDbKind !== 'postgres') t.deps.sessions.clear();
    await expect.poll(async () => (await u.client.get('/api/me')).status, { timeout: 3000 }).toBe(401);
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, u.uid))).toHaveLength(0);
    const r = await t.client().post('/api/account/sign-in', { email: u.email, password: u.password });
    expect(r.body.user.uid).toBe(u.uid);
    expect(r.body.user.twoFactorEnabled).toBe(false);
  });
});

describe('second factor: brute force', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ rateLimits: DEFAULT_RATE_LIMITS });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the 11th wrong code in a minute, and a correct code afterwards until the wait is over', async () => {
    const u = await enrolled(t);
    await t.db.delete(rateLimit); // the minute starts now (the enrolment's code counted too)
    let wrongCount = 0;
    // better-auth ends one pending sign-in after 5 wrong codes: the attacker signs in again.
    for (let round = 0; round < 2; round++) {
      const c = await passwordStep(t, u.email, u.password);
      for (let i = 0; i < 5; i++) {
        const r = await codeStep(c, 'totp', wrongCode(u.totp));
        expect(r.status).toBe(401);
        wrongCount += 1;
      }
    }
    expect(wrongCount).toBe(10);
    const c = await passwordStep(t, u.email, u.password);
    const eleventh = await codeStep(c, 'totp', wrongCode(u.totp));
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error.message).toBe(MSG.security.codeTooMany);
    const right = await codeStep(c, 'totp', totpCode(u.totp, 1));
    expect(right.status).toBe(429);
    expect((await c.get('/api/me')).status).toBe(401);
    const backup = await codeStep(c, 'backup', u.backupCodes[0]!);
    expect(backup.status).toBe(429);

    // The wait, without sleeping through it: the minute and the lock run out.
    await t.db.update(rateLimit).set({ lastRequest: sql`${rateLimit.lastRequest} - 61000` });
    const [tf] = await t.db.select().from(twoFactor).where(eq(twoFactor.userId, u.uid));
    expect(tf!.lockedUntil).not.toBeNull();
    await t.db
      .update(twoFactor)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(twoFactor.userId, u.uid));
    const after = await passwordStep(t, u.email, u.password);
    expect((await codeStep(after, 'totp', totpCode(u.totp, 1))).status).toBe(200);
    const [row] = await t.db.select().from(user).where(eq(user.id, u.uid));
    expect(row!.twoFactorEnabled).toBe(true);
  });
});

describe('staff need a second factor (REQUIRE_STAFF_2FA on, as in production)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { REQUIRE_STAFF_2FA: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses every admin write until the admin has a second factor, with the way to set it up', async () => {
    const admin = await signUp(t, { email: ADMIN_EMAIL });
    const doc = (await t.client().get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const writes = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
        .filter((m) => (ops[m] as { tags?: string[] }).tags?.includes('admin') || p.startsWith('/admin/'))
        .map((m) => [m.toUpperCase(), p.replace(/\{[^}]+\}/g, 'x')] as const),
    );
    // approve, reward, reject, decline, resources, mail retry, …
    expect(writes.length).toBeGreaterThanOrEqual(10);
    for (const [method, path] of writes) {
      const r = await admin.client.request(method, `/api${path}`, {});
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.error.code, `${method} ${path}`).toBe('SECOND_FACTOR_REQUIRED');
      expect(r.body.error.message).toBe(MSG.security.staffNeeds2fa);
    }
    // Looking is allowed: the screens load and say what to do.
    expect((await admin.client.get('/api/admin/summary')).status).toBe(200);
    // A builder's writes are not the staff rule's business.
    const builder = await signUp(t);
    expect((await builder.client.post('/api/admin/resources', {})).body.error.code).toBe('ADMIN_ONLY');

    const start = await admin.client.post('/api/account/two-factor/enable', { password: admin.password });
    const totp = parseOtpauth(start.body.totpURI);
    expect(
      (await admin.client.post('/api/account/two-factor/confirm', { code: totpCode(totp) })).status,
    ).toBe(200);
    const created = await admin.client.post('/api/admin/resources', {
      title: 'Staff guide',
      category: 'Docs',
      link: 'https://example.com/guide',
    });
    expect(created.status).toBe(201);
  });
});
