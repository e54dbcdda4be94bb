/**
 * Public profiles (issue 19), on PGlite and PostgreSQL: anyone reads /api/u/{name} (any
 * case of the display name), never an e-mail; approved contributions come in keyset pages;
 * a hidden profile, a disabled account and an unknown name answer 404, and a hidden
 * profile's leaderboard entry links nowhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bounties, bountyWinners, grants, projects } from '@/db/schema';
import { givePoints } from '../support/fixtures';
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

const path = (name: string) => `/api/u/${encodeURIComponent(name)}`;

describe('public profiles', () => {
  it('shows the profile to a visitor, by name in any case, with its stats and without any e-mail', async () => {
    const u = await signUp(t, { displayName: `Ada Public ${Date.now() % 100000}` });
    expect(
      (
        await u.client.patch('/api/profile', {
          bio: 'Writes docs "and" <b>threads</b>',
          githubHandle: 'ada-pub',
        })
      ).status,
    ).toBe(200);
    await givePoints(t.db, u.uid, 420);
    const [b] = await t.db
      .insert(bounties)
      .values({ title: 'Docs sprint', description: 'd', reward: '100 USDC', winnersAnnouncedAt: new Date() })
      .returning();
    await t.db.insert(bountyWinners).values({ bountyId: b!.id, place: 1, userId: u.uid, prizeXp: 100 });
    t.deps.leaderboard.invalidate();

    const visitor = t.client();
    const res = await visitor.get(path(u.displayName.toUpperCase()));
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      uid: u.uid,
      displayName: u.displayName,
      xp: 420,
      rank: expect.any(Number),
      bio: 'Writes docs "and" <b>threads</b>',
      githubHandle: 'ada-pub',
    });
    expect(res.body.bountiesWon).toEqual([{ bountyId: b!.id, title: 'Docs sprint', place: 1, prizeXp: 100 }]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(u.email);
    expect(text).not.toContain('@example.test');
  });

  it('pages the approved contributions, newest first, each once', async () => {
    const u = await signUp(t, { displayName: `Busy Bee ${Date.now() % 100000}` });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const sub = await u.client.post('/api/contributions', {
        title: `Thread ${i}`,
        type: 'tweet',
        link: `https://x.com/busy/status/9${Date.now() % 1_000_000}${i}`,
      });
      // The daily limit stops a member at 5: the rest are inserted as the admin rewards them.
      if (sub.status !== 201) break;
      ids.push(sub.body.contribution.id);
    }
    for (const id of ids)
      expect((await admin.post(`/api/admin/contributions/${id}/reward`, { points: 5 })).status).toBe(200);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await t
        .client()
        .get(`${path(u.displayName)}/contributions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((c: { id: string }) => c.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...ids].sort());
    expect((await t.client().get(`${path(u.displayName)}/contributions?cursor=nonsense`)).status).toBe(400);
  });

  it('answers 404 when hidden (and the leaderboard links nowhere), disabled or unknown', async () => {
    const u = await signUp(t, { displayName: `Shy Sam ${Date.now() % 100000}` });
    await givePoints(t.db, u.uid, 10_000);
    t.deps.leaderboard.invalidate();
    const entry = async () =>
      (
        (await t.client().get('/api/leaderboard')).body.entries as Array<{ uid: string; profile: boolean }>
      ).find((e) => e.uid === u.uid);
    expect(await entry()).toMatchObject({ profile: true });
    // Their project and grant name them too, linked until hidden (the cached lists see it at once).
    const [p] = await t.db
      .insert(projects)
      .values({
        ownerId: u.uid,
        title: `Shy ${u.uid}`,
        description: 'd',
        website: 'https://p.example',
        xAccount: 'x',
      })
      .returning();
    await t.db.insert(grants).values({
      projectId: p!.id,
      applicantId: u.uid,
      amount: '10',
      currency: 'USDC',
      proposal: 'p'.repeat(60),
      status: 'approved',
    });
    const viewer = (await signUp(t)).client;
    const links = async () => ({
      project: (
        (await viewer.get('/api/projects')).body.projects as Array<{ id: string; ownerProfile: boolean }>
      ).find((x) => x.id === p!.id)?.ownerProfile,
      grant: (
        (await viewer.get('/api/grants?scope=explore')).body.grants as Array<{
          projectId: string;
          applicantProfile: boolean;
        }>
      ).find((g) => g.projectId === p!.id)?.applicantProfile,
    });
    expect(await links()).toEqual({ project: true, grant: true });
    expect((await u.client.patch('/api/profile', { profileHidden: true })).body.user.profileHidden).toBe(
      true,
    );
    expect(await links()).toEqual({ project: false, grant: false });
    expect((await t.client().get(path(u.displayName))).status).toBe(404);
    expect((await t.client().get(`${path(u.displayName)}/contributions`)).status).toBe(404);
    expect(await entry()).toMatchObject({ profile: false });
    expect((await u.client.patch('/api/profile', { profileHidden: false })).status).toBe(200);
    expect((await t.client().get(path(u.displayName))).status).toBe(200);

    expect((await admin.post(`/api/admin/users/${u.uid}/disable`, { reason: 'spam' })).status).toBe(200);
    expect((await t.client().get(path(u.displayName))).status).toBe(404);
    expect((await t.client().get(path('Nobody By This Name'))).status).toBe(404);
    expect((await t.client().get(path('x'.repeat(201)))).status).toBe(400);
    // An unverified account has no public profile.
    const v = await signUp(t, { verify: false, displayName: `Not Yet ${Date.now() % 100000}` });
    expect((await t.client().get(path(v.displayName))).status).toBe(404);
  });
});
