/**
 * What a disabled account leaves, and what enabling restores (issue 18): the leaderboard
 * (top 50, own ranks from the histogram, check-integrity), the public lists (projects,
 * bounties, approved grants), and every review queue with the admin's counts; a decision
 * on a hidden item is refused; enabling brings it all back and mails the user.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bounties,
  bountyApplicants,
  bountyApplications,
  contributions,
  grants,
  projectApplications,
  projects,
} from '@/db/schema';
import { checkIntegrity } from '@/server/integrity';
import { MSG } from '@/shared/messages';
import { testDbKind } from '../support/db';
import { givePoints } from '../support/fixtures';
import { projectApplicationBody } from '../support/payloads';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: Client;

beforeAll(async () => {
  t = await startTestServer();
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await t?.close();
});

type Queue = { key: string; pending: number };
const counts = async () =>
  Object.fromEntries(
    ((await admin.get('/api/admin/queues')).body.queues as Queue[]).map((q) => [q.key, q.pending]),
  );
const ids = (list: Array<{ id: string }>) => list.map((r) => r.id);

/** Everything the member's items show in, as ids, read through the API. */
async function seen(viewer: Client) {
  t.deps.leaderboard.invalidate();
  return {
    leaderboard: ((await viewer.get('/api/leaderboard')).body.entries as Array<{ uid: string }>).map(
      (e) => e.uid,
    ),
    projects: ids((await viewer.get('/api/projects')).body.projects),
    bounties: ids((await viewer.get('/api/bounties')).body.bounties),
    grants: ids((await viewer.get('/api/grants')).body.grants),
    contributionQueue: ids((await admin.get('/api/admin/contributions')).body.items),
    applicationQueue: ids((await admin.get('/api/admin/project-applications')).body.applications),
    requestQueue: ids((await admin.get('/api/admin/bounty-applications')).body.applications),
    grantQueue: ids((await admin.get('/api/admin/grants?status=pending')).body.grants),
    // The grants screen's chip, kept in the list cache until a grant or an account changes.
    grantChip: (await admin.get('/api/admin/grants')).body.counts.pending as number,
    // The review queue's total, from counts kept in the list cache until a contribution or an account changes.
    reviewTotal: (await admin.get('/api/admin/contributions')).body.total as number,
    counts: await counts(),
  };
}

describe('a disabled account', () => {
  it('leaves the leaderboard, public lists and queues; ranks and integrity stay exact; enabling restores it all', async () => {
    const member = await signUp(t);
    const high = await signUp(t);
    const low = await signUp(t);
    await givePoints(t.db, high.uid, 700);
    await givePoints(t.db, member.uid, 500);
    await givePoints(t.db, low.uid, 300);

    const sub = await member.client.post('/api/contributions', {
      title: 'Thread about Sysfi',
      type: 'tweet',
      link: 'https://x.com/sysfi_fan/status/4242',
    });
    expect(sub.status).toBe(201);
    const contribution = sub.body.contribution.id as string;
    const [application] = await t.db
      .insert(projectApplications)
      .values({
        ownerId: member.uid,
        email: member.email,
        name: 'Orbit',
        website: 'https://example.com',
        github: 'https://github.com/example',
        whitepaper: 'https://example.com/w.pdf',
        teamMembers: ['https://example.com/a'],
        genre: 'DeFi',
        phase: 'MVP',
        goals: 'Grow.',
      })
      .returning();
    const [request] = await t.db
      .insert(bountyApplications)
      .values({
        userId: member.uid,
        title: 'Dashboard',
        description: 'Build it.',
        reward: '10 USDC',
        deadline: new Date(Date.now() + 30 * 86_400_000),
        contactInfo: '@me',
      })
      .returning();
    const [project] = await t.db
      .insert(projects)
      .values({
        ownerId: member.uid,
        title: 'Orbit Finance',
        description: 'Lending.',
        website: 'https://example.com',
        xAccount: 'https://x.com/orbit',
      })
      .returning();
    const [bounty] = await t.db
      .insert(bounties)
      .values({ requesterId: member.uid, title: 'Write a guide', description: 'Guide.', reward: '5 USDC' })
      .returning();
    const [pendingGrant, approvedGrant] = await t.db
      .insert(grants)
      .values([
        { applicantId: member.uid, amount: '100', currency: 'USDC', proposal: 'p' },
        { applicantId: member.uid, amount: '200', currency: 'USDC', proposal: 'q', status: 'approved' },
      ])
      .returning();

    // A bounty of another requester the member applied to: its applicants list (the requester's).
    const [hunted] = await t.db
      .insert(bounties)
      .values({ requesterId: high.uid, title: 'Audit the vault', description: 'Audit.', reward: '50 USDC' })
      .returning();
    await t.db.insert(bountyApplicants).values({ bountyId: hunted!.id, userId: member.uid, pitch: 'Me!' });
    const applicants = async () =>
      (
        (await high.client.get(`/api/bounties/${hunted!.id}/applicants`)).body.applicants as {
          userId: string;
        }[]
      ).map((a) => a.userId);
    expect(await applicants()).toEqual([member.uid]);

    const visible = {
      leaderboard: [high.uid, member.uid, low.uid],
      projects: [project!.id],
      bounties: expect.arrayContaining([bounty!.id, hunted!.id]),
      grants: [approvedGrant!.id],
      contributionQueue: [contribution],
      applicationQueue: [application!.id],
      requestQueue: [request!.id],
      grantQueue: [pendingGrant!.id],
      grantChip: 1,
      reviewTotal: 1,
      counts: expect.objectContaining({
        projectApplications: 1,
        bountyRequests: 1,
        contributions: 1,
        grants: 1,
      }),
    };
    expect(await seen(low.client)).toEqual(visible);
    expect((await low.client.get('/api/leaderboard/me')).body.rank).toBe(3);

    expect((await admin.post(`/api/admin/users/${member.uid}/disable`, { reason: 'Spam' })).status).toBe(200);
    expect(await seen(low.client)).toEqual({
      leaderboard: [high.uid, low.uid],
      projects: [],
      bounties: [hunted!.id],
      grants: [],
      contributionQueue: [],
      applicationQueue: [],
      requestQueue: [],
      grantQueue: [],
      grantChip: 0,
      reviewTotal: 0,
      counts: expect.objectContaining({
        projectApplications: 0,
        bountyRequests: 0,
        contributions: 0,
        grants: 0,
      }),
    });
    expect(await applicants()).toEqual([]);
    expect(
      ((await admin.get(`/api/bounties/${hunted!.id}/applicants`)).body.applicants as unknown[]).length,
    ).toBe(1);
    // Ranks count only listed users: the disabled 500 is above nobody.
    expect((await low.client.get('/api/leaderboard/me')).body.rank).toBe(2);
    expect(await checkIntegrity(t.db)).toEqual([]);

    // A stale screen cannot decide a hidden item.
    const stale = await admin.post(`/api/admin/contributions/${contribution}/reward`, { points: 10 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(MSG.moderation.ownerDisabled);
    // A correction while disabled moves the balance and ledger, and still no rank.
    const grant = await admin.post(`/api/admin/users/${member.uid}/xp`, {
      delta: 300,
      reason: 'Event prize',
      key: randomUUID(),
    });
    expect(grant.body).toEqual({ applied: true, balance: 800 });
    expect((await low.client.get('/api/leaderboard/me')).body.rank).toBe(2);
    expect(await checkIntegrity(t.db)).toEqual([]);

    expect((await admin.post(`/api/admin/users/${member.uid}/enable`, { reason: 'Appeal' })).status).toBe(
      200,
    );
    await t.smtp.waitFor(member.email, 'enabled again');
    expect(await seen(low.client)).toEqual({ ...visible, leaderboard: [member.uid, high.uid, low.uid] });
    expect((await low.client.get('/api/leaderboard/me')).body.rank).toBe(3);
    expect(await applicants()).toEqual([member.uid]);
    expect(await checkIntegrity(t.db)).toEqual([]);
    const decided = await admin.post(`/api/admin/contributions/${contribution}/reward`, { points: 10 });
    expect(decided.status).toBe(200);
    expect(await checkIntegrity(t.db)).toEqual([]);
  });

  it('a submit racing a disable ends refused or hidden, never a visible queue item (every queue)', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await signUp(t);
      const [res, off] = await Promise.all([
        u.client.post('/api/contributions', {
          title: 'Race',
          type: 'tweet',
          link: `https://x.com/sysfi_fan/status/77${round}`,
        }),
        admin.post(`/api/admin/users/${u.uid}/disable`, { reason: `race ${round}` }),
      ]);
      expect(off.status).toBe(200);
      expect([201, 401, 403]).toContain(res.status);
      const s = await seen(admin);
      expect(s.contributionQueue).not.toContain(res.body?.contribution?.id);
      const stored = await t.db
        .select({ id: contributions.id, userId: contributions.userId })
        .from(contributions);
      for (const row of stored.filter((r) => r.userId === u.uid))
        expect(s.contributionQueue).not.toContain(row.id);
    }
    expect(await checkIntegrity(t.db)).toEqual([]);
  });

  it('a project application racing a disable ends refused or hidden, never in the approvals queue', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await signUp(t, { role: 'startup' });
      const [res, off] = await Promise.all([
        u.client.post('/api/project-applications', projectApplicationBody(`Race ${round}`)),
        admin.post(`/api/admin/users/${u.uid}/disable`, { reason: `race ${round}` }),
      ]);
      expect(off.status).toBe(200);
      expect([201, 401, 403]).toContain(res.status);
      const stored = await t.db
        .select({ id: projectApplications.id })
        .from(projectApplications)
        .where(eq(projectApplications.ownerId, u.uid));
      expect(stored).toHaveLength(res.status === 201 ? 1 : 0);
      const queue = ids((await admin.get('/api/admin/project-applications')).body.applications);
      for (const row of stored) expect(queue).not.toContain(row.id);
    }
  });
});

describe.skipIf(testDbKind !== 'postgres')('on two processes', () => {
  it('a disable on one process takes the user off the other’s cached top 50 at once, and an enable puts them back', async () => {
    const other = await startTestServer({ handle: t.deps.handle, keepHandle: true });
    try {
      const u = await signUp(t);
      await givePoints(t.db, u.uid, 5_000);
      const top = async () =>
        ((await other.client().get('/api/leaderboard')).body.entries as Array<{ uid: string }>).map(
          (e) => e.uid,
        );
      // The other process computes and caches its top 50 with the user in it.
      other.deps.leaderboard.invalidate();
      expect(await top()).toContain(u.uid);
      expect((await admin.post(`/api/admin/users/${u.uid}/disable`, { reason: 'spam' })).status).toBe(200);
      // Well within its 15 s cache: the bus told it.
      await expect.poll(top, { timeout: 5_000 }).not.toContain(u.uid);
      expect((await admin.post(`/api/admin/users/${u.uid}/enable`, { reason: 'ok' })).status).toBe(200);
      await expect.poll(top, { timeout: 5_000 }).toContain(u.uid);
    } finally {
      await other.close();
    }
  });
});
