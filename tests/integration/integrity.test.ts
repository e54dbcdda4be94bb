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

describe('check-integrity', () => {
  it('finds nothing after real activity, and names a counter that was tampered with', async () => {
    const referrer = await signUp(t);
    const u = await signUp(t, { ref: referrer.uid });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await u.client.post('/api/contributions', {
        title: `c${i}`,
        type: 'tweet',
        link: `https://x.com/a/status/${9000 + i}`,
        timeZone: 'UTC',
      });
      ids.push(r.body.contribution.id);
    }
    await admin.post(`/api/admin/contributions/${ids[0]}/reward`, { points: 30 });
    await admin.post(`/api/admin/contributions/${ids[1]}/reject`, { reason: 'no' });
    expect(await checkIntegrity(t.db)).toEqual([]);

    await t.db
      .update(user)
      .set({ pointBalance: sql`${user.pointBalance} + 1` })
      .where(eq(user.id, u.uid));
    await t.db.update(user).set({ totalContributions: 99 }).where(eq(user.id, u.uid));
    const found = await checkIntegrity(t.db);
    const checks = found.map((v) => v.check);
    expect(checks).toContain('pointBalance equals the sum of the user’s ledger events');
    expect(checks).toContain('totalContributions equals the user’s contributions');
    expect(checks).toContain('score_buckets match the users’ scores');
    expect(found.find((v) => v.check.startsWith('totalContributions'))?.detail).toBe(
      `${u.uid}: stored 99, expected 3`,
    );
  });
});
