/**
 * Reviewer roles (issue 18): the admin grants and revokes the permission with a limit;
 * a reviewer rewards, rejects, sends back and bulk-decides contributions, never their
 * own or their invitees', never above their limit, and nothing else; every decision
 * records who made it; a contribution sent back is edited and resubmitted once, without
 * counting again toward the daily 5. Runs on PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDecisions, auditLog, contributions, notifications, user } from '@/db/schema';
import { checkIntegrity } from '@/server/integrity';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: Client;
let seq = 0;

beforeAll(async () => {
  t = await startTestServer();
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await t?.close();
});

const tweet = () => `https://x.com/sysfi_fan/status/7${++seq}${Date.now() % 100000}`;

async function submit(c: Client, title = 'A thread') {
  const res = await c.post('/api/contributions', { title, type: 'tweet', link: tweet() });
  expect(res.status).toBe(201);
  return res.body.contribution.id as string;
}

/** A verified member made reviewer by the admin through the API. */
async function reviewer(maxPoints = 50, opts: { ref?: string } = {}) {
  const r = await signUp(t, opts);
  const res = await admin.post(`/api/admin/users/${r.uid}/reviewer`, { maxPoints, reason: 'Trusted' });
  expect(res.status).toBe(200);
  return r;
}

describe('granting and revoking', () => {
  it('grants with a limit and a reason, changes the limit, revokes; each audited and shown on /me and the user page', async () => {
    const r = await signUp(t);
    expect((await r.client.get('/api/me')).body.user).toMatchObject({
      isReviewer: false,
      reviewerMaxPoints: null,
    });
    expect((await r.client.get('/api/admin/contributions')).status).toBe(403);

    expect(
      (await admin.post(`/api/admin/users/${r.uid}/reviewer`, { maxPoints: 40, reason: ' ' })).status,
    ).toBe(400);
    expect(
      (await admin.post(`/api/admin/users/${r.uid}/reviewer`, { maxPoints: 0, reason: 'x' })).status,
    ).toBe(400);
    expect(
      (await admin.post(`/api/admin/users/${r.uid}/reviewer`, { maxPoints: 40, reason: 'Trusted' })).status,
    ).toBe(200);
    expect((await r.client.get('/api/me')).body.user).toMatchObject({
      isReviewer: true,
      reviewerMaxPoints: 40,
    });
    expect((await r.client.get('/api/admin/contributions')).status).toBe(200);
    const same = await admin.post(`/api/admin/users/${r.uid}/reviewer`, { maxPoints: 40, reason: 'again' });
    expect(same).toMatchObject({ status: 409, body: { error: { message: MSG.reviewers.sameLimit } } });
    expect(
      (await admin.post(`/api/admin/users/${r.uid}/reviewer`, { maxPoints: 80, reason: 'More' })).status,
    ).toBe(200);
    expect((await admin.get(`/api/admin/users/${r.uid}`)).body.user.reviewerMaxPoints).toBe(80);

    expect(
      (await admin.post(`/api/admin/users/${r.uid}/reviewer/revoke`, { reason: 'Stepped down' })).status,
    ).toBe(200);
    expect((await r.client.get('/api/me')).body.user.isReviewer).toBe(false);
    expect((await r.client.get('/api/admin/contributions')).status).toBe(403);
    const twice = await admin.post(`/api/admin/users/${r.uid}/reviewer/revoke`, { reason: 'again' });
    expect(twice.status).toBe(409);

    const audit = await t.db
      .select({ action: auditLog.action, reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.targetId, r.uid));
    expect(audit.map((a) => a.action).sort()).toEqual(
      ['user.reviewer.grant', 'user.reviewer.limit', 'user.reviewer.revoke'].sort(),
    );
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, r.uid));
    expect(told.map((n) => n.title).sort()).toEqual(
      [MSG.reviewers.grantedNotice, MSG.reviewers.revokedNotice].sort(),
    );
  });

  it('refuses the admin, an unverified and a disabled account', async () => {
    const adminRow = (await t.db.select().from(user).where(eq(user.email, ADMIN_EMAIL)))[0]!;
    const unverified = await signUp(t, { verify: false });
    const disabled = await signUp(t);
    expect((await admin.post(`/api/admin/users/${disabled.uid}/disable`, { reason: 'spam' })).status).toBe(
      200,
    );
    for (const id of [adminRow.id, unverified.uid, disabled.uid]) {
      const res = await admin.post(`/api/admin/users/${id}/reviewer`, { maxPoints: 10, reason: 'x' });
      expect(res).toMatchObject({
        status: 409,
        body: { error: { message: MSG.reviewers.cannotBeReviewer } },
      });
    }
    expect(
      (await admin.post('/api/admin/users/nobody/reviewer', { maxPoints: 10, reason: 'x' })).status,
    ).toBe(404);
  });
});

describe('what a reviewer may decide', () => {
  it('rewards up to the limit, rejects, and every decision records the reviewer', async () => {
    const r = await reviewer(50);
    const m = await signUp(t);
    const a = await submit(m.client);
    const b = await submit(m.client);
    const over = await r.client.post(`/api/admin/contributions/${a}/reward`, { points: 51 });
    expect(over).toMatchObject({ status: 403, body: { error: { message: MSG.reviewers.overLimit(50) } } });
    expect((await t.db.select().from(contributions).where(eq(contributions.id, a)))[0]!.status).toBe(
      'pending',
    );
    expect((await r.client.post(`/api/admin/contributions/${a}/reward`, { points: 50 })).status).toBe(200);
    expect(
      (await r.client.post(`/api/admin/contributions/${b}/reject`, { reason: 'Off-topic' })).status,
    ).toBe(200);
    const decided = await t.db.select().from(adminDecisions).where(eq(adminDecisions.adminId, r.uid));
    expect(decided.map((d) => [d.subjectId, d.action]).sort()).toEqual(
      [
        [a, 'reward:50'],
        [b, 'reject'],
      ].sort(),
    );
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, r.uid)));
    expect(audit.map((x) => x.action).sort()).toEqual(['contribution.reject', 'contribution.reward']);
    expect((await m.client.get('/api/me')).body.user.pointBalance).toBe(50);
  });

  it('never their own contribution nor an invitee’s: the queue leaves them out and a direct call is refused, one by one and in bulk', async () => {
    const r = await reviewer(100);
    const invitee = await signUp(t, { ref: r.uid });
    const stranger = await signUp(t);
    const own = await submit(r.client, 'Mine');
    // (The invitee's verification paid the reviewer a referral bonus: their balance so far.)
    const before = (await r.client.get('/api/me')).body.user.pointBalance as number;
    const invited = await submit(invitee.client, 'My friend');
    const other = await submit(stranger.client, 'Stranger');

    const queue = (await r.client.get('/api/admin/contributions')).body.items as Array<{ id: string }>;
    const ids = queue.map((c) => c.id);
    expect(ids).toContain(other);
    expect(ids).not.toContain(own);
    expect(ids).not.toContain(invited);
    // The admin's queue has them all.
    const all = ((await admin.get('/api/admin/contributions')).body.items as Array<{ id: string }>).map(
      (c) => c.id,
    );
    expect(all).toEqual(expect.arrayContaining([own, invited, other]));

    const self = await r.client.post(`/api/admin/contributions/${own}/reward`, { points: 10 });
    expect(self).toMatchObject({ status: 403, body: { error: { message: MSG.reviewers.ownItem } } });
    const friend = await r.client.post(`/api/admin/contributions/${invited}/reject`, { reason: 'x' });
    expect(friend).toMatchObject({ status: 403, body: { error: { message: MSG.reviewers.referredItem } } });
    const bulk = await r.client.post('/api/admin/contributions/batch', {
      action: 'reward',
      points: 10,
      ids: [own, invited, other],
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.results).toEqual([
      { id: own, ok: false, error: MSG.reviewers.ownItem },
      { id: invited, ok: false, error: MSG.reviewers.referredItem },
      { id: other, ok: true },
    ]);
    const rows = await t.db.select().from(contributions).where(eq(contributions.userId, r.uid));
    expect(rows[0]!.status).toBe('pending');
    expect((await r.client.get('/api/me')).body.user.pointBalance).toBe(before);
    expect(await checkIntegrity(t.db)).toEqual([]);
  });

  it('touches nothing but contributions: project, bounty and grant decisions, users and exports answer 403', async () => {
    const r = await reviewer();
    for (const [method, path] of [
      ['POST', '/api/admin/project-applications/x/approve'],
      ['POST', '/api/admin/bounty-applications/x/approve'],
      ['POST', '/api/admin/grants/x/approve'],
      ['GET', '/api/admin/users'],
      ['POST', `/api/admin/users/${r.uid}/xp`],
      ['POST', `/api/admin/users/${r.uid}/reviewer`],
      ['GET', '/api/admin/exports/contributions'],
      ['GET', '/api/admin/summary'],
    ] as const) {
      expect((await r.client.request(method, path, method === 'POST' ? {} : undefined)).status, path).toBe(
        403,
      );
    }
  });

  it('a revoke takes effect at once, even for a decision already on its way', async () => {
    const r = await reviewer();
    const m = await signUp(t);
    const id = await submit(m.client);
    await Promise.all([
      admin.post(`/api/admin/users/${r.uid}/reviewer/revoke`, { reason: 'Done' }),
      r.client.post(`/api/admin/contributions/${id}/reward`, { points: 5 }),
    ]);
    const row = (await t.db.select().from(contributions).where(eq(contributions.id, id)))[0]!;
    const decisions = await t.db.select().from(adminDecisions).where(eq(adminDecisions.subjectId, id));
    // Either the reward committed before the revoke (recorded as theirs) or it was refused.
    if (row.status === 'approved') expect(decisions.map((d) => d.adminId)).toEqual([r.uid]);
    else expect(decisions).toEqual([]);
    const after = await r.client.post(`/api/admin/contributions/${id}/reject`, { reason: 'late' });
    expect(after.status).toBe(403);
  });

  it('needs a second factor for its writes when the server requires one', async () => {
    const strict = await startTestServer({ env: { REQUIRE_STAFF_2FA: 'true' } });
    try {
      const r = await signUp(strict);
      await strict.db.update(user).set({ reviewerMaxPoints: 20 }).where(eq(user.id, r.uid));
      const m = await signUp(strict);
      const id = (await m.client.post('/api/contributions', { title: 'T', type: 'tweet', link: tweet() }))
        .body.contribution.id as string;
      expect((await r.client.get('/api/admin/contributions')).status).toBe(200);
      const res = await r.client.post(`/api/admin/contributions/${id}/reward`, { points: 5 });
      expect(res).toMatchObject({ status: 403, body: { error: { message: MSG.security.staffNeeds2fa } } });
    } finally {
      await strict.close();
    }
  });
});

describe('request changes and one resubmission', () => {
  it('sends back with a note the contributor sees; one edit puts it back in the queue without counting toward the daily 5', async () => {
    const r = await reviewer();
    const m = await signUp(t);
    const ids: string[] = [];
    for (let i = 0; i < LIMITS.contributionsPerDay; i++) ids.push(await submit(m.client, `Thread ${i}`));
    const id = ids[0]!;

    expect(
      (await r.client.post(`/api/admin/contributions/${id}/request-changes`, { note: ' ' })).status,
    ).toBe(400);
    const sent = await r.client.post(`/api/admin/contributions/${id}/request-changes`, {
      note: 'Please link the thread’s first tweet',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.contribution).toMatchObject({
      status: 'changes_requested',
      changesNote: 'Please link the thread’s first tweet',
    });
    // Out of the queue, on the contributor's hub with the note, and in their inbox.
    const queue = ((await admin.get('/api/admin/contributions')).body.items as Array<{ id: string }>).map(
      (c) => c.id,
    );
    expect(queue).not.toContain(id);
    const mine = (await m.client.get('/api/contributions/me')).body.recent as Array<Record<string, unknown>>;
    expect(mine.find((c) => c.id === id)).toMatchObject({
      status: 'changes_requested',
      changesNote: expect.any(String),
    });
    const inbox = (await m.client.get('/api/notifications')).body.items as Array<{
      title: string;
      body: string;
    }>;
    expect(inbox[0]!.title).toContain('was sent back for changes');
    expect(inbox[0]!.body).toContain('Please link the thread’s first tweet');
    // A second decision while it waits is refused.
    expect((await admin.post(`/api/admin/contributions/${id}/reward`, { points: 5 })).status).toBe(409);

    // Only its owner, with valid input, once; the daily 5 is already used and does not matter.
    const stranger = await signUp(t);
    expect(
      (await stranger.client.post(`/api/contributions/${id}/resubmit`, { title: 'x', link: tweet() })).status,
    ).toBe(404);
    expect(
      (await m.client.post(`/api/contributions/${id}/resubmit`, { title: ' ', link: tweet() })).status,
    ).toBe(400);
    const taken = (await t.db.select().from(contributions).where(eq(contributions.id, ids[1]!)))[0]!.link!;
    const dup = await m.client.post(`/api/contributions/${id}/resubmit`, { title: 'Fixed', link: taken });
    expect(dup).toMatchObject({ status: 409, body: { error: { message: MSG.contribution.duplicate } } });
    const link = tweet();
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        m.client.post(`/api/contributions/${id}/resubmit`, { title: 'Fixed thread', link }),
      ),
    );
    expect(results.map((x) => x.status).sort()).toEqual([200, 409, 409]);
    const row = (await t.db.select().from(contributions).where(eq(contributions.id, id)))[0]!;
    expect(row).toMatchObject({ status: 'pending', title: 'Fixed thread', link });
    expect(row.resubmittedAt).not.toBeNull();
    const summary = (await m.client.get('/api/contributions/me')).body;
    expect(summary.today).toBe(LIMITS.contributionsPerDay);
    expect((await m.client.get('/api/me')).body.user.totalContributions).toBe(LIMITS.contributionsPerDay);
    expect(
      ((await admin.get('/api/admin/contributions')).body.items as Array<{ id: string }>).map((c) => c.id),
    ).toContain(id);

    // Once: a resubmitted contribution is rewarded or rejected, not sent back again.
    const again = await r.client.post(`/api/admin/contributions/${id}/request-changes`, { note: 'More' });
    expect(again).toMatchObject({ status: 409, body: { error: { message: MSG.reviewers.changesOnlyOnce } } });
    expect((await r.client.post(`/api/admin/contributions/${id}/reward`, { points: 20 })).status).toBe(200);
    expect(
      (await m.client.post(`/api/contributions/${id}/resubmit`, { title: 'x', link: tweet() })).status,
    ).toBe(409);
  });
});
