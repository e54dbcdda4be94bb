import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributions, user } from '@/db/schema';
import { LIMITS } from '@/shared/limits';
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

  it('counts a place exactly up to 1,000 ahead, and says "more than" beyond it', async () => {
    const cap = LIMITS.queuePlaceExact;
    const owner = await signUp(t);
    const c = await signUp(t);
    const first = await submit(c.client);
    const p0 = (await places(c.client)).get(first)!;
    expect(p0).toBeGreaterThanOrEqual(1);

    // Items submitted before c's, by another member, until exactly `cap - 1` wait ahead of it.
    let inserted = 0;
    const backlog = async (n: number) => {
      const from = Date.parse('2026-01-01T00:00:00Z') + inserted * 1000;
      inserted += n;
      await t.db.insert(contributions).values(
        Array.from({ length: n }, (_, i) => ({
          userId: owner.uid,
          title: 'Backlog',
          contributor: 'owner',
          createdAt: new Date(from + i * 1000),
        })),
      );
    };
    await backlog(cap - p0);
    const summary = async () => {
      const me = await c.client.get('/api/contributions/me');
      expect(me.status).toBe(200);
      return me.body.recent as { id: string; queue: { queuePosition: number; queueDeep: boolean } | null }[];
    };
    expect((await summary()).find((r) => r.id === first)?.queue).toMatchObject({
      queuePosition: cap,
      queueDeep: false,
    });

    // One more ahead: the count stops at the cap, and the place says so.
    await backlog(1);
    const second = await submit(c.client);
    const deep = await summary();
    for (const id of [first, second]) {
      expect(deep.find((r) => r.id === id)?.queue).toMatchObject({ queuePosition: cap + 1, queueDeep: true });
    }

    // The backlog's owner disabled: it leaves the queue, and the exact places come back.
    await t.db
      .update(user)
      .set({ disabledAt: new Date(clock) })
      .where(eq(user.id, owner.uid));
    const back = await summary();
    expect(back.find((r) => r.id === first)?.queue).toMatchObject({ queuePosition: p0, queueDeep: false });
    expect(back.find((r) => r.id === second)?.queue).toMatchObject({
      queuePosition: p0 + 1,
      queueDeep: false,
    });
  });
});
