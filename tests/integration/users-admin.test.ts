/**
 * The admin's users console (issue 18): prefix search by name or e-mail, filters,
 * both sorts with keyset pages that neither skip nor repeat, and one user's page.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bounties, bountyApplicants, user } from '@/db/schema';
import { givePoints, insertUser } from '../support/fixtures';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: Client;

beforeAll(async () => {
  t = await startTestServer();
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
  // 120 members with equal join times in pairs and many equal scores: the cursors' ties.
  const base = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < 120; i++) {
    const u = await insertUser(t.db, {
      name: `Crowd ${String(i).padStart(3, '0')}`,
      createdAt: new Date(base + Math.floor(i / 2) * 1000),
      role: i % 3 === 0 ? 'startup' : 'builder',
      emailVerified: i % 4 !== 0,
    });
    if (i % 5) await givePoints(t.db, u.id, (i % 7) * 10 + 10);
  }
});
afterAll(async () => {
  await t?.close();
});

type Row = { id: string; name: string; points: number; joinedAt: string; role: string; verified: boolean };

async function all(query: string): Promise<Row[]> {
  const out: Row[] = [];
  let after: string | null = null;
  do {
    const res = await admin.get(
      `/api/admin/users?${query}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
    );
    expect(res.status).toBe(200);
    out.push(...res.body.users);
    after = res.body.nextCursor;
  } while (after);
  return out;
}

describe('users console', () => {
  it('pages by join date, newest first, each user once', async () => {
    const rows = await all('sort=joined');
    const total = (await t.db.select().from(user)).length;
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.id)).size).toBe(total);
    const times = rows.map((r) => Date.parse(r.joinedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages by XP in leaderboard order, each user once', async () => {
    const rows = await all('sort=xp');
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const points = rows.map((r) => r.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    expect(rows.length).toBe((await t.db.select().from(user)).length);
  });

  it('searches by the start of a name or an e-mail, and filters by role, status, verified, disabled and reviewer', async () => {
    const byName = await all('q=crowd%2001');
    expect(byName.map((r) => r.name).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `Crowd 01${i}`));
    const [one] = byName;
    const [row] = await t.db.select().from(user).where(eq(user.id, one!.id));
    const byMail = await all(`q=${encodeURIComponent(row!.email.slice(0, 12))}`);
    expect(byMail.map((r) => r.id)).toContain(one!.id);
    expect(await all('q=nobody%25matches')).toEqual([]);
    // Nothing to match by (no name key, and a space rules out an e-mail): nobody, not everybody.
    expect(await all(`q=${encodeURIComponent('\u0301 \u0301')}`)).toEqual([]);
    const startups = await all('role=startup&q=crowd');
    expect(startups).toHaveLength(40);
    expect(startups.every((r) => r.role === 'startup')).toBe(true);
    const unverified = await all('verified=no&q=crowd');
    expect(unverified).toHaveLength(30);
    await t.db
      .update(user)
      .set({ disabledAt: new Date(), disabledReason: 'spam' })
      .where(eq(user.id, one!.id));
    expect((await all('disabled=yes')).map((r) => r.id)).toEqual([one!.id]);
    expect((await all('disabled=no&q=crowd')).length).toBe(119);
    // Status and reviewer (issue 18): an approved startup, a reviewer.
    const [approved, reviewer] = startups.slice(0, 2);
    await t.db.update(user).set({ status: 'approved' }).where(eq(user.id, approved!.id));
    await t.db.update(user).set({ reviewerMaxPoints: 25 }).where(eq(user.id, reviewer!.id));
    expect((await all('status=approved&q=crowd')).map((r) => r.id)).toEqual([approved!.id]);
    expect((await all('status=pending&q=crowd')).length).toBe(119);
    const reviewers = await all('reviewer=yes');
    expect(reviewers.map((r) => [r.id, (r as Row & { reviewer: boolean }).reviewer])).toEqual([
      [reviewer!.id, true],
    ]);
    expect((await all('reviewer=no&q=crowd')).length).toBe(119);
    expect((await admin.get('/api/admin/users?status=banned')).status).toBe(400);
    expect((await admin.get('/api/admin/users?after=nonsense')).status).toBe(400);
    expect((await admin.get('/api/admin/users?sort=xp&after=x|y|z')).status).toBe(400);
  });

  it('lists the admin as Admin (isAdmin, from ADMIN_EMAIL) and finds them with role=admin, never by a look-alike', async () => {
    const [me] = await t.db.select().from(user).where(eq(user.email, ADMIN_EMAIL));
    // An unverified account with the admin's address in other case is not the admin (isAdminUser).
    const lookalike = await insertUser(t.db, {
      name: 'Admin Lookalike',
      email: ADMIN_EMAIL.toUpperCase(),
      emailVerified: false,
    });
    const everyone = await all('sort=joined');
    const flagged = everyone.filter((r) => (r as Row & { isAdmin: boolean }).isAdmin);
    expect(flagged.map((r) => r.id)).toEqual([me!.id]);
    // role=admin is the admin's account, whatever role it signed up with; the role it
    // signed up with still finds it too.
    const admins = await all('role=admin');
    expect(admins.map((r) => [r.id, r.role])).toEqual([[me!.id, me!.role]]);
    expect((await all(`role=${me!.role}`)).map((r) => r.id)).toContain(me!.id);
    expect((await all('role=admin&sort=xp')).map((r) => r.id)).toEqual([me!.id]);
    expect((await all('role=admin&q=crowd')).map((r) => r.id)).toEqual([]);
    expect((await all('role=admin&verified=no')).map((r) => r.id)).toEqual([]);
    expect((await all('q=admin%20lookalike')).map((r) => r.id)).toEqual([lookalike.id]);
    const detail = await admin.get(`/api/admin/users/${me!.id}`);
    expect(detail.body.user).toMatchObject({ isAdmin: true, role: me!.role });
    // Not a role anyone has: 'Admin' in another case, or a staff word the server does not know.
    for (const bad of ['Admin', 'ADMIN', 'reviewer', 'staff', "admin'--", 'admin%00'])
      expect((await admin.get(`/api/admin/users?role=${encodeURIComponent(bad)}`)).status).toBe(400);
  });

  it('pages a search in either order exactly as the whole list, filtered, and lists a double match once', async () => {
    for (const sort of ['joined', 'xp']) {
      const whole = (await all(`sort=${sort}`)).filter((r) => r.name.startsWith('Crowd'));
      const searched = await all(`sort=${sort}&q=crowd`);
      expect(whole.length).toBeGreaterThan(100);
      expect(searched.map((r) => r.id)).toEqual(whole.map((r) => r.id));
    }
    // Name and e-mail both start with the search: one row, from either match.
    const both = await insertUser(t.db, { name: 'Twice Over', email: 'twice.over@example.test' });
    const other = await insertUser(t.db, { name: 'Someone Else', email: 'twice.else@example.test' });
    const twice = await all('q=twice');
    expect(twice.map((r) => r.id).sort()).toEqual([both.id, other.id].sort());
  });

  it('keeps the search columns on its indexes (migration 0026; drizzle cannot declare INCLUDE)', async () => {
    const { rows } = (await t.db.execute(
      sql`select indexname, indexdef from pg_indexes where tablename = 'user' order by indexname`,
    )) as unknown as { rows: Array<{ indexname: string; indexdef: string }> };
    const def = (name: string) => rows.find((r) => r.indexname === name)?.indexdef;
    expect(def('user_joined_idx')).toMatch(/INCLUDE \(username, email, role\)$/);
    expect(def('user_leaderboard_idx')).toMatch(/INCLUDE \(username, email, role\)$/);
    expect(def('user_username_prefix_idx')).toMatch(
      /INCLUDE \(created_at, id, point_balance, score_reached_at, role\)$/,
    );
  });

  it("shows one user's page: profile, ledger, items, referrals and sessions", async () => {
    const referrer = await signUp(t);
    const u = await signUp(t, { ref: referrer.uid });
    const sub = await u.client.post('/api/contributions', {
      title: 'Thread about Sysfi',
      type: 'tweet',
      link: 'https://x.com/sysfi_fan/status/777',
    });
    expect(sub.status).toBe(201);
    // A bounty they applied to is its own list, apart from the bounties they asked to have listed.
    const [bounty] = await t.db
      .insert(bounties)
      .values({ title: 'Translate the docs', description: 'd', reward: '1 USDC', requesterId: referrer.uid })
      .returning();
    await t.db.insert(bountyApplicants).values({ bountyId: bounty!.id, userId: u.uid, pitch: 'Me' });
    const res = await admin.get(`/api/admin/users/${u.uid}`);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: u.uid, email: u.email, disabled: false, isAdmin: false });
    expect(res.body.contributions).toMatchObject({ count: 1, recent: [{ status: 'pending' }] });
    expect(res.body.bountiesApplied).toMatchObject({
      count: 1,
      recent: [{ id: bounty!.id, title: 'Translate the docs', status: 'applied' }],
    });
    expect(res.body.bountyApplications).toMatchObject({ count: 0, recent: [] });
    expect(res.body.referrer).toEqual({ id: referrer.uid, name: referrer.displayName });
    expect(res.body.sessions.length).toBeGreaterThanOrEqual(1);
    // A session reads as the member's own devices list says it; the browser's own words stay for the admin.
    const CHROME =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36';
    const laptop = t.client();
    const signIn = await laptop.request(
      'POST',
      '/api/account/sign-in',
      { email: u.email, password: u.password },
      { 'user-agent': CHROME },
    );
    expect(signIn.status).toBe(200);
    const after = await admin.get(`/api/admin/users/${u.uid}`);
    expect(after.body.sessions).toContainEqual(
      expect.objectContaining({ device: 'Chrome 140 on Linux', userAgent: CHROME }),
    );
    const ref = await admin.get(`/api/admin/users/${referrer.uid}`);
    expect(ref.body.referred).toEqual({ count: 1, recent: [{ id: u.uid, name: u.displayName }] });
    expect(ref.body.ledger.map((e: { reason: string }) => e.reason)).toContain('referral');
    expect((await admin.get('/api/admin/users/nobody')).status).toBe(404);
  });
});
