import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '@/db/schema';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

// Issue 20: a contributor's pending items all read "#1 in the review queue". Each pending
// item's place counts every pending item of every user submitted before it, oldest first.
let clock = Date.parse('2026-07-01T10:00:00Z');
let t: TestServer;
let admin: Client;
let seq = 5000;

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(clock) });
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await t?.close();
});

const submit = async (c: Client) => {
  clock += 1000;
  const res = await c.post('/api/contributions', {
    title: 'Thread about Sysfi',
    type: 'tweet',
    link: `https://x.com/sysfi_fan/status/${++seq}`,
  });
  expect(res.status).toBe(201);
  return res.body.contribution.id as string;
};

const places = async (c: Client) => {
  const me = await c.get('/api/contributions/me');
  expect(me.status).toBe(200);
  return new Map<string, number>(
    (me.body.recent as { id: string; queue: { queuePosition: number } | null }[]).map((r) => [
      r.id,
      r.queue?.queuePosition ?? 0,
    ]),
  );
};

describe('review queue place', () => {
  it('numbers pending items across users oldest first, and moves up after a decision', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    // Interleaved: a1 b1 a2 a3 b2 a4 a5
    const a1 = await submit(a.client);
    const b1 = await submit(b.client);
    const a2 = await submit(a.client);
    const a3 = await submit(a.client);
    const b2 = await submit(b.client);
    const a4 = await submit(a.client);
    const a5 = await submit(a.client);

    const pa = await places(a.client);
    expect([a1, a2, a3, a4, a5].map((id) => pa.get(id))).toEqual([1, 3, 4, 6, 7]);
    const pb = await places(b.client);
    expect([b1, b2].map((id) => pb.get(id))).toEqual([2, 5]);

    // Deciding the oldest moves everyone up by one.
    const decided = await admin.post(`/api/admin/contributions/${a1}/reward`, { points: 10 });
    expect(decided.status).toBeLessThan(300);
    const after = await places(a.client);
    expect(after.get(a1)).toBe(0);
    expect([a2, a3, a4, a5].map((id) => after.get(id))).toEqual([2, 3, 5, 6]);
    expect((await places(b.client)).get(b1)).toBe(1);

    // A disabled member's items leave the queue (issue 18): nobody waits behind them.
    await t.db
      .update(user)
      .set({ disabledAt: new Date(clock) })
      .where(eq(user.id, b.uid));
    const without = await places(a.client);
    expect([a2, a3, a4, a5].map((id) => without.get(id))).toEqual([1, 2, 3, 4]);
  });
});
