import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributions, projects, user } from '../../src/db/schema';
import { givePoints, insertUser } from '../support/fixtures';
import { signUp, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const fresh = () => t.deps.leaderboard.invalidate();

describe('leaderboard', () => {
  it('lists the top 50 with at least 1 XP, ranks ties together in the order they got there, and never shows e-mails', async () => {
    const zero = await insertUser(t.db, { name: 'Zero Points' });
    const users = [];
    for (let i = 0; i < 55; i++) users.push(await insertUser(t.db));
    // 55 users with 10..550 points, plus two late ties at the top.
    for (const [i, u] of users.entries()) await givePoints(t.db, u.id, 10 * (i + 1));
    const early = await insertUser(t.db, { name: 'Early Bird' });
    const late = await insertUser(t.db, { name: 'Late Comer' });
    await givePoints(t.db, early.id, 1000);
    await givePoints(t.db, late.id, 1000);

    fresh();
    const res = await t.client().get('/api/leaderboard');
    expect(res.status).toBe(200);
    const entries = res.body.entries as Array<Record<string, unknown>>;
    expect(entries).toHaveLength(50);
    expect(entries.slice(0, 3).map((e) => [e.displayName, e.rank, e.pointBalance])).toEqual([
      ['Early Bird', 1, 1000],
      ['Late Comer', 1, 1000],
      [users[54]!.name, 3, 550],
    ]);
    expect(entries.at(-1)).toMatchObject({ rank: 50, pointBalance: 80 });
    expect(entries.some((e) => e.uid === zero.id)).toBe(false);
    expect(JSON.stringify(res.body)).not.toMatch(/@/);
    expect(Date.parse(res.body.updatedAt)).not.toBeNaN();
  });

  it('gives the own rank as 1 + users with more XP, and none with 0 XP', async () => {
    const a = await signUp(t);
    expect((await a.client.get('/api/leaderboard/me')).body).toEqual({ rank: null, pointBalance: 0 });

    const above = (await t.db.select({ p: user.pointBalance }).from(user)).filter((r) => r.p > 420).length;
    await givePoints(t.db, a.uid, 420);
    const tied = await t.client().get('/api/leaderboard'); // the 420 bucket already holds a fixture user
    expect(tied.status).toBe(200);
    const me = await a.client.get('/api/leaderboard/me');
    expect(me.body).toEqual({ rank: above + 1, pointBalance: 420 });

    await givePoints(t.db, a.uid, 5000);
    expect((await a.client.get('/api/leaderboard/me')).body).toEqual({ rank: 1, pointBalance: 5420 });
    expect((await t.client().get('/api/leaderboard/me')).status).toBe(401);
  });

  it('keeps the score histogram exact through many awards across band edges', async () => {
    const people = [];
    for (let i = 0; i < 12; i++) people.push(await insertUser(t.db));
    // Deltas chosen to land on, just below and just above band edges (256).
    const deltas = [255, 1, 256, 17, 239, 512, 3, 253, 100, 156, 300, 44];
    for (let round = 0; round < 3; round++) {
      for (const [i, p] of people.entries())
        await givePoints(t.db, p.id, deltas[(i + round) % deltas.length]!);
    }
    const all = await t.db.select({ id: user.id, p: user.pointBalance }).from(user);
    for (const p of people) {
      const mine = all.find((r) => r.id === p.id)!.p;
      const expected = 1 + all.filter((r) => r.p > mine).length;
      expect(await t.deps.leaderboard.rankOf(mine)).toBe(expected);
    }
  });

  it('caches the top list briefly per process and reports when it was computed', async () => {
    fresh();
    const first = await t.client().get('/api/leaderboard');
    const second = await t.client().get('/api/leaderboard');
    expect(second.body.updatedAt).toBe(first.body.updatedAt);
  });
});

describe('dashboard', () => {
  it('answers everything in one response: counts, 3 recent items per kind, leaderboard and own rank', async () => {
    const u = await signUp(t, { role: 'startup' });
    for (let i = 0; i < 4; i++) {
      await t.db.insert(projects).values({
        ownerId: u.uid,
        title: `Project ${i}`,
        description: 'd',
        website: 'https://example.test',
        xAccount: 'x',
        status: i === 3 ? 'archived' : 'active',
        createdAt: new Date(Date.UTC(2026, 0, i + 1)),
      });
    }
    await t.db.insert(contributions).values({ userId: u.uid, title: 'My tweet', contributor: u.displayName });
    await t.db.update(user).set({ totalContributions: 1 }).where(eq(user.id, u.uid));
    await givePoints(t.db, u.uid, 25);
    fresh();

    const res = await u.client.get('/api/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.stats).toEqual({ myProjects: 3, bounties: 0, grants: 0, totalContributions: 1 });
    expect(res.body.recent.projects.map((p: { title: string }) => p.title)).toEqual([
      'Project 3',
      'Project 2',
      'Project 1',
    ]);
    expect(res.body.recent.contributions).toHaveLength(1);
    expect(res.body.recent.grants).toEqual([]);
    expect(res.body.leaderboard.entries.length).toBeGreaterThan(0);
    expect(res.body.myRank.pointBalance).toBe(25);
    expect(res.body.myRank.rank).toBeGreaterThan(1);
    expect(res.body.xpHistory).toEqual([{ at: expect.any(String), balance: 25 }]);
  });

  it('is closed to anonymous and unverified users', async () => {
    expect((await t.client().get('/api/dashboard')).status).toBe(401);
    const u = await signUp(t, { verify: false });
    expect((await u.client.get('/api/dashboard')).status).toBe(403);
  });
});
