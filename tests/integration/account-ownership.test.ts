/**
 * Whoever proves control of the mailbox ends up in sole control of the account, and
 * referral bonuses follow mailboxes, not spellings of an address.
 *
 * The attack: an impostor signs up with someone else's address (unverified, with a referral
 * code of their own second account). When the real owner clicks the verification mail, the
 * owner verified an account whose password the impostor knows, and the impostor's referrer
 * got +100 XP. Both orders are played: impostor first, and owner first.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointEvents, session, user } from '@/db/schema';
import { settlePendingReferrals } from '@/server/features/xp/ledger';
import { checkIntegrity } from '@/server/integrity';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { type Client, signUp, startTestServer, type TestServer, verifyByMail } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const tag = () => `${Date.now().toString(36)}${++seq}`;

async function userByEmail(email: string) {
  const [r] = await t.db.select().from(user).where(eq(user.email, email));
  return r;
}
const balance = async (uid: string) =>
  (await t.db.select({ p: user.pointBalance }).from(user).where(eq(user.id, uid)))[0]?.p;

/** Every verification link mailed to `email` so far, oldest first. */
async function links(email: string): Promise<string[]> {
  await t.deps.mailer.deliverDue();
  await t.smtp.waitFor(email, 'Verify');
  return t.smtp.mails
    .filter((m) => m.to.includes(email.toLowerCase()) && m.subject.includes('Verify'))
    .map((m) => m.links.find((l) => l.includes('/api/auth/verify-email'))!);
}
async function waitForLinks(email: string, n: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const l = await links(email);
    if (l.length >= n) return l;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`fewer than ${n} verification mails to ${email}`);
}

async function signUpRaw(c: Client, email: string, password: string, over: Record<string, unknown> = {}) {
  return c.post('/api/account/sign-up', {
    email,
    displayName: `Member ${tag()}`,
    password,
    confirmPassword: password,
    ...over,
  });
}

describe('an address someone else registered first', () => {
  it('impostor first: the owner cannot verify the impostor’s account, signs up over it, and ends in sole control; no bonus', async () => {
    const victim = `victim${tag()}@example.test`;
    const second = await signUp(t, { role: 'ambassador' }); // the impostor's own second account
    const impostor = t.client();
    const imp = await signUpRaw(impostor, victim, 'impostor-pw', { ref: second.uid });
    expect(imp.status).toBe(201);
    const [impostorLink] = await waitForLinks(victim, 1);

    // The owner clicks the mail in their own browser: nothing is verified, a password is asked.
    const owner = t.client();
    const opened = await owner.get(impostorLink!);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toMatch(/^\/verified\?confirm=/);
    expect((await userByEmail(victim))?.emailVerified).toBe(false);
    const guess = await owner.post('/api/account/verify-email', {
      token: new URL(impostorLink!).searchParams.get('token'),
      password: 'owner-pw',
    });
    expect(guess.status).toBe(401);
    expect((await userByEmail(victim))?.emailVerified).toBe(false);
    expect(await balance(second.uid)).toBe(0);

    // The owner signs up with their own address: the unverified account is replaced.
    const mine = await signUpRaw(owner, victim, 'owner-pw-123');
    expect(mine.status).toBe(201);
    expect(mine.body.user.uid).not.toBe(imp.body.user.uid);
    expect((await impostor.get('/api/me')).status).toBe(401); // the impostor's session is gone
    const [, ownerLink] = await waitForLinks(victim, 2);
    const v = await owner.get(ownerLink!);
    expect(v.status).toBe(302);
    expect(v.headers.get('location')).toBe('/verified');
    expect((await owner.get('/api/me')).body.user).toMatchObject({ emailVerified: true, referredBy: null });

    // The impostor's password and old link open nothing; no bonus was paid to their referrer.
    expect(
      (await t.client().post('/api/account/sign-in', { email: victim, password: 'impostor-pw' })).status,
    ).toBe(401);
    expect((await t.client().get(impostorLink!)).headers.get('location')).toMatch(/error=/);
    expect((await signUpRaw(t.client(), victim, 'impostor-pw')).status).toBe(409);
    expect(await balance(second.uid)).toBe(0);
    expect(await t.db.select().from(pointEvents).where(eq(pointEvents.userId, second.uid))).toHaveLength(0);
    expect(await checkIntegrity(t.db)).toEqual([]);
  });

  it('owner first: an impostor who signs up over the owner’s unverified account gains nothing', async () => {
    const email = `owner${tag()}@example.test`;
    const friend = await signUp(t); // the owner's real referrer
    const impostorReferrer = await signUp(t);
    const owner = t.client();
    expect((await signUpRaw(owner, email, 'owner-pw-123', { ref: friend.uid })).status).toBe(201);
    const [firstLink] = await waitForLinks(email, 1);

    // The impostor signs up with the same address: the owner's unverified account is replaced.
    const impostor = t.client();
    const imp = await signUpRaw(impostor, email, 'impostor-pw', { ref: impostorReferrer.uid });
    expect(imp.status).toBe(201);
    expect((await owner.get('/api/me')).status).toBe(401);
    const [, secondLink] = await waitForLinks(email, 2);

    // The owner's old link is dead; the new one (the impostor's account) wants its password.
    expect((await owner.get(firstLink!)).headers.get('location')).toMatch(/error=/);
    expect((await owner.get(secondLink!)).headers.get('location')).toMatch(/^\/verified\?confirm=/);
    expect((await userByEmail(email))?.emailVerified).toBe(false);
    expect(await balance(impostorReferrer.uid)).toBe(0);

    // The owner signs up again, verifies in that browser, and is the only one signed in.
    expect((await signUpRaw(owner, email, 'owner-pw-123', { ref: friend.uid })).status).toBe(201);
    expect((await impostor.get('/api/me')).status).toBe(401);
    const [, , thirdLink] = await waitForLinks(email, 3);
    expect((await owner.get(thirdLink!)).headers.get('location')).toBe('/verified');
    expect((await owner.get('/api/me')).body.user.emailVerified).toBe(true);
    expect((await t.client().post('/api/account/sign-in', { email, password: 'impostor-pw' })).status).toBe(
      401,
    );
    expect(await balance(impostorReferrer.uid)).toBe(0);
    expect(await balance(friend.uid)).toBe(100);
  });

  it('a link opened on another device verifies after the password, and ends every other session', async () => {
    const email = `twodevices${tag()}@example.test`;
    const laptop = t.client();
    expect((await signUpRaw(laptop, email, 'my-password')).status).toBe(201);
    const [link] = await waitForLinks(email, 1);
    const phone = t.client();
    expect((await phone.get(link!)).headers.get('location')).toMatch(/^\/verified\?confirm=/);
    const token = new URL(link!).searchParams.get('token');
    const wrong = await phone.post('/api/account/verify-email', { token, password: 'not-my-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(MSG.login.wrongPassword);
    const ok = await phone.post('/api/account/verify-email', { token, password: 'my-password' });
    expect(ok.status).toBe(200);
    expect(ok.body.user.emailVerified).toBe(true);
    expect((await phone.get('/api/me')).body.user.emailVerified).toBe(true);
    expect((await laptop.get('/api/me')).status).toBe(401);
    const again = await phone.post('/api/account/verify-email', { token, password: 'my-password' });
    expect(again.status).toBe(409);
    const forged = await phone.post('/api/account/verify-email', { token: 'a.b.c', password: 'my-password' });
    expect(forged.status).toBe(400);
  });

  it('a forged verification token (right address and id, no valid signature) reveals nothing and verifies nothing', async () => {
    const verified = await signUp(t);
    const unverified = await signUp(t, { verify: false });
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const forge = (u: { uid: string; email: string }) =>
      `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ email: u.email.toLowerCase(), userId: u.uid })}.AAAA`;
    const c = t.client();
    // The right pair answers as a wrong one would: not 409 "already verified".
    for (const u of [verified, unverified, { uid: verified.uid, email: 'someone@example.test' }]) {
      const res = await c.post('/api/account/verify-email', { token: forge(u), password: 'secret12' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_TOKEN');
    }
    // Even with the account's own password, a forged token neither signs in nor verifies.
    const withPassword = await c.post('/api/account/verify-email', {
      token: forge(unverified),
      password: unverified.password,
    });
    expect(withPassword.status).toBe(400);
    expect(withPassword.headers.getSetCookie()).toEqual([]);
    expect((await c.get('/api/me')).status).toBe(401);
    expect((await userByEmail(unverified.email))?.emailVerified).toBe(false);
    // Opened as a link, it is better-auth's error, not the page asking for that account's password.
    const opened = await c.get(`/api/auth/verify-email?token=${encodeURIComponent(forge(unverified))}`);
    expect(opened.headers.get('location') ?? '').not.toMatch(/confirm=/);
  });

  it('a password reset for an address whose sign-up nobody confirmed sends no reset link: the owner signs up over it', async () => {
    const victim = `resetvictim${tag()}@example.test`;
    const second = await signUp(t); // the impostor's own second account
    const impostor = t.client();
    const impostorName = `Impostor ${tag()}`;
    const imp = await signUpRaw(impostor, victim, 'impostor-pw', {
      ref: second.uid,
      displayName: impostorName,
    });
    expect(imp.status).toBe(201);
    await waitForLinks(victim, 1);

    const owner = t.client();
    const asked = await owner.post('/api/account/forgot-password', { email: victim });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(MSG.reset.sent); // the same answer as for any address
    await t.deps.mailer.deliverDue();
    const mail = await t.smtp.waitFor(victim, 'Finish signing up');
    expect(mail.links.some((l) => l.includes('/reset-password'))).toBe(false);
    const signUpLink = mail.links.find((l) => new URL(l).pathname === '/signup');
    expect(signUpLink).toBeTruthy();
    expect(mail.text).not.toContain(impostorName); // no greeting by a stranger's chosen name

    // The owner follows it: the unconfirmed sign-up is replaced, its referrer is never paid.
    expect((await signUpRaw(owner, victim, 'owner-pw-123')).status).toBe(201);
    expect((await impostor.get('/api/me')).status).toBe(401);
    const [, ownerLink] = await waitForLinks(victim, 2);
    expect((await owner.get(ownerLink!)).headers.get('location')).toBe('/verified');
    expect((await owner.get('/api/me')).body.user).toMatchObject({ emailVerified: true, referredBy: null });
    expect(await balance(second.uid)).toBe(0);
  });

  it('in the browser that signed up, the link verifies and ends the account’s other sessions', async () => {
    const u = await signUp(t, { verify: false });
    const elsewhere = t.client();
    expect(
      (await elsewhere.post('/api/account/sign-in', { email: u.email, password: u.password })).status,
    ).toBe(200);
    const [link] = await waitForLinks(u.email, 1);
    expect((await u.client.get(link!)).headers.get('location')).toBe('/verified');
    expect((await u.client.get('/api/me')).body.user.emailVerified).toBe(true);
    expect((await elsewhere.get('/api/me')).status).toBe(401);
  });
});

describe('referral farming', () => {
  it('pays once per mailbox: plus tags and Gmail dots are one inbox', async () => {
    const referrer = await signUp(t);
    const base = `farm${tag()}`;
    const spellings = [
      `${base}@gmail.com`,
      `${base}+1@gmail.com`,
      `${base.slice(0, 2)}.${base.slice(2)}@gmail.com`,
      `${base}+x@googlemail.com`,
    ];
    for (const email of spellings) await signUp(t, { email, ref: referrer.uid });
    expect(await balance(referrer.uid)).toBe(100);
    const [r] = await t.db.select().from(user).where(eq(user.id, referrer.uid));
    expect(r?.referralCount).toBe(1);
    // Another mailbox still pays.
    await signUp(t, { email: `${base}-other@gmail.com`, ref: referrer.uid });
    expect(await balance(referrer.uid)).toBe(200);
  });

  it('owes an unverified referrer the bonus, and pays it when they verify', async () => {
    const referrer = await signUp(t, { verify: false });
    const invitee = await signUp(t, { ref: referrer.uid });
    expect(await balance(referrer.uid)).toBe(0);
    const board = await t.client().get('/api/leaderboard');
    expect(board.body.entries.map((e: { uid: string }) => e.uid)).not.toContain(referrer.uid);
    // A restart settles crash leftovers, not what is owed to an unverified referrer.
    expect(await settlePendingReferrals(t.db)).toBe(0);
    expect(await balance(referrer.uid)).toBe(0);

    await verifyByMail(t, referrer.client, referrer.email);
    expect(await balance(referrer.uid)).toBe(100);
    const [r] = await t.db.select().from(user).where(eq(user.id, referrer.uid));
    expect(r?.referralCount).toBe(1);
    const [i] = await t.db.select().from(user).where(eq(user.id, invitee.uid));
    expect(i?.referralRewarded).toBe(true);
    expect(await checkIntegrity(t.db)).toEqual([]);
  });

  it('never pays for the referrer’s own mailbox', async () => {
    const box = `self${tag()}`;
    const referrer = await signUp(t, { email: `${box}@example.test` });
    await signUp(t, { email: `${box}+alt@example.test`, ref: referrer.uid });
    expect(await balance(referrer.uid)).toBe(0);
  });
});

describe('change e-mail before verifying', () => {
  it('discards the unverified sign-up, so its name is free for the sign-up with the right address', async () => {
    const referrer = await signUp(t);
    const name = `Jules ${tag()}`;
    const typo = await signUp(t, {
      email: `jules${tag()}@exmaple.test`,
      displayName: name,
      ref: referrer.uid,
      verify: false,
    });
    // The name is held while the typo's account lives.
    const blocked = await t.client().post('/api/account/sign-up', {
      email: `jules${tag()}@example.test`,
      displayName: name,
      password: typo.password,
      confirmPassword: typo.password,
    });
    expect(blocked.status).toBe(409);

    const gone = await typo.client.post('/api/account/discard-unverified', {});
    expect(gone).toMatchObject({ status: 200, body: { ok: true, referredBy: referrer.uid } });
    expect(await t.db.select().from(user).where(eq(user.id, typo.uid))).toEqual([]);
    expect((await typo.client.get('/api/me')).status).toBe(401);

    const right = await signUp(t, {
      email: `jules${tag()}@example.test`,
      displayName: name,
      ref: referrer.uid,
    });
    expect(right.uid).not.toBe(typo.uid);
    expect(await balance(referrer.uid)).toBe(100);
    expect(await checkIntegrity(t.db)).toEqual([]);
  });

  it('keeps a verified account, and needs a session', async () => {
    const verified = await signUp(t);
    const kept = await verified.client.post('/api/account/discard-unverified', {});
    expect(kept).toMatchObject({ status: 409, body: { error: { message: MSG.verify.cannotDiscard } } });
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.id, verified.uid))).toHaveLength(1);
    expect((await verified.client.get('/api/me')).status).toBe(200);
    expect((await t.client().post('/api/account/discard-unverified', {})).status).toBe(401);
  });
});

describe('a display name held by a sign-up nobody confirmed', () => {
  const claim = (name: string) =>
    t.client().post('/api/account/sign-up', {
      email: `claim${tag()}@example.test`,
      displayName: name,
      password: 'claimer-pw-1',
      confirmPassword: 'claimer-pw-1',
    });
  const ageBy = (uid: string, ms: number) =>
    t.db
      .update(user)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(user.id, uid));
  const lastSeenBefore = (uid: string, ms: number) =>
    t.db
      .update(session)
      .set({ lastSeenAt: new Date(Date.now() - ms) })
      .where(eq(session.userId, uid));

  it('is held for the life of its verification link, then goes to the next sign-up with that name', async () => {
    const name = `Squat ${tag()}`;
    const squatter = await signUp(t, {
      email: `squat${tag()}@nowhere.test`,
      displayName: name,
      verify: false,
    });
    const early = await claim(name);
    expect(early).toMatchObject({ status: 409, body: { error: { code: 'DISPLAY_NAME_TAKEN' } } });
    // Just inside the link's life: still held.
    await ageBy(squatter.uid, LIMITS.verificationLinkMs - 60_000);
    expect((await claim(name.toUpperCase())).status).toBe(409);

    // Older than a link's life, but signed in within it (a new link needs a session): held.
    await ageBy(squatter.uid, LIMITS.verificationLinkMs + 60_000);
    expect((await claim(name)).status).toBe(409);

    await lastSeenBefore(squatter.uid, LIMITS.verificationLinkMs + 60_000);
    const late = await claim(name);
    expect(late.status).toBe(201);
    expect(late.body.user.displayName).toBe(name);
    expect(await t.db.select().from(user).where(eq(user.id, squatter.uid))).toEqual([]);
    expect((await squatter.client.get('/api/me')).status).toBe(401);
    expect(await checkIntegrity(t.db)).toEqual([]);
  });

  it('is held at most LIMITS.unverifiedNameHoldMs, however often its session is used (outside review)', async () => {
    const name = `Hold ${tag()}`;
    const squatter = await signUp(t, {
      email: `hold${tag()}@nowhere.test`,
      displayName: name,
      verify: false,
    });
    // Six days old and seen just now (a request a day keeps the session fresh): held.
    await ageBy(squatter.uid, LIMITS.unverifiedNameHoldMs - 24 * 3600_000);
    expect((await squatter.client.get('/api/me')).status).toBe(200);
    expect((await claim(name)).status).toBe(409);
    // A week old, still seen just now: the name goes to the next sign-up.
    await ageBy(squatter.uid, LIMITS.unverifiedNameHoldMs + 60_000);
    expect((await squatter.client.get('/api/me')).status).toBe(200);
    const taken = await claim(name);
    expect(taken.status).toBe(201);
    expect(await t.db.select().from(user).where(eq(user.id, squatter.uid))).toEqual([]);
  });

  it('is kept when the sign-up that would take it fails on its address', async () => {
    const name = `Keep ${tag()}`;
    const squatter = await signUp(t, {
      email: `keep${tag()}@nowhere.test`,
      displayName: name,
      verify: false,
    });
    await ageBy(squatter.uid, LIMITS.verificationLinkMs + 60_000);
    await lastSeenBefore(squatter.uid, LIMITS.verificationLinkMs + 60_000);
    const member = await signUp(t);
    const res = await t.client().post('/api/account/sign-up', {
      email: member.email,
      displayName: name,
      password: 'claimer-pw-1',
      confirmPassword: 'claimer-pw-1',
    });
    expect(res).toMatchObject({ status: 409, body: { error: { code: 'EMAIL_ALREADY_IN_USE' } } });
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.id, squatter.uid))).toHaveLength(1);
  });

  it('never takes a verified member’s name, however old the account', async () => {
    const member = await signUp(t);
    await ageBy(member.uid, 30 * LIMITS.verificationLinkMs);
    expect((await claim(member.displayName)).status).toBe(409);
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.id, member.uid))).toHaveLength(1);
  });
});
