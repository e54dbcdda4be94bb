/**
 * check-integrity with moderation (issue 18): a disabled user is out of the rank
 * histogram, and a reverted reward is taken back once, by exactly its amount.
 * Its own server: the checks read the whole database.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '@/db/schema';
import { checkIntegrity } from '@/server/integrity';
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

describe('check-integrity after moderation', () => {
  it('proves a disabled user is out of the rank histogram and a reverted reward taken back once, exactly', async () => {
    const u = await signUp(t);
    const r = await u.client.post('/api/contributions', {
      title: 'kept',
      type: 'tweet',
      link: 'https://x.com/a/status/9100',
      timeZone: 'UTC',
    });
    await admin.post(`/api/admin/contributions/${r.body.contribution.id}/reward`, { points: 40 });
    const reward = ((await admin.get(`/api/admin/users/${u.uid}`)).body.ledger as { id: string }[])[0]!;
    await admin.post(`/api/admin/users/${u.uid}/disable`, { reason: 'spam' });
    await admin.post(`/api/admin/users/${u.uid}/enable`, { reason: 'appeal' });
    await admin.post(`/api/admin/users/${u.uid}/xp/revert`, { eventId: reward.id, reason: 'not theirs' });
    await admin.post(`/api/admin/users/${u.uid}/disable`, { reason: 'spam again' });
    expect(await checkIntegrity(t.db)).toEqual([]);

    // Disabled behind the app's back: the histogram still counts the user.
    const other = await signUp(t);
    await admin.post(`/api/admin/users/${other.uid}/xp`, {
      delta: 25,
      reason: 'x',
      key: crypto.randomUUID(),
    });
    await t.db.update(user).set({ disabledAt: new Date() }).where(eq(user.id, other.uid));
    // A revert row that takes back more than the reward paid.
    await t.db.execute(
      sql`update point_events set delta = delta - 1 where idempotency_key like 'revert:%' and user_id = ${u.uid}`,
    );
    const checks = (await checkIntegrity(t.db)).map((v) => v.check);
    expect(checks).toContain('score_buckets match the users’ scores');
    expect(checks).toContain(
      'every reverted reward is taken back once, by exactly its amount, from its owner',
    );
  });
});
