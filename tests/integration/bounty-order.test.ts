import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bounties } from '@/db/schema';
import { signUp, startTestServer, type TestServer } from '../support/server';

// Issue 20: the board shows what can still be applied for first, the soonest deadline first;
// expired bounties come last.
const now = Date.parse('2026-08-10T09:00:00Z');
const day = 86_400_000;
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(now) });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/bounties order', () => {
  it('lists active bounties by soonest deadline, then those without one, then expired ones', async () => {
    const row = (title: string, deadline: number | null, created: number) => ({
      title,
      description: 'd',
      reward: '1 USDC',
      deadline: deadline === null ? null : new Date(deadline),
      createdAt: new Date(created),
    });
    await t.db
      .insert(bounties)
      .values([
        row('expired long ago', now - 10 * day, now - 20 * day),
        row('in ten days', now + 10 * day, now - 1 * day),
        row('no deadline', null, now),
        row('expired yesterday', now - day, now - 5 * day),
        row('in two days', now + 2 * day, now - 9 * day),
        row('ends at this instant', now, now - 3 * day),
      ]);
    const u = await signUp(t);
    const res = await u.client.get('/api/bounties');
    expect(res.status).toBe(200);
    expect(res.body.bounties.map((b: { title: string }) => b.title)).toEqual([
      'in two days',
      'in ten days',
      'no deadline',
      'ends at this instant',
      'expired yesterday',
      'expired long ago',
    ]);
  });
});
