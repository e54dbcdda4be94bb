/**
 * Own rank from the score histogram (ADR 0006) against a brute-force count, at the edges of
 * the histogram's bands (an off-by-one at bandEnd − 1 used to pass the whole suite). Runs on
 * both engines (TEST_DB=postgres too). Each run adds users with scores around band edges and
 * moves some existing balances up or down across edges, through the ledger.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCORE_BAND_WIDTH } from '@/db/schema';
import { givePoints, insertUser } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const W = SCORE_BAND_WIDTH;
/** Scores on, just below and just above band edges (and the leaderboard's 1-point floor). */
const EDGES = [1, 2, W - 2, W - 1, W, W + 1, 2 * W - 1, 2 * W, 2 * W + 1, 3 * W - 1, 3 * W];

async function bruteRank(points: number): Promise<number> {
  const r = (await t.db.execute(
    sql`select count(*)::int as n from "user" where point_balance > ${points}`,
  )) as unknown as {
    rows: Array<{ n: number }>;
  };
  return 1 + Number(r.rows[0]!.n);
}

describe('own rank', () => {
  it('equals 1 + the number of users with more points, for random score sets at band edges (property)', async () => {
    const users: Array<{ id: string; balance: number }> = [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constantFrom(...EDGES), fc.integer({ min: 1, max: 4 * W })), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(-W, -2, -1, 1, 2, W)), { maxLength: 4 }),
        async (scores, moves) => {
          for (const s of scores) {
            const u = await insertUser(t.db);
            await givePoints(t.db, u.id, s);
            users.push({ id: u.id, balance: s });
          }
          for (const [pick, delta] of moves) {
            const u = users[pick % users.length]!;
            if (u.balance + delta < 0) continue;
            await givePoints(t.db, u.id, delta);
            u.balance += delta;
          }
          const probes = new Set([...EDGES, ...users.map((u) => u.balance).filter((b) => b >= 1)]);
          for (const p of probes)
            expect(await t.deps.leaderboard.rankOf(p), `rank of ${p}`).toBe(await bruteRank(p));
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);
});
