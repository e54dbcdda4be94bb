/**
 * Security mail (issue 21): a sign-in from a new browser sends an alert with the time,
 * browser, IP and a signed link that ends that session (by POST, from the page the link
 * opens); a password change sends a mail. Delivered to the real SMTP receiver.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownBrowser } from '@/db/schema';
import { MSG } from '@/shared/messages';
import { signUp, startTestServer, type TestServer } from '../support/server';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const PHONE_UA_UPDATED = PHONE_UA.replace(/17_4/g, '17_5').replace('Version/17.4', 'Version/17.5');
const ALERT = 'New sign-in';

describe('security mail', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  const signInAs = async (email: string, password: string, ua?: string) => {
    const c = t.client();
    const r = await c.request(
      'POST',
      '/api/account/sign-in',
      { email, password },
      ua ? { 'user-agent': ua } : {},
    );
    expect(r.status).toBe(200);
    await t.deps.mailer.deliverDue();
    await t.deps.mailer.idle();
    return c;
  };
  const alertsTo = (email: string) =>
    t.smtp.mails.filter((m) => m.to.includes(email) && m.subject.includes(ALERT));

  it('alerts on a new browser, once, with time, browser, IP and a link that ends only that session', async () => {
    const u = await signUp(t);
    // The sign-up's browser is the first one: signing in again from it alerts nobody.
    await signInAs(u.email, u.password);
    expect(alertsTo(u.email)).toHaveLength(0);

    const phone = await signInAs(u.email, u.password, PHONE_UA);
    const mail = await t.smtp.waitFor(u.email, ALERT);
    expect(mail.text).toContain('Browser: Safari 17 on iOS');
    expect(mail.text).toContain('IP address: 127.0.0.1');
    expect(mail.text).toMatch(/Time: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT/);
    const link = mail.links.find((l) => l.startsWith(`${t.url}/end-session?token=`));
    expect(link).toBeDefined();

    // The same phone again, and after a browser update: known, no second alert.
    await signInAs(u.email, u.password, PHONE_UA);
    await signInAs(u.email, u.password, PHONE_UA_UPDATED);
    expect(alertsTo(u.email)).toHaveLength(1);
    const rows = await t.db.select().from(knownBrowser).where(eq(knownBrowser.userId, u.uid));
    expect(rows).toHaveLength(2);

    // Opening the link changes nothing; the page's button POSTs the token.
    expect((await phone.get('/api/me')).status).toBe(200);
    const token = new URL(link!).searchParams.get('token')!;
    const anon = t.client();
    const ended = await anon.post('/api/account/devices/end-by-link', { token });
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe(MSG.security.linkEnded);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await u.client.get('/api/me')).status).toBe(200);
  });

  it('never alerts for another user’s browsers', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await signInAs(a.email, a.password, PHONE_UA);
    // b's first sign-in from that phone is new for b: b is alerted, a only once.
    await signInAs(b.email, b.password, PHONE_UA);
    await t.smtp.waitFor(b.email, ALERT);
    expect(alertsTo(a.email)).toHaveLength(1);
    expect(alertsTo(b.email)).toHaveLength(1);
  });

  it('a failed sign-in records nothing and mails nothing', async () => {
    const u = await signUp(t);
    const r = await t
      .client()
      .request(
        'POST',
        '/api/account/sign-in',
        { email: u.email, password: 'wrong-one' },
        { 'user-agent': PHONE_UA },
      );
    expect(r.status).toBe(401);
    await t.deps.mailer.deliverDue();
    expect(alertsTo(u.email)).toHaveLength(0);
    expect(await t.db.select().from(knownBrowser).where(eq(knownBrowser.userId, u.uid))).toHaveLength(1);
  });

  it('mails when the password changes', async () => {
    const u = await signUp(t);
    const r = await u.client.post('/api/account/change-password', {
      currentPassword: u.password,
      newPassword: 'fresh-pass',
      confirmPassword: 'fresh-pass',
    });
    expect(r.status).toBe(200);
    const mail = await t.smtp.waitFor(u.email, 'your password was changed');
    expect(mail.text).toContain('IP address: 127.0.0.1');
    expect(mail.links).toContain(`${t.url}/profile#security`);
  });
});
