/**
 * The admin's member counts (/api/admin/summary) come from user_counts, kept by statement
 * triggers on "user" (migrations 0030, 0034): they must equal a full count after sign-ups,
 * verification, role changes, deletions and concurrent moves in opposite directions,
 * through the API and through writes that bypass the app's code.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user, userCounts } from '@/db/schema';
import { checkIntegrity } from '@/server/integrity';
import { insertUser } from '../support/fixtures';
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

/** The summary as a full count of every account would give it. */
async function counted() {
  const rows = await t.db
    .select({
      role: user.role,
      n: sql<number>`count(*)`.mapWith(Number),
      verified: sql<number>`count(*) filter (where ${user.emailVerified})`.mapWith(Number),
    })
    .from(user)
    .groupBy(user.role);
  return {
    users: rows.reduce((a, r) => a + r.n, 0),
    verified: rows.reduce((a, r) => a + r.verified, 0),
    byRole: Object.fromEntries(rows.map((r) => [r.role, r.n])),
  };
}

async function summary() {
  const res = await admin.get('/api/admin/summary');
  expect(res.status).toBe(200);
  return res.body;
}

describe('admin member counts', () => {
  it('equal a full count through sign-up, verification, role change and deletion', async () => {
    const before = await summary();
    expect(before).toEqual(await counted());

    const builder = await signUp(t, { role: 'builder' });
    const startup = await signUp(t, { role: 'startup' });
    const unverified = await signUp(t, { role: 'startup', verify: false });
    const after = await summary();
    expect(after.users).toBe(before.users + 3);
    expect(after.verified).toBe(before.verified + 2);
    expect(after.byRole.startup).toBe((before.byRole.startup ?? 0) + 2);
    expect(after).toEqual(await counted());

    // Writes that bypass the app (a script, another process) are counted too.
    await t.db.update(user).set({ role: 'startup' }).where(eq(user.id, builder.uid));
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.id, unverified.uid));
    await t.db.update(user).set({ name: 'Renamed member' }).where(eq(user.id, startup.uid)); // no key change
    await t.db.delete(user).where(eq(user.id, startup.uid));
    expect(await summary()).toEqual(await counted());
    expect(await checkIntegrity(t.db)).toEqual([]);
  });

  it('stay exact through statements that write many accounts at once (an import, a bulk update)', async () => {
    const tag = `bulk${Date.now()}`;
    const rows = Array.from({ length: 400 }, (_, i) => ({
      id: `${tag}-${i}`,
      name: `Bulk ${i}`,
      username: `${tag}-${i}`,
      email: `${tag}-${i}@bulk.example`,
      emailVerified: i % 4 !== 0,
      role: ['builder', 'startup', 'creator', 'project'][i % 4]!,
    }));
    await t.db.insert(user).values(rows);
    expect(await summary()).toEqual(await counted());
    // One statement moves a mix of keys both ways, and leaves some keys as they were.
    await t.db.execute(sql`
      update "user" set
        role = case when role = 'builder' then 'startup' when role = 'startup' then 'builder' else role end,
        email_verified = not email_verified
      where id like ${`${tag}-%`} and (right(id, 1))::int % 3 = 0`);
    expect(await summary()).toEqual(await counted());
    await t.db
      .update(user)
      .set({ name: 'Renamed in bulk' })
      .where(sql`${user.id} like ${`${tag}-%`}`);
    expect(await summary()).toEqual(await counted());
    await t.db.delete(user).where(sql`${user.id} like ${`${tag}-%`} and (right(${user.id}, 1))::int % 2 = 0`);
    expect(await summary()).toEqual(await counted());
    await t.db.delete(user).where(sql`${user.id} like ${`${tag}-%`}`);
    expect(await summary()).toEqual(await counted());
    expect(await checkIntegrity(t.db)).toEqual([]);
  });

  it('stay exact under concurrent moves in opposite directions (no deadlock)', async () => {
    const a = await Promise.all(Array.from({ length: 12 }, () => insertUser(t.db, { role: 'builder' })));
    const b = await Promise.all(Array.from({ length: 12 }, () => insertUser(t.db, { role: 'startup' })));
    // Each account moves in its own transaction, builders up and startups down at once, unverifying
    // some on the way: every pair of transactions touches two counter rows in opposite directions.
    await Promise.all(
      a.flatMap((u, i) => [
        t.db.transaction(async (tx) => {
          await tx
            .update(user)
            .set({ role: 'startup', emailVerified: i % 2 === 0 })
            .where(eq(user.id, u.id));
        }),
        t.db.transaction(async (tx) => {
          await tx
            .update(user)
            .set({ role: 'builder', emailVerified: i % 3 === 0 })
            .where(eq(user.id, b[i]!.id));
        }),
      ]),
    );
    expect(await summary()).toEqual(await counted());
    await t.db.delete(user).where(
      inArray(
        user.id,
        [...a, ...b].map((u) => u.id),
      ),
    );
    expect(await summary()).toEqual(await counted());
    expect(await checkIntegrity(t.db)).toEqual([]);
  });

  it('check-integrity names a counter that drifted', async () => {
    await t.db
      .update(userCounts)
      .set({ users: sql`${userCounts.users} + 5` })
      .where(eq(userCounts.role, 'startup'));
    const found = await checkIntegrity(t.db);
    expect(found.some((v) => v.check.startsWith('user_counts match'))).toBe(true);
    await t.db
      .update(userCounts)
      .set({ users: sql`${userCounts.users} - 5` })
      .where(eq(userCounts.role, 'startup'));
    expect(await checkIntegrity(t.db)).toEqual([]);
  });
});
