/**
 * The audit log (issue 18): every admin decision writes one entry in the decision's own
 * transaction; the admin reads them filtered and keyset-paged; nobody can change or
 * delete an entry, not even with SQL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contributions } from '@/db/schema';
import { insertUser } from '../support/fixtures';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: Client;
let adminId: string;
let seq = 5000;

beforeAll(async () => {
  t = await startTestServer();
  const a = await signUp(t, { email: ADMIN_EMAIL });
  admin = a.client;
  adminId = a.uid;
  adminPassword = a.password;
});
afterAll(async () => {
  await t?.close();
});

const submit = async (c: Client) => {
  const res = await c.post('/api/contributions', {
    title: 'Thread about Sysfi',
    type: 'tweet',
    link: `https://x.com/sysfi_fan/status/${++seq}`,
  });
  expect(res.status).toBe(201);
  return res.body.contribution.id as string;
};

let adminPassword: string;

describe('audit log', () => {
  it('records the sign-in of the admin and of a reviewer, and of no one else', async () => {
    const reviewer = await signUp(t);
    const member = await signUp(t);
    const granted = await admin.post(`/api/admin/users/${reviewer.uid}/reviewer`, {
      maxPoints: 40,
      reason: 'Trusted',
    });
    expect(granted.status).toBe(200);
    for (const [email, password] of [
      [ADMIN_EMAIL, adminPassword],
      [reviewer.email, reviewer.password],
      [member.email, member.password],
    ] as const) {
      const res = await t.client().post('/api/account/sign-in', { email, password });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.sign_in'));
    const by = (id: string) => rows.filter((r) => r.actorId === id);
    expect(by(adminId)).toHaveLength(1);
    expect(by(adminId)[0]).toMatchObject({
      targetType: 'session',
      after: expect.objectContaining({ role: 'admin' }),
    });
    expect(by(reviewer.uid)).toHaveLength(1);
    expect(by(reviewer.uid)[0]!.after).toMatchObject({ role: 'reviewer' });
    expect(by(member.uid)).toHaveLength(0);
    // The console lists it under its own action.
    const listed = await admin.get('/api/admin/audit?action=user.sign_in');
    expect(listed.status).toBe(200);
    expect(listed.body.entries.map((e: { actorId: string }) => e.actorId)).toEqual(
      expect.arrayContaining([adminId, reviewer.uid]),
    );
  });

  it('records a reward and a rejection with who, what, before, after and the reason', async () => {
    const u = await signUp(t);
    const a = await submit(u.client);
    const b = await submit(u.client);
    expect((await admin.post(`/api/admin/contributions/${a}/reward`, { points: 40 })).status).toBe(200);
    expect((await admin.post(`/api/admin/contributions/${b}/reject`, { reason: 'Off topic' })).status).toBe(
      200,
    );
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.targetType, 'contribution'));
    const byTarget = Object.fromEntries(rows.map((r) => [r.targetId, r]));
    expect(byTarget[a]).toMatchObject({
      actorId: adminId,
      action: 'contribution.reward',
      before: { status: 'pending' },
      after: { status: 'approved', decision: '40 XP' },
      reason: null,
    });
    expect(byTarget[b]).toMatchObject({
      actorId: adminId,
      action: 'contribution.reject',
      before: { status: 'pending' },
      after: { status: 'rejected', decision: 'reject' },
      reason: 'Off topic',
    });
    // The admin's list names each target as it is called now; a target with no name keeps its id only.
    const listed = await admin.get('/api/admin/audit?action=contribution.reward');
    const entry = listed.body.entries.find((e: { targetId: string }) => e.targetId === a);
    expect(entry).toMatchObject({ targetType: 'contribution', targetLabel: 'Thread about Sysfi' });
    const signIns = await admin.get('/api/admin/audit?action=user.sign_in');
    expect(signIns.body.entries.length).toBeGreaterThan(0);
    for (const e of signIns.body.entries) expect(e.targetLabel).toBeNull();
  });

  it('names a member target by their display name, and a deleted target not at all', async () => {
    const u = await signUp(t);
    expect(
      (await admin.post(`/api/admin/users/${u.uid}/role`, { role: 'startup', reason: 'Asked' })).status,
    ).toBe(200);
    const listed = await admin.get(`/api/admin/audit?action=user.role`);
    expect(listed.status).toBe(200);
    const entry = listed.body.entries.find((e: { targetId: string }) => e.targetId === u.uid);
    expect(entry).toMatchObject({ targetType: 'user', targetLabel: u.displayName, actorId: adminId });
    // A target whose row is gone (here a contribution id that never existed) has no label, and the page still loads.
    await t.db.execute(
      sql`insert into audit_log (actor_id, action, target_type, target_id) values (${adminId}, 'contribution.reward', 'contribution', 'gone-id')`,
    );
    const again = await admin.get('/api/admin/audit?action=contribution.reward');
    expect(again.status).toBe(200);
    expect(again.body.entries.find((e: { targetId: string }) => e.targetId === 'gone-id')).toMatchObject({
      targetLabel: null,
    });
  });

  it('writes nothing for a refused decision (the second reward of one item)', async () => {
    const u = await signUp(t);
    const id = await submit(u.client);
    expect((await admin.post(`/api/admin/contributions/${id}/reward`, { points: 10 })).status).toBe(200);
    expect((await admin.post(`/api/admin/contributions/${id}/reward`, { points: 10 })).status).toBe(409);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(rows).toHaveLength(1);
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const [any] = await t.db.select().from(auditLog).limit(1);
    expect(any).toBeDefined();
    await expect(
      t.db.update(auditLog).set({ reason: 'edited' }).where(eq(auditLog.id, any!.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, any!.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [again] = await t.db.select().from(auditLog).where(eq(auditLog.id, any!.id));
    expect(again).toEqual(any);
  });

  it('lists entries newest first, filtered by action, actor and day, in keyset pages', async () => {
    const u = await signUp(t);
    // More than the daily 5: written straight into the table as pending items.
    const ids = (
      await t.db
        .insert(contributions)
        .values(
          Array.from({ length: 55 }, (_, i) => ({
            userId: u.uid,
            title: `Item ${i}`,
            contributor: u.displayName,
            link: `https://example.com/${i}`,
          })),
        )
        .returning({ id: contributions.id })
    ).map((r) => r.id);
    for (const id of ids) {
      expect((await admin.post(`/api/admin/contributions/${id}/reject`, { reason: `r${id}` })).status).toBe(
        200,
      );
    }
    const first = await admin.get('/api/admin/audit?action=contribution.reject');
    expect(first.status).toBe(200);
    expect(first.body.entries).toHaveLength(50);
    expect(first.body.actions).toEqual(
      expect.arrayContaining(['contribution.reject', 'contribution.reward']),
    );
    expect(first.body.entries[0].targetId).toBe(ids.at(-1));
    expect(first.body.entries[0].actorName).toBeTruthy();
    const second = await admin.get(
      `/api/admin/audit?action=contribution.reject&before=${first.body.nextCursor}`,
    );
    const seen = [...first.body.entries, ...second.body.entries].map((e: { id: string }) => Number(e.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((x, y) => y - x));
    expect(second.body.nextCursor).toBeNull();
    expect(seen.length).toBe(56); // 55 here and the one of the first test

    const byEmail = await admin.get(`/api/admin/audit?actor=${encodeURIComponent(ADMIN_EMAIL)}`);
    expect(byEmail.body.entries.length).toBeGreaterThan(0);
    expect(byEmail.body.entries.every((e: { actorId: string }) => e.actorId === adminId)).toBe(true);
    const nobody = await admin.get(`/api/admin/audit?actor=${encodeURIComponent(u.email)}`);
    expect(nobody.body.entries).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.get(`/api/admin/audit?from=${today}&to=${today}`)).body.entries.length).toBe(50);
    expect((await admin.get('/api/admin/audit?to=2000-01-01')).body.entries).toEqual([]);
    expect((await admin.get('/api/admin/audit?from=yesterday')).status).toBe(400);
  });

  describe('filtered by target member', () => {
    type Entry = { id: string; action: string; targetType: string; targetId: string };
    const list = async (query: string) => {
      const res = await admin.get(`/api/admin/audit?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { entries: Entry[]; nextCursor: string | null; target: unknown };
    };

    it('lists only the entries about that member, newest first, named, with the other filters', async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      const ok = async (path: string, body: object) =>
        expect((await admin.post(`/api/admin/users/${path}`, body)).status).toBe(200);
      await ok(`${a.uid}/role`, { role: 'startup', reason: 'Asked' });
      await ok(`${b.uid}/role`, { role: 'startup', reason: 'Asked too' });
      await ok(`${a.uid}/xp`, { delta: 15, reason: 'Meetup', key: crypto.randomUUID() });
      await ok(`${a.uid}/disable`, { reason: 'Spam' });
      // Another kind of target whose id happens to be the member's is not about the member.
      await t.db.execute(
        sql`insert into audit_log (actor_id, action, target_type, target_id) values (${adminId}, 'contribution.reward', 'contribution', ${a.uid})`,
      );
      const about = await list(`target=${a.uid}`);
      expect(about.target).toEqual({ id: a.uid, name: a.displayName });
      expect(about.entries.map((e) => e.action)).toEqual(['user.disable', 'xp.grant', 'user.role']);
      expect(about.entries.every((e) => e.targetType === 'user' && e.targetId === a.uid)).toBe(true);
      expect(about.nextCursor).toBeNull();
      // Together with the other filters, each narrowing it further.
      expect((await list(`target=${a.uid}&action=user.role`)).entries).toHaveLength(1);
      expect((await list(`target=${a.uid}&actor=${encodeURIComponent(ADMIN_EMAIL)}`)).entries).toHaveLength(
        3,
      );
      expect((await list(`target=${a.uid}&actor=${b.uid}`)).entries).toEqual([]);
      expect((await list(`target=${a.uid}&to=2000-01-01`)).entries).toEqual([]);
      // Without a target there is no named member.
      expect((await list('action=user.role')).target).toBeNull();
    });

    it('pages a long trail by keyset with neither a gap nor a repeat, and never strays to another member', async () => {
      const a = await insertUser(t.db, { name: 'Long Trail' });
      const b = await insertUser(t.db, { name: 'Neighbour' });
      // 130 entries about a, interleaved with 65 about b, straight into the log.
      await t.db.execute(sql`
        insert into audit_log (actor_id, action, target_type, target_id, reason)
        select ${adminId}, 'user.role', 'user', case when i % 3 = 0 then ${b.id} else ${a.id} end, 'n' || i
        from generate_series(1, 195) as i`);
      const seen: Entry[] = [];
      let before: string | null = null;
      let pages = 0;
      do {
        const page = await list(`target=${a.id}${before ? `&before=${before}` : ''}`);
        seen.push(...page.entries);
        before = page.nextCursor;
        pages++;
      } while (before);
      expect(pages).toBe(3);
      expect(seen).toHaveLength(130);
      expect(new Set(seen.map((e) => e.id)).size).toBe(130);
      const ids = seen.map((e) => Number(e.id));
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      expect(seen.every((e) => e.targetId === a.id)).toBe(true);
    });

    it('keeps the target index in page order (migration 0040)', async () => {
      const { rows } = (await t.db.execute(
        sql`select indexdef from pg_indexes where indexname = 'audit_log_target_idx'`,
      )) as unknown as { rows: Array<{ indexdef: string }> };
      expect(rows[0]?.indexdef).toMatch(/\(target_type, target_id, id\)$/);
    });

    it('answers an unknown member with nothing, and refuses a malformed target with 400', async () => {
      const unknown = await list('target=no-such-member-0000');
      expect(unknown).toMatchObject({ entries: [], nextCursor: null, target: null });
      for (const bad of [
        '',
        ' ',
        "x' OR '1'='1",
        'a'.repeat(65),
        'abc%00',
        '../admin',
        'ü-member',
        '<script>',
      ]) {
        const res = await admin.get(`/api/admin/audit?target=${encodeURIComponent(bad)}`);
        expect(res.status, bad).toBe(400);
      }
      // Two targets, or a target with a malformed cursor: refused, not guessed.
      expect((await admin.get('/api/admin/audit?target=a1&target=b2')).status).toBe(400);
      expect((await admin.get('/api/admin/audit?target=a1&before=-1')).status).toBe(400);
      // Only the admin reads it.
      const member = await signUp(t);
      expect((await member.client.get(`/api/admin/audit?target=${member.uid}`)).status).toBe(403);
    });
  });
});
