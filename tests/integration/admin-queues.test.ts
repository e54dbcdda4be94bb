import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bountyApplications, contributions, grants, projectApplications, resources, user } from '@/db/schema';
import { FRESH_COOKIE } from '@/server/lib/fresh-reads';
import { untilTrusted } from '../support/db';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

// Issue 20: the admin home reads every queue's pending count and oldest item in one request.
let t: TestServer;
let admin: Client;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await startTestServer();
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await t?.close();
});

type Queue = { key: string; pending: number; oldestAt: string | null };
const queues = async () => {
  const res = await admin.get('/api/admin/queues');
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.queues as Queue[]).map((q) => [q.key, q]));
};

describe('GET /api/admin/queues', () => {
  it('is empty on an empty app, every queue listed in order', async () => {
    const res = await admin.get('/api/admin/queues');
    expect((res.body.queues as Queue[]).map((q) => q.key)).toEqual([
      'projectApplications',
      'bountyRequests',
      'contributions',
      'grants',
      'resources',
    ]);
    for (const q of res.body.queues as Queue[]) expect(q).toMatchObject({ pending: 0, oldestAt: null });
  });

  it('counts only pending items and names the oldest of them', async () => {
    const u = await signUp(t);
    const app = (submittedAt: string, status = 'pending') => ({
      ownerId: u.uid,
      email: u.email,
      name: 'Orbit',
      website: 'https://example.com',
      github: 'https://github.com/example',
      whitepaper: 'https://example.com/w.pdf',
      teamMembers: ['https://example.com/a'],
      genre: 'DeFi',
      phase: 'MVP',
      goals: 'Grow.',
      status,
      submittedAt: at(submittedAt),
    });
    await t.db
      .insert(projectApplications)
      .values([
        app('2026-01-05T00:00:00Z'),
        app('2026-01-03T00:00:00Z'),
        app('2026-01-01T00:00:00Z', 'approved'),
      ]);
    const request = (createdAt: string, status = 'pending') => ({
      userId: u.uid,
      title: 'Dashboard',
      description: 'Build it.',
      reward: '10 USDC',
      deadline: at('2027-01-01T00:00:00Z'),
      contactInfo: '@me',
      status,
      createdAt: at(createdAt),
    });
    await t.db
      .insert(bountyApplications)
      .values([request('2026-02-02T00:00:00Z'), request('2026-01-01T00:00:00Z', 'rejected')]);
    const contribution = (createdAt: string, status = 'pending') => ({
      userId: u.uid,
      title: 'Thread',
      contributor: 'me',
      status,
      createdAt: at(createdAt),
    });
    await t.db
      .insert(contributions)
      .values([
        contribution('2026-03-03T00:00:00Z'),
        contribution('2026-03-01T00:00:00Z'),
        contribution('2026-03-02T00:00:00Z'),
        contribution('2026-02-01T00:00:00Z', 'approved'),
      ]);
    await t.db.insert(grants).values([
      {
        applicantId: u.uid,
        amount: '100',
        currency: 'USDC',
        proposal: 'p',
        submittedAt: at('2026-04-01T00:00:00Z'),
      },
      { applicantId: u.uid, amount: '100', currency: 'USDC', proposal: 'p', status: 'declined' },
    ]);
    await t.db.insert(resources).values([
      {
        title: 'Guide',
        category: 'Guides',
        link: 'https://example.com/1',
        uploadedAt: at('2026-05-01T00:00:00Z'),
      },
      {
        title: 'Guide 2',
        category: 'Guides',
        link: 'https://example.com/2',
        uploadedAt: at('2026-05-09T00:00:00Z'),
      },
    ]);

    const q = await queues();
    expect(q.projectApplications).toEqual({
      key: 'projectApplications',
      pending: 2,
      oldestAt: '2026-01-03T00:00:00.000Z',
    });
    expect(q.bountyRequests).toEqual({
      key: 'bountyRequests',
      pending: 1,
      oldestAt: '2026-02-02T00:00:00.000Z',
    });
    expect(q.contributions).toEqual({
      key: 'contributions',
      pending: 3,
      oldestAt: '2026-03-01T00:00:00.000Z',
    });
    expect(q.grants).toEqual({ key: 'grants', pending: 1, oldestAt: '2026-04-01T00:00:00.000Z' });
    // Resources have no review step: how many are listed, and when the last one was added.
    expect(q.resources).toEqual({ key: 'resources', pending: 2, oldestAt: '2026-05-09T00:00:00.000Z' });
  });

  it('keeps the counts until a queue or an owner changes, whoever writes', async () => {
    const u = await signUp(t);
    const before = await queues();
    const [c] = await t.db
      .insert(contributions)
      .values({ userId: u.uid, title: 'Fresh', contributor: 'me', createdAt: at('2020-01-01T00:00:00Z') })
      .returning();
    await t.db.insert(bountyApplications).values({
      userId: u.uid,
      title: 'Fresh request',
      description: 'Build it.',
      reward: '10 USDC',
      deadline: at('2027-01-01T00:00:00Z'),
      contactInfo: '@me',
      createdAt: at('2020-01-01T00:00:00Z'),
    });
    let q = await queues();
    expect(q.contributions).toMatchObject({
      pending: before.contributions!.pending + 1,
      oldestAt: '2020-01-01T00:00:00.000Z',
    });
    expect(q.bountyRequests).toMatchObject({
      pending: before.bountyRequests!.pending + 1,
      oldestAt: '2020-01-01T00:00:00.000Z',
    });

    // A repeat read counts nothing and reads nothing, on either engine: no version row, not even
    // the admin's own row (on PostgreSQL once its change feed listens, ADR 0023). The fewest of
    // three tries, as the generation also moves every few seconds (db/write-generation.ts).
    await untilTrusted(t.deps.handle);
    admin.dropCookie(FRESH_COOKIE); // well after the admin's last write: the fresh-read cookie has run out
    await queues();
    let fewest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3 && fewest > 0; i++) {
      const start = t.deps.handle.stats.queries;
      expect(await queues()).toEqual(q);
      fewest = Math.min(fewest, t.deps.handle.stats.queries - start);
    }
    expect(fewest).toBe(0);

    // Disabling the owner takes both items out of the queues; enabling brings them back.
    await t.db.update(user).set({ disabledAt: new Date() }).where(eq(user.id, u.uid));
    q = await queues();
    expect(q.contributions!.pending).toBe(before.contributions!.pending);
    expect(q.bountyRequests!.pending).toBe(before.bountyRequests!.pending);
    await t.db.update(user).set({ disabledAt: null }).where(eq(user.id, u.uid));
    expect((await queues()).contributions!.pending).toBe(before.contributions!.pending + 1);

    // A decision leaves the queue at once.
    await t.db.update(contributions).set({ status: 'approved' }).where(eq(contributions.id, c!.id));
    expect(await queues()).toMatchObject({
      contributions: { pending: before.contributions!.pending, oldestAt: before.contributions!.oldestAt },
    });
  });

  it('is the admin’s only', async () => {
    const builder = await signUp(t);
    expect((await builder.client.get('/api/admin/queues')).status).toBe(403);
    expect((await t.client().get('/api/admin/queues')).status).toBe(401);
  });
});
