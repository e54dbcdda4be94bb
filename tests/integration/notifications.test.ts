/**
 * The inbox (issue 19): every decision writes exactly one notification in its own
 * transaction, the referral bonus too; the unread count rides on /api/me; marking read
 * one or all; nobody sees or marks another user's rows; the live event reaches only its
 * user; e-mail preferences stop the mail but not the inbox row; every decision mail has
 * RFC 8058 headers and a signed one-click link (valid, forged, expired).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributions, notifications, user } from '@/db/schema';
import { UNSUBSCRIBE_TTL_MS } from '@/server/features/notifications/unsubscribe-link';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';
import { openSse } from '../support/sse';

let clock = Date.parse('2026-07-01T10:00:00Z');
let t: TestServer;
let admin: Client;
let tweetSeq = 5000;
const tweet = () => `https://x.com/sysfi_fan/status/${++tweetSeq}`;

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(clock) });
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await t?.close();
});

async function contribution(c: Client): Promise<string> {
  clock += 1000;
  const res = await c.post('/api/contributions', {
    title: 'Thread about Sysfi',
    type: 'tweet',
    link: tweet(),
  });
  expect(res.status).toBe(201);
  return res.body.contribution.id;
}
const rowsOf = (uid: string) => t.db.select().from(notifications).where(eq(notifications.userId, uid));
const unreadOf = async (c: Client) => (await c.get('/api/me')).body.user.unreadNotifications as number;

describe('inbox', () => {
  it('a decision creates exactly one notification, even under 10 concurrent calls', async () => {
    const u = await signUp(t);
    const id = await contribution(u.client);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => admin.post(`/api/admin/contributions/${id}/reward`, { points: 30 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const rows = await rowsOf(u.uid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      category: 'contributions',
      title: 'Your contribution "Thread about Sysfi" was approved',
      body: 'You earned 30 XP.',
      link: '/contribution-hub',
      readAt: null,
    });
    expect(await unreadOf(u.client)).toBe(1);
  });

  it('a rejection carries the reason; a grant-like decision of another flow is its own category', async () => {
    const u = await signUp(t);
    const id = await contribution(u.client);
    const res = await admin.post(`/api/admin/contributions/${id}/reject`, { reason: 'Not about Sysfi' });
    expect(res.status).toBe(200);
    const [row] = await rowsOf(u.uid);
    expect(row).toMatchObject({
      title: 'Your contribution "Thread about Sysfi" was not approved',
      body: 'Message from the reviewer: Not about Sysfi',
    });
  });

  it('lists newest first in keyset pages, marks one read, then all, and keeps the count exact', async () => {
    const u = await signUp(t);
    for (let i = 0; i < 22; i++) {
      // Past the daily submission limit: the rows are written directly, the decisions go through the API.
      const [c] = await t.db
        .insert(contributions)
        .values({ userId: u.uid, title: `C${i}`, contributor: 'm', linkKey: `inbox-${u.uid}-${i}` })
        .returning();
      const id = c!.id;
      expect((await admin.post(`/api/admin/contributions/${id}/reward`, { points: 1 })).status).toBe(200);
    }
    expect(await unreadOf(u.client)).toBe(22);
    const first = await u.client.get('/api/notifications');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(20);
    expect(first.body.unread).toBe(22);
    const ids = first.body.items.map((n: { id: number }) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await u.client.get(`/api/notifications?before=${first.body.next}`);
    expect(second.body.items).toHaveLength(2);
    expect(second.body.next).toBeNull();
    expect(second.body.items[0].id).toBeLessThan(ids[19]);

    // Two tabs mark the same row: it comes off the count once.
    const both = await Promise.all([
      u.client.post(`/api/notifications/${ids[0]}/read`),
      u.client.post(`/api/notifications/${ids[0]}/read`),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await unreadOf(u.client)).toBe(21);
    const again = await u.client.get('/api/notifications');
    expect(again.body.items[0].readAt).not.toBeNull();
    expect(again.body.items[1].readAt).toBeNull();

    const all = await u.client.post('/api/notifications/read-all');
    expect(all.body).toEqual({ unread: 0 });
    expect(await unreadOf(u.client)).toBe(0);
    const unread = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, u.uid)));
    expect(unread.every((n) => n.readAt !== null)).toBe(true);
  });

  it('keeps users apart: no reading, no marking and no live events of another user’s inbox', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const bStream = await openSse(`${t.url}/api/me/events`, b.client.cookieHeader());
    const aStream = await openSse(`${t.url}/api/me/events`, a.client.cookieHeader());
    await aStream.waitFor((e) => e.event === 'ready');
    await bStream.waitFor((e) => e.event === 'ready');
    const id = await contribution(a.client);
    await admin.post(`/api/admin/contributions/${id}/reward`, { points: 5 });
    await aStream.waitFor((e) => e.event === 'notifications');
    const [row] = await rowsOf(a.uid);

    expect((await b.client.get('/api/notifications')).body.items).toEqual([]);
    const steal = await b.client.post(`/api/notifications/${row!.id}/read`);
    expect(steal.status).toBe(404);
    await b.client.post('/api/notifications/read-all');
    expect(await unreadOf(a.client)).toBe(1);
    expect((await rowsOf(a.uid))[0]!.readAt).toBeNull();
    // b's stream heard nothing of a's row (its own read-all is its only event).
    await bStream.waitFor((e) => e.event === 'notifications');
    expect(bStream.events.filter((e) => e.event === 'notifications')).toHaveLength(1);
    aStream.close();
    bStream.close();
  });

  it('holds at most LIMITS.eventStreamsPerMember live streams per member; a closed one frees its place (outside review)', async () => {
    const u = await signUp(t);
    const other = await signUp(t);
    const url = `${t.url}/api/me/events`;
    const streams = [];
    for (let i = 0; i < LIMITS.eventStreamsPerMember; i++) {
      const s = await openSse(url, u.client.cookieHeader());
      await s.waitFor((e) => e.event === 'ready');
      streams.push(s);
    }
    const over = await u.client.get('/api/me/events');
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe(MSG.common.tooMany);
    // Another member is not held back by it.
    const theirs = await openSse(url, other.client.cookieHeader());
    await theirs.waitFor((e) => e.event === 'ready');
    theirs.close();
    // Closing a tab frees its place (the server notices the stream end).
    streams.pop()!.close();
    let again: Awaited<ReturnType<typeof openSse>> | undefined;
    for (let i = 0; i < 100 && !again; i++) {
      again = await openSse(url, u.client.cookieHeader()).catch(() => undefined);
      if (!again) await new Promise((r) => setTimeout(r, 50));
    }
    expect(again).toBeDefined();
    await again!.waitFor((e) => e.event === 'ready');
    again!.close();
    for (const s of streams) s.close();
  });

  it('tells the referrer of the referral bonus, once', async () => {
    const referrer = await signUp(t);
    await signUp(t, { ref: referrer.uid });
    const rows = await rowsOf(referrer.uid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: 'referrals', title: 'You earned 100 XP for a referral' });
    expect(await unreadOf(referrer.client)).toBe(1);
    // And by mail (the 'Referral bonuses' switch turns it off).
    await t.deps.mailer.deliverDue();
    const mail = await t.smtp.waitFor(referrer.email, 'for a referral');
    expect(mail.subject).toBe(`You earned ${LIMITS.referralRewardPoints} XP for a referral`);
    expect(mail.raw).toMatch(/List-Unsubscribe:/i);
  });

  it('sends no referral mail to a referrer who turned that category off, and still pays and tells them in the app', async () => {
    const referrer = await signUp(t);
    const off = await referrer.client.request('PUT', '/api/profile/mail-preferences', {
      ...(await referrer.client.get('/api/me')).body.user.mailPreferences,
      referrals: false,
    });
    expect(off.status).toBe(200);
    const invitee = await signUp(t, { ref: referrer.uid });
    expect(await unreadOf(referrer.client)).toBe(1);
    // A mail after the bonus (to the invitee's own address) proves the queue ran past it.
    await t.deps.mailer.deliverDue();
    await t.deps.mailer.idle();
    expect(
      t.smtp.mails.some((m) => m.to.includes(referrer.email.toLowerCase()) && /referral/.test(m.subject)),
    ).toBe(false);
    expect(invitee.uid).toBeTruthy();
  });
});

describe('e-mail preferences and one-click unsubscribe', () => {
  const decide = async (u: Awaited<ReturnType<typeof signUp>>) => {
    const id = await contribution(u.client);
    expect((await admin.post(`/api/admin/contributions/${id}/reward`, { points: 2 })).status).toBe(200);
    await t.deps.mailer.deliverDue();
    await t.deps.mailer.idle();
  };
  const decisionMails = (email: string) =>
    t.smtp.mails.filter((m) => m.to.includes(email) && m.subject.includes('was approved'));

  it('a decision mail has List-Unsubscribe and List-Unsubscribe-Post, and the link turns off only its category', async () => {
    const u = await signUp(t);
    await decide(u);
    const mail = await t.smtp.waitFor(u.email, 'was approved');
    const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    const url = /^List-Unsubscribe: <([^>]+)>$/im.exec(head)?.[1];
    expect(url).toMatch(new RegExp(`^${t.url}/api/mail/unsubscribe\\?token=`));

    // Opening the link only asks.
    const page = await t.client().get(url!.slice(t.url.length));
    expect(page.status).toBe(200);
    expect(String(page.body.text)).toContain(MSG.inbox.unsubscribeButton);
    expect((await u.client.get('/api/me')).body.user.mailPreferences.contributions).toBe(true);

    // The mail client's one-click POST: no Origin, no cookie, only the signed token.
    const res = await fetch(url!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect((await u.client.get('/api/me')).body.user.mailPreferences).toMatchObject({
      contributions: false,
      grants: true,
    });

    // The next decision still lands in the inbox, with no mail.
    await decide(u);
    expect(decisionMails(u.email)).toHaveLength(1);
    expect(await rowsOf(u.uid)).toHaveLength(2);
  });

  it('refuses a forged or expired token, with or without our Origin', async () => {
    const u = await signUp(t);
    await decide(u);
    const mail = await t.smtp.waitFor(u.email, 'was approved');
    const url = /^List-Unsubscribe: <([^>]+)>$/im.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))![1]!;
    const token = new URL(url).searchParams.get('token')!;
    const forged = token.replace(/^[^~]+/, (await signUp(t)).uid);
    for (const bad of [forged, `${token.slice(0, -3)}abc`, 'nothing']) {
      const res = await fetch(`${t.url}/api/mail/unsubscribe?token=${encodeURIComponent(bad)}`, {
        method: 'POST',
      });
      expect(res.status).toBe(403); // no Origin and no valid token: the CSRF check refuses
      const ours = await t.client().post(`/api/mail/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(ours.status).toBe(400);
    }
    clock += UNSUBSCRIBE_TTL_MS + 1000;
    const expired = await fetch(url, { method: 'POST' });
    expect(expired.status).toBe(403);
    expect((await t.client().get(url.slice(t.url.length))).status).toBe(400);
    const [row] = await t.db.select({ o: user.mailOptOut }).from(user).where(eq(user.id, u.uid));
    expect(row!.o).toEqual([]);
  });

  it('the profile turns mail on and off per category', async () => {
    const u = await signUp(t);
    const prefs = {
      contributions: false,
      launchpad: true,
      bounties: false,
      grants: true,
      referrals: true,
      seasons: false,
    };
    const res = await u.client.request('PUT', '/api/profile/mail-preferences', prefs);
    expect(res.status).toBe(200);
    expect(res.body.user.mailPreferences).toEqual(prefs);
    await decide(u);
    expect(decisionMails(u.email)).toHaveLength(0);
    expect(await rowsOf(u.uid)).toHaveLength(1);
    const back = await u.client.request('PUT', '/api/profile/mail-preferences', {
      ...prefs,
      contributions: true,
    });
    expect(back.body.user.mailPreferences.contributions).toBe(true);
    await decide(u);
    await t.smtp.waitFor(u.email, 'was approved');
  });
});
