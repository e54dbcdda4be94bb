/**
 * Bounty submissions and winners (issue 19), on PGlite and PostgreSQL: applicants submit and
 * edit their work until the deadline; the requester (or the admin) announces up to 3 winners
 * after it (XP prizes from the admin alone, paid once under any concurrency; the requester
 * never applies to or wins their own bounty) and each winner is told; the day-5 reminder
 * goes out once; a requester more than 7 days late cannot request a new bounty.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminDecisions,
  auditLog,
  bounties,
  bountyApplicants,
  bountySubmissions,
  notifications,
  pointEvents,
  user,
} from '@/db/schema';
import { sendWinnersReminders } from '@/server/features/bounties/winners-reminder';
import { checkIntegrity } from '@/server/integrity';
import { MSG } from '@/shared/messages';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

let clock = Date.parse('2026-08-10T09:00:00Z');
let t: TestServer;
let admin: Client;

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(clock) });
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await t?.close();
});

/** A startup's bounty, approved by the admin, with its deadline at the end of `deadline` (UTC). */
async function publishedBounty(deadline = '2026-08-20') {
  const requester = await signUp(t, { role: 'startup', timeZone: 'UTC' });
  const form = new FormData();
  const fields = {
    title: `Explorer widget ${Math.random().toString(36).slice(2, 7)}`,
    description: 'A small, embeddable widget that shows the latest blocks.',
    reward: '500 USDC',
    deadline,
    contactInfo: 'tg: @sysfi_team',
    criteria: JSON.stringify(['Impact', 'Innovation']),
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${t.url}/api/bounty-applications`, {
    method: 'POST',
    body: form,
    headers: { ...requester.client.origin, cookie: requester.client.cookieHeader() },
  });
  const out = (await res.json()) as { application: { id: string } };
  expect(res.status, JSON.stringify(out)).toBe(201);
  const requestId = out.application.id;
  expect((await admin.post(`/api/admin/bounty-applications/${requestId}/approve`, {})).status).toBe(200);
  const [b] = await t.db.select().from(bounties).where(eq(bounties.requestId, requestId));
  return { requester, bounty: b! };
}

async function applicantWithWork(bountyId: string, n: number) {
  const u = await signUp(t);
  expect((await u.client.post(`/api/bounties/${bountyId}/apply`, { pitch: 'I will build it' })).status).toBe(
    201,
  );
  const res = await u.client.request('PUT', `/api/bounties/${bountyId}/submission`, {
    link: `https://github.com/dev${n}/widget`,
    note: 'Demo inside',
  });
  expect(res.status).toBe(200);
  return u;
}

describe('submissions', () => {
  it('applicants submit and edit until the deadline; only the requester and the admin see them', async () => {
    clock = Date.parse('2026-08-10T09:00:00Z');
    const { requester, bounty } = await publishedBounty();
    const outsider = await signUp(t);
    const notApplied = await outsider.client.request('PUT', `/api/bounties/${bounty.id}/submission`, {
      link: 'https://x.dev',
    });
    expect(notApplied).toMatchObject({
      status: 403,
      body: { error: { message: MSG.winners.submitApplyFirst } },
    });
    const a = await applicantWithWork(bounty.id, 1);
    for (const bad of [
      { link: 'javascript:alert(1)' },
      { link: '' },
      { link: 'https://x.dev', note: 'n'.repeat(2001) },
    ]) {
      expect((await a.client.request('PUT', `/api/bounties/${bounty.id}/submission`, bad)).status).toBe(400);
    }
    const edit = await a.client.request('PUT', `/api/bounties/${bounty.id}/submission`, {
      link: 'https://github.com/dev1/widget-v2',
      note: 'Second version',
    });
    expect(edit.body.submission).toMatchObject({
      link: 'https://github.com/dev1/widget-v2',
      note: 'Second version',
    });
    expect((await a.client.get(`/api/bounties/${bounty.id}/submission`)).body.submission.link).toBe(
      'https://github.com/dev1/widget-v2',
    );

    const seen = await requester.client.get(`/api/bounties/${bounty.id}/submissions`);
    expect(seen.status).toBe(200);
    expect(seen.body.submissions).toHaveLength(1);
    expect((await admin.get(`/api/bounties/${bounty.id}/submissions`)).body.submissions).toHaveLength(1);
    expect((await a.client.get(`/api/bounties/${bounty.id}/submissions`)).status).toBe(403);
    expect((await outsider.client.get(`/api/bounties/${bounty.id}/submissions`)).status).toBe(403);

    // After the deadline: no edit, no new submission.
    clock = Date.parse('2026-08-21T00:00:01Z');
    const late = await a.client.request('PUT', `/api/bounties/${bounty.id}/submission`, {
      link: 'https://late.dev',
    });
    expect(late).toMatchObject({ status: 409, body: { error: { message: MSG.winners.submissionClosed } } });
  });
});

describe('winners', () => {
  it('are picked after the deadline by the requester, once under concurrency, shown on the board and told', async () => {
    clock = Date.parse('2026-08-10T09:00:00Z');
    const { requester, bounty } = await publishedBounty();
    const [first, second, third] = [
      await applicantWithWork(bounty.id, 11),
      await applicantWithWork(bounty.id, 12),
      await applicantWithWork(bounty.id, 13),
    ];
    const body = { winners: [{ userId: first!.uid }, { userId: second!.uid }, { userId: third!.uid }] };
    const early = await requester.client.post(`/api/bounties/${bounty.id}/winners`, body);
    expect(early).toMatchObject({ status: 409, body: { error: { message: MSG.winners.notYet } } });

    clock = Date.parse('2026-08-22T10:00:00Z');
    const outsider = await signUp(t);
    expect((await outsider.client.post(`/api/bounties/${bounty.id}/winners`, body)).status).toBe(403);
    expect((await first!.client.post(`/api/bounties/${bounty.id}/winners`, body)).status).toBe(403);
    for (const bad of [
      { winners: [] },
      { winners: [{ userId: first!.uid }, { userId: first!.uid }] },
      { winners: [{ userId: first!.uid, prizeXp: -5 }] },
      { winners: [1, 2, 3, 4].map(() => ({ userId: outsider.uid })) },
    ]) {
      expect((await requester.client.post(`/api/bounties/${bounty.id}/winners`, bad)).status).toBe(400);
    }
    const notSubmitted = await requester.client.post(`/api/bounties/${bounty.id}/winners`, {
      winners: [{ userId: outsider.uid }],
    });
    expect(notSubmitted).toMatchObject({
      status: 409,
      body: { error: { message: MSG.winners.winnerNotSubmitted } },
    });

    // XP is the ecosystem team's to create: a requester's prize is refused, and nothing is paid or decided.
    const withPrize = await requester.client.post(`/api/bounties/${bounty.id}/winners`, {
      winners: [{ userId: first!.uid, prizeXp: 100_000 }, { userId: second!.uid }],
    });
    expect(withPrize).toMatchObject({
      status: 403,
      body: { error: { message: MSG.winners.prizeAdminOnly } },
    });
    expect(await t.db.select().from(pointEvents).where(eq(pointEvents.sourceId, bounty.id))).toEqual([]);

    // Five identical announcements at once: one wins.
    const results = await Promise.all(
      [0, 1, 2, 3, 4].map(() => requester.client.post(`/api/bounties/${bounty.id}/winners`, body)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const ok = results.find((r) => r.status === 200)!;
    expect(
      ok.body.winners.map((w: { place: number; userId: string; prizeXp: number }) => [
        w.place,
        w.userId,
        w.prizeXp,
      ]),
    ).toEqual([
      [1, first!.uid, 0],
      [2, second!.uid, 0],
      [3, third!.uid, 0],
    ]);
    expect(await t.db.select().from(pointEvents).where(eq(pointEvents.sourceId, bounty.id))).toEqual([]);
    expect((await first!.client.get('/api/me')).body.user.pointBalance).toBe(0);
    expect(await checkIntegrity(t.db)).toEqual([]);

    // Each winner is told, in the inbox and by mail.
    for (const [u, place] of [
      [first!, '1st'],
      [second!, '2nd'],
      [third!, '3rd'],
    ] as const) {
      const inbox = await t.db.select().from(notifications).where(eq(notifications.userId, u.uid));
      expect(inbox.map((n) => n.title)).toContainEqual(expect.stringContaining(`awarded ${place} place`));
    }
    await t.smtp.waitFor(first!.email, 'awarded 1st place');

    // The board shows the podium; the names link to the public profiles (issue 19) until
    // their owner hides one, which the cached board sees at once.
    type Card = {
      id: string;
      requesterProfile: boolean;
      winners: Array<{ place: number; displayName: string; profile: boolean }>;
    };
    const cardOf = async () =>
      ((await outsider.client.get('/api/bounties?filter=expired')).body.bounties as Card[]).find(
        (b) => b.id === bounty.id,
      )!;
    const card = await cardOf();
    expect(card.winners.map((w) => [w.place, w.profile])).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
    expect(card.requesterProfile).toBe(true);
    expect((await t.client().get(`/api/u/${encodeURIComponent(card.winners[0]!.displayName)}`)).status).toBe(
      200,
    );
    expect((await second!.client.patch('/api/profile', { profileHidden: true })).status).toBe(200);
    expect((await requester.client.patch('/api/profile', { profileHidden: true })).status).toBe(200);
    const hidden = await cardOf();
    expect(hidden.winners.map((w) => w.profile)).toEqual([true, false, true]);
    expect(hidden.requesterProfile).toBe(false);

    const again = await admin.post(`/api/bounties/${bounty.id}/winners`, body);
    expect(again).toMatchObject({ status: 409, body: { error: { message: MSG.winners.alreadyAnnounced } } });
  });

  it('the admin can announce them with XP prizes, paid once under concurrency; the decision records who', async () => {
    clock = Date.parse('2026-08-10T09:00:00Z');
    const { bounty } = await publishedBounty();
    const a = await applicantWithWork(bounty.id, 21);
    const b = await applicantWithWork(bounty.id, 22);
    clock = Date.parse('2026-08-23T10:00:00Z');
    const body = {
      winners: [
        { userId: a.uid, prizeXp: 300 },
        { userId: b.uid, prizeXp: 200 },
      ],
    };
    const results = await Promise.all(
      [0, 1, 2, 3, 4].map(() => admin.post(`/api/bounties/${bounty.id}/winners`, body)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const prizes = await t.db.select().from(pointEvents).where(eq(pointEvents.sourceId, bounty.id));
    expect(prizes.map((p) => [p.userId, p.delta]).sort()).toEqual(
      [
        [a.uid, 300],
        [b.uid, 200],
      ].sort(),
    );
    expect((await a.client.get('/api/me')).body.user.pointBalance).toBe(300);
    expect(await checkIntegrity(t.db)).toEqual([]);
    const [record] = await t.db.select().from(adminDecisions).where(eq(adminDecisions.subjectId, bounty.id));
    const [adminRow] = await t.db.select().from(user).where(eq(user.email, ADMIN_EMAIL));
    expect(record).toMatchObject({ subjectType: 'bounty_winners', adminId: adminRow!.id });
    // The audit log names the winners, not their ids.
    const [entry] = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, bounty.id))).filter(
      (e) => e.targetType === 'bounty_winners',
    );
    expect((entry!.after as { decision: string }).decision).toBe(
      `1st ${a.displayName} (300 XP), 2nd ${b.displayName} (200 XP)`,
    );
  });

  it('a requester can neither apply to their own bounty nor be named one of its winners', async () => {
    clock = Date.parse('2026-08-10T09:00:00Z');
    const { requester, bounty } = await publishedBounty();
    const own = await requester.client.post(`/api/bounties/${bounty.id}/apply`, { pitch: 'Me, myself' });
    expect(own).toMatchObject({ status: 403, body: { error: { message: MSG.winners.ownBounty } } });
    expect(
      await t.db.select().from(bountyApplicants).where(eq(bountyApplicants.bountyId, bounty.id)),
    ).toEqual([]);

    // An entry of the requester's from before this rule cannot win, whoever announces.
    await t.db.insert(bountyApplicants).values({ bountyId: bounty.id, userId: requester.uid, pitch: 'old' });
    await t.db
      .insert(bountySubmissions)
      .values({ bountyId: bounty.id, userId: requester.uid, link: 'https://old.dev', note: '' });
    const other = await applicantWithWork(bounty.id, 31);
    clock = Date.parse('2026-08-22T10:00:00Z');
    for (const who of [requester.client, admin]) {
      const res = await who.post(`/api/bounties/${bounty.id}/winners`, {
        winners: [{ userId: requester.uid }, { userId: other.uid }],
      });
      expect(res).toMatchObject({
        status: 409,
        body: { error: { message: MSG.winners.requesterCannotWin } },
      });
    }
    const fair = await requester.client.post(`/api/bounties/${bounty.id}/winners`, {
      winners: [{ userId: other.uid }],
    });
    expect(fair.status).toBe(200);
  });
});

describe('the 7-day rule', () => {
  it('reminds the requester on day 5, once, and blocks a new request after day 7 until winners are announced', async () => {
    clock = Date.parse('2026-08-10T09:00:00Z');
    const { requester, bounty } = await publishedBounty('2026-08-12');
    const a = await applicantWithWork(bounty.id, 31);

    // Day 4 after the deadline: nothing yet. Day 5: one reminder, even when the job runs twice.
    clock = Date.parse('2026-08-17T02:00:00Z');
    expect(await sendWinnersReminders(t.deps)).toBe(0);
    clock = Date.parse('2026-08-18T02:00:00Z');
    const [one, two] = await Promise.all([sendWinnersReminders(t.deps), sendWinnersReminders(t.deps)]);
    expect(one + two).toBe(1);
    expect(await sendWinnersReminders(t.deps)).toBe(0);
    await t.smtp.waitFor(requester.email, 'Pick the winners');
    const due = await requester.client.get(`/api/bounties/${bounty.id}/submissions`);
    expect(due.body).toMatchObject({ overdue: false, winnersDueAt: expect.any(String) });

    // Day 8: overdue. The request form's data says why, and a request is refused naming the bounty.
    clock = Date.parse('2026-08-21T02:00:00Z');
    const mine = await requester.client.get('/api/bounty-applications/mine');
    expect(mine.body.overdueWinners).toMatchObject({ id: bounty.id, title: bounty.title });
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Another bounty',
      description: 'More work.',
      reward: '100 USDC',
      deadline: '2026-09-30',
      contactInfo: 'tg: @x',
      criteria: JSON.stringify(['Impact', 'Innovation']),
    }))
      form.append(k, v);
    const blocked = await fetch(`${t.url}/api/bounty-applications`, {
      method: 'POST',
      body: form,
      headers: { ...requester.client.origin, cookie: requester.client.cookieHeader() },
    });
    expect(blocked.status).toBe(409);
    expect(((await blocked.json()) as { error: { message: string } }).error.message).toBe(
      MSG.winners.blocked(bounty.title),
    );

    // Announced: the block lifts.
    expect(
      (await requester.client.post(`/api/bounties/${bounty.id}/winners`, { winners: [{ userId: a.uid }] }))
        .status,
    ).toBe(200);
    expect((await requester.client.get('/api/bounty-applications/mine')).body.overdueWinners).toBeNull();
  });
});
