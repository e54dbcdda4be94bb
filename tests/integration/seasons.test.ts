/**
 * Seasons and the leaderboard's time windows (issue 19), on PGlite and PostgreSQL: this
 * week's and this month's boards are the ledger summed over them; the admin defines
 * seasons that never overlap; a season created with a past start counts the awards already
 * in it; an ended season is frozen and gives its top 3 and top 10 a badge on their public
 * profiles; disabled users are left out; check-integrity proves the sums.
 */
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, pointEvents } from '@/db/schema';
import { sendSeasonResults } from '@/server/features/seasons/results';
import { rebuildWindows } from '@/server/features/seasons/windows';
import { checkIntegrity } from '@/server/integrity';
import { MSG } from '@/shared/messages';
import { givePoints } from '../support/fixtures';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

const DAY = 86_400_000;
let t: TestServer;
let admin: Client;

beforeAll(async () => {
  t = await startTestServer();
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await t?.close();
});

type Board = {
  entries: Array<{ uid: string; rank: number; pointBalance: number }>;
  me: { rank: number | null; points: number } | null;
  window: { frozen: boolean; label: string };
};
const board = async (c: Client, q: string) => {
  const res = await c.get(`/api/leaderboard/window?${q}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Board;
};
const iso = (ms: number) => new Date(ms).toISOString();

describe('time windows and seasons', () => {
  it('sum the ledger per week, month and season; seasons never overlap; ended ones are frozen and give badges', async () => {
    const a = await signUp(t, { displayName: `Season Ada ${Date.now() % 100000}` });
    const b = await signUp(t);
    const old = crypto.randomUUID();
    await givePoints(t.db, a.uid, 500, old);
    await givePoints(t.db, b.uid, 80);
    await givePoints(t.db, a.uid, 20);
    // Ada's 500 was earned 40 days ago (a back-dated row; the windows are summed again).
    await t.db
      .update(pointEvents)
      .set({ createdAt: new Date(Date.now() - 40 * DAY) })
      .where(eq(pointEvents.idempotencyKey, old));
    await rebuildWindows(t.db);
    expect(await checkIntegrity(t.db)).toEqual([]);

    const week = await board(b.client, 'window=week');
    const mine = week.entries.filter((e) => e.uid === a.uid || e.uid === b.uid);
    expect(mine.map((e) => [e.uid, e.pointBalance])).toEqual([
      [b.uid, 80],
      [a.uid, 20],
    ]);
    expect(week.me).toMatchObject({ points: 80, rank: expect.any(Number) });
    expect((await board(t.client(), 'window=month')).entries.find((e) => e.uid === a.uid)?.pointBalance).toBe(
      20,
    );

    // No season yet: a clear 404.
    expect((await t.client().get('/api/leaderboard/window?window=season')).status).toBe(404);

    // A past season (50 to 10 days ago) counts Ada's 500 from its ledger rows.
    const past = await admin.post('/api/admin/seasons', {
      name: 'Season 1',
      startsAt: iso(Date.now() - 50 * DAY),
      endsAt: iso(Date.now() - 10 * DAY),
    });
    expect(past.status).toBe(201);
    const s1 = past.body.season.id as string;
    expect(past.body.season.status).toBe('ended');
    const overlap = await admin.post('/api/admin/seasons', {
      name: 'Clash',
      startsAt: iso(Date.now() - 20 * DAY),
      endsAt: iso(Date.now() + 5 * DAY),
    });
    expect(overlap).toMatchObject({
      status: 409,
      body: { error: { message: MSG.seasons.overlap('Season 1') } },
    });
    for (const bad of [
      { name: '', startsAt: iso(Date.now()), endsAt: iso(Date.now() + DAY) },
      { name: 'Backwards', startsAt: iso(Date.now() + DAY), endsAt: iso(Date.now()) },
      { name: 'Nonsense', startsAt: 'soon', endsAt: 'later' },
    ])
      expect((await admin.post('/api/admin/seasons', bad)).status).toBe(400);
    expect(
      (await b.client.post('/api/admin/seasons', { name: 'x', startsAt: iso(0), endsAt: iso(DAY) })).status,
    ).toBe(403);

    const frozen = await board(t.client(), `window=season&season=${s1}`);
    expect(frozen.window).toMatchObject({ frozen: true, label: 'Season 1' });
    expect(frozen.entries.find((e) => e.uid === a.uid)).toMatchObject({ pointBalance: 500 });

    // The current season counts awards from now on, not Season 1 (frozen).
    const cur = await admin.post('/api/admin/seasons', {
      name: 'Season 2',
      startsAt: iso(Date.now() - 60_000),
      endsAt: iso(Date.now() + 30 * DAY),
    });
    expect(cur.status).toBe(201);
    await givePoints(t.db, b.uid, 30);
    const now2 = await board(b.client, 'window=season');
    expect(now2.window.label).toBe('Season 2');
    expect(now2.entries.find((e) => e.uid === b.uid)?.pointBalance).toBe(110);
    expect(
      (await board(t.client(), `window=season&season=${s1}`)).entries.find((e) => e.uid === b.uid),
    ).toBeUndefined();
    const list = (await t.client().get('/api/seasons')).body;
    expect(list.current.name).toBe('Season 2');
    expect(list.past.map((s: { name: string }) => s.name)).toContain('Season 1');

    // Ada's badge on her public profile.
    const profile = await t.client().get(`/api/u/${encodeURIComponent(a.displayName)}`);
    expect(profile.body.badges).toContainEqual(expect.objectContaining({ seasonId: s1, badge: 'top3' }));

    // A disabled user leaves every window board.
    expect((await admin.post(`/api/admin/users/${b.uid}/disable`, { reason: 'spam' })).status).toBe(200);
    expect((await board(t.client(), 'window=week')).entries.find((e) => e.uid === b.uid)).toBeUndefined();
    expect(await checkIntegrity(t.db)).toEqual([]);
  });

  it('a rank from the bands equals the users with more points in the window, disabled ones left out', async () => {
    const users = await Promise.all([0, 1, 2, 3, 4, 5].map(() => signUp(t)));
    // Scores across several bands (100 points each), with ties.
    for (const [i, pts] of [150, 150, 99, 1, 1234, 250].entries()) await givePoints(t.db, users[i]!.uid, pts);
    expect((await admin.post(`/api/admin/users/${users[4]!.uid}/disable`, { reason: 'x' })).status).toBe(200);
    await ranksMatchCount(users.filter((_, i) => i !== 4));
    // Points given while disabled stay off the board; enabling puts the whole score back.
    await givePoints(t.db, users[4]!.uid, 10);
    expect(await checkIntegrity(t.db)).toEqual([]);
    expect((await admin.post(`/api/admin/users/${users[4]!.uid}/enable`, { reason: 'ok' })).status).toBe(200);
    // (users[4]'s sessions ended when they were disabled; the others' ranks count them again.)
    await ranksMatchCount(users.filter((_, i) => i !== 4));
    const top = await board(users[0]!.client, 'window=week');
    expect(top.entries.find((e) => e.uid === users[4]!.uid)?.pointBalance).toBe(1244);
    // A row listed against its user's state is reported.
    await t.db.execute(sql`update window_scores set listed = false where user_id = ${users[0]!.uid}`);
    expect((await checkIntegrity(t.db)).map((v) => v.check)).toContainEqual(
      expect.stringContaining('listed'),
    );
    await t.db.execute(sql`update window_scores set listed = true where user_id = ${users[0]!.uid}`);
  });

  async function ranksMatchCount(users: Array<{ uid: string; client: Client }>) {
    for (const u of users) {
      const got = await board(u.client, 'window=week');
      const res = (await t.db.execute(sql`
        select 1 + count(*)::int as rank from window_scores o join "user" ou on ou.id = o.user_id
        where o.window_key = (select window_key from window_scores where user_id = ${u.uid} and window_key like 'week:%')
          and ou.disabled_at is null
          and o.points > (select points from window_scores where user_id = ${u.uid} and window_key like 'week:%')`)) as unknown as {
        rows: Array<{ rank: number }>;
      };
      expect(got.me?.rank).toBe(Number(res.rows[0]!.rank));
    }
    expect(await checkIntegrity(t.db)).toEqual([]);
  }

  it('tells each member of an ended season their final rank once, in the inbox; badge holders by mail unless off', async () => {
    const members = await Promise.all([0, 1, 2, 3, 4].map(() => signUp(t)));
    const keys: string[] = [];
    for (const [i, pts] of [300, 200, 200, 50, 40].entries()) {
      const key = crypto.randomUUID();
      keys.push(key);
      await givePoints(t.db, members[i]!.uid, pts, key);
    }
    await t.db
      .update(pointEvents)
      .set({ createdAt: new Date(Date.now() - 300 * DAY) })
      .where(inArray(pointEvents.idempotencyKey, keys));
    await rebuildWindows(t.db);
    // The fourth turned season mail off; the fifth is disabled (off the board, told nothing).
    const prefs = { contributions: true, launchpad: true, bounties: true, grants: true, referrals: true };
    expect(
      (await members[3]!.client.request('PUT', '/api/profile/mail-preferences', { ...prefs, seasons: false }))
        .status,
    ).toBe(200);
    expect((await admin.post(`/api/admin/users/${members[4]!.uid}/disable`, { reason: 'x' })).status).toBe(
      200,
    );
    const created = await admin.post('/api/admin/seasons', {
      name: 'Results Season',
      startsAt: iso(Date.now() - 310 * DAY),
      endsAt: iso(Date.now() - 290 * DAY),
    });
    expect(created.status).toBe(201);
    const id = created.body.season.id as string;

    // Recorded after it ended, the season's results go out at once; two more runs at once
    // (two processes' jobs) add nothing: each member is told once.
    await Promise.all([sendSeasonResults(t.deps), sendSeasonResults(t.deps)]);
    const toldRows = () =>
      t.db
        .select()
        .from(notifications)
        .where(like(notifications.dedupeKey, `season:${id}:%`));
    await expect.poll(async () => (await toldRows()).length).toBe(4);
    const told = await toldRows();
    const titleOf = (i: number) => told.filter((n) => n.userId === members[i]!.uid).map((n) => n.title);
    expect(titleOf(0)).toEqual(['Season “Results Season” has ended: you finished #1']);
    expect(titleOf(1)).toEqual(['Season “Results Season” has ended: you finished #2']);
    expect(titleOf(2)).toEqual(['Season “Results Season” has ended: you finished #2']);
    expect(titleOf(3)).toEqual(['Season “Results Season” has ended: you finished #4']);
    expect(titleOf(4)).toEqual([]);
    expect(told.find((n) => n.userId === members[0]!.uid)).toMatchObject({
      category: 'seasons',
      body: 'You earned 300 XP in it. Your Top 3 badge is on your public profile.',
      link: '/dashboard',
    });
    // The bell counts it; the inbox lists it.
    const me = await members[0]!.client.get('/api/me');
    expect(me.body.user.unreadNotifications).toBe(1);
    const inbox = await members[0]!.client.get('/api/notifications');
    expect(inbox.body.items[0]).toMatchObject({ title: titleOf(0)[0] });
    // Badge holders get a mail (with the one-click unsubscribe), unless they turned it off.
    const mail = await t.smtp.waitFor(members[0]!.email, 'Top 3 of Results Season');
    expect(mail.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/i);
    await t.smtp.waitFor(members[2]!.email, 'Top 3 of Results Season');
    // A later run tells nobody again.
    expect(await sendSeasonResults(t.deps)).toBe(0);
    expect(
      t.smtp.mails.some((m) => m.to.includes(members[3]!.email) && m.subject.includes('Results Season')),
    ).toBe(false);
  });

  it('check-integrity notices a window that drifted from the ledger', async () => {
    const u = await signUp(t);
    await givePoints(t.db, u.uid, 10);
    await t.db.execute(
      sql`update window_scores set points = points + 1 where user_id = ${u.uid} and window_key like 'week:%'`,
    );
    const checks = (await checkIntegrity(t.db)).map((v) => v.check);
    expect(checks.some((c) => c.includes('week, month and season'))).toBe(true);
    await t.db.execute(
      sql`update window_scores set points = points - 1 where user_id = ${u.uid} and window_key like 'week:%'`,
    );
  });
});
