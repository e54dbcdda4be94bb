/**
 * Disabling and enabling an account (issue 18): the admin's required reason, every
 * session ended at once, no sign-in with the spec's message, pending items out of the
 * review queue, audit entries, the mail on enabling, and the race with a submit that
 * is already on its way.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contributions, session } from '@/db/schema';
import { checkIntegrity } from '@/server/integrity';
import { MSG } from '@/shared/messages';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: Client;
let adminId: string;
let seq = 9000;

beforeAll(async () => {
  t = await startTestServer();
  const a = await signUp(t, { email: ADMIN_EMAIL });
  admin = a.client;
  adminId = a.uid;
});
afterAll(async () => {
  await t?.close();
});

const submit = (c: Client) =>
  c.post('/api/contributions', {
    title: 'Thread about Sysfi',
    type: 'tweet',
    link: `https://x.com/sysfi_fan/status/${++seq}`,
  });

const queueIds = async () =>
  ((await admin.get('/api/admin/contributions')).body.items as { id: string }[]).map((i) => i.id);

describe('disable and enable', () => {
  it('needs a reason, and the admin account cannot be disabled', async () => {
    const u = await signUp(t);
    const res = await admin.post(`/api/admin/users/${u.uid}/disable`, { reason: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MSG.moderation.reasonRequired);
    const self = await admin.post(`/api/admin/users/${adminId}/disable`, { reason: 'no' });
    expect(self.status).toBe(409);
    expect(self.body.error.message).toBe(MSG.moderation.cannotDisableAdmin);
    expect((await admin.post(`/api/admin/users/${u.uid}/enable`, { reason: 'x' })).status).toBe(409);
    expect((await admin.post('/api/admin/users/nobody/disable', { reason: 'x' })).status).toBe(404);
  });

  it('ends every session, refuses sign-in with the spec message, hides pending items; enabling restores and mails', async () => {
    const u = await signUp(t);
    const second = t.client();
    expect((await second.post('/api/account/sign-in', { email: u.email, password: u.password })).status).toBe(
      200,
    );
    const sub = await submit(u.client);
    expect(sub.status).toBe(201);
    const item = sub.body.contribution.id as string;
    expect(await queueIds()).toContain(item);

    const off = await admin.post(`/api/admin/users/${u.uid}/disable`, { reason: 'Spam links' });
    expect(off.status).toBe(200);
    expect(await t.db.select().from(session).where(eq(session.userId, u.uid))).toEqual([]);
    expect((await u.client.get('/api/me')).status).toBe(401);
    expect((await second.get('/api/me')).status).toBe(401);
    const login = await t.client().post('/api/account/sign-in', { email: u.email, password: u.password });
    expect(login.status).toBe(401);
    expect(login.body.error.message).toBe(MSG.login.disabled);
    expect(login.headers.getSetCookie().filter((v) => !v.includes('Max-Age=0'))).toEqual([]);
    // A wrong password is answered as for any account: that the account is disabled is
    // told only to someone who knows its password.
    const guess = await t
      .client()
      .post('/api/account/sign-in', { email: u.email, password: `${u.password}x` });
    expect(guess.status).toBe(401);
    expect(guess.body.error.code).toBe('WRONG_PASSWORD');
    expect(guess.body.error.message).toBe(MSG.login.wrongPassword);
    expect(await t.db.select().from(session).where(eq(session.userId, u.uid))).toEqual([]);
    expect(await queueIds()).not.toContain(item);
    const listed = await admin.get('/api/admin/users?disabled=yes');
    expect(listed.body.users.map((r: { id: string }) => r.id)).toContain(u.uid);

    const on = await admin.post(`/api/admin/users/${u.uid}/enable`, { reason: 'Appeal accepted' });
    expect(on.status).toBe(200);
    const mail = await t.smtp.waitFor(u.email, 'enabled again');
    expect(mail.text).toContain('Appeal accepted');
    const back = t.client();
    expect((await back.post('/api/account/sign-in', { email: u.email, password: u.password })).status).toBe(
      200,
    );
    expect((await back.get('/api/me')).status).toBe(200);
    expect(await queueIds()).toContain(item);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, u.uid)))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.actorId, a.reason])).toEqual([
      ['user.disable', adminId, 'Spam links'],
      ['user.enable', adminId, 'Appeal accepted'],
    ]);
    expect(audit[0]!.after).toMatchObject({ disabled: true });
  });

  it('a submit racing the disable is either stored before it (and leaves the queue) or refused with nothing stored', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await signUp(t);
      const [res, off] = await Promise.all([
        submit(u.client),
        admin.post(`/api/admin/users/${u.uid}/disable`, { reason: `race ${round}` }),
      ]);
      expect(off.status).toBe(200);
      const stored = await t.db.select().from(contributions).where(eq(contributions.userId, u.uid));
      if (res.status === 201) {
        expect(stored).toHaveLength(1);
        expect(await queueIds()).not.toContain(stored[0]!.id);
      } else {
        expect([401, 403]).toContain(res.status);
        expect(stored).toEqual([]);
      }
      expect(await t.db.select().from(session).where(eq(session.userId, u.uid))).toEqual([]);
      expect((await submit(u.client)).status).toBe(401);
    }
  });
});

describe('password reset of a disabled account (outside review)', () => {
  const resetToken = async (c: Client, email: string) => {
    expect((await c.post('/api/account/forgot-password', { email })).status).toBe(200);
    await t.deps.mailer.deliverDue();
    const mail = await t.smtp.waitFor(email, 'Reset');
    const link = mail.links.find((l) => l.includes('/reset-password/'));
    expect(link).toBeTruthy();
    const redirect = await c.get(link!);
    return new URL(redirect.headers.get('location')!, t.url).searchParams.get('token');
  };
  const newPassword = { password: 'brand-new-pass', confirmPassword: 'brand-new-pass' };

  it('mails no reset link to a disabled account, and a link sent before the disable sets no password', async () => {
    const u = await signUp(t);
    const c = t.client();
    // A link asked for while the account was still enabled…
    const early = await resetToken(c, u.email);
    expect((await admin.post(`/api/admin/users/${u.uid}/disable`, { reason: 'Bot farm' })).status).toBe(200);
    // …is refused once it is disabled, with the spec's message, and the password stays.
    const used = await c.post('/api/account/reset-password', { token: early, ...newPassword });
    expect(used.status).toBe(401);
    expect(used.body.error.message).toBe(MSG.login.disabled);
    // A new request answers as for any address, but the mail says the account is disabled and has no link.
    const asked = await c.post('/api/account/forgot-password', { email: u.email });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(MSG.reset.sent);
    const mail = await t.smtp.waitFor(u.email, 'is disabled');
    expect(mail.text).toContain('cannot be reset');
    expect(mail.links.filter((l) => l.includes('reset-password'))).toEqual([]);

    // Enabled again: the old password signs in (nothing was changed), and a reset works as for anyone.
    expect((await admin.post(`/api/admin/users/${u.uid}/enable`, { reason: 'Appeal accepted' })).status).toBe(
      200,
    );
    expect((await c.post('/api/account/sign-in', { email: u.email, password: u.password })).status).toBe(200);
    const late = await resetToken(t.client(), u.email);
    expect(
      (await t.client().post('/api/account/reset-password', { token: late, ...newPassword })).status,
    ).toBe(200);
  });
});

describe('role changes', () => {
  it('changes a role with a reason, audited; refuses the same role, a missing reason and the admin', async () => {
    const u = await signUp(t);
    expect(
      (await admin.post(`/api/admin/users/${u.uid}/role`, { role: 'startup', reason: ' ' })).status,
    ).toBe(400);
    const ok = await admin.post(`/api/admin/users/${u.uid}/role`, {
      role: 'startup',
      reason: 'Runs a startup',
    });
    expect(ok.status).toBe(200);
    expect((await u.client.get('/api/me')).body.user.role).toBe('startup');
    const same = await admin.post(`/api/admin/users/${u.uid}/role`, { role: 'startup', reason: 'again' });
    expect(same.status).toBe(409);
    const demote = await admin.post(`/api/admin/users/${adminId}/role`, { role: 'builder', reason: 'no' });
    expect(demote.status).toBe(409);
    expect(demote.body.error.message).toBe(MSG.moderation.cannotDemoteAdmin);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.role'), eq(auditLog.targetId, u.uid)));
    expect(entry).toMatchObject({
      actorId: adminId,
      before: { role: 'builder' },
      after: { role: 'startup' },
      reason: 'Runs a startup',
    });
  });
});

describe('XP corrections', () => {
  it('grants and deducts as new ledger rows, audited, once per key, never below 0; the ledger and histogram stay exact', async () => {
    const u = await signUp(t);
    const key = crypto.randomUUID();
    const grant = await admin.post(`/api/admin/users/${u.uid}/xp`, {
      delta: 120,
      reason: 'Meetup host',
      key,
    });
    expect(grant.body).toEqual({ applied: true, balance: 120 });
    const again = await admin.post(`/api/admin/users/${u.uid}/xp`, {
      delta: 120,
      reason: 'Meetup host',
      key,
    });
    expect(again.body).toEqual({ applied: false, balance: 120 });
    const deduct = await admin.post(`/api/admin/users/${u.uid}/xp`, {
      delta: -20,
      reason: 'Duplicate reward',
      key: crypto.randomUUID(),
    });
    expect(deduct.body).toEqual({ applied: true, balance: 100 });
    const tooMuch = await admin.post(`/api/admin/users/${u.uid}/xp`, {
      delta: -101,
      reason: 'x',
      key: crypto.randomUUID(),
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.message).toBe(MSG.moderation.belowZero);
    expect((await admin.post(`/api/admin/users/${u.uid}/xp`, { delta: 5, reason: '', key })).status).toBe(
      400,
    );
    const page = await admin.get(`/api/admin/users/${u.uid}`);
    expect(page.body.user.points).toBe(100);
    expect(
      page.body.ledger.map((e: { delta: number; balanceAfter: number }) => [e.delta, e.balanceAfter]),
    ).toEqual([
      [-20, 100],
      [120, 120],
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, u.uid), eq(auditLog.targetType, 'user')))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.reason])).toEqual([
      ['xp.grant', 'Meetup host'],
      ['xp.deduct', 'Duplicate reward'],
    ]);
    expect(await checkIntegrity(t.db)).toEqual([]);
  });
});
