/**
 * The leaderboard beyond the top 50 (issue 16): keyset pages of 50 after the top 50, in the
 * board's order (points down, then who reached the score first, then id), each row ranked as
 * the own-rank rule ranks it, with ties that straddle a page boundary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePoints, insertUser } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

type Entry = { uid: string; rank: number; pointBalance: number; displayName: string };

describe('leaderboard pages', () => {
  it('walks every listed member once, in order, with competition ranks, then ends', async () => {
    // 130 listed members: 40 with distinct scores above, 60 tied at 500 (across the 50 and 100
    // boundaries), 30 below; plus a disabled member and one with no points, who are never listed.
    const scores = [
      ...Array.from({ length: 40 }, (_, i) => 2000 - i * 10),
      ...Array.from({ length: 60 }, () => 500),
      ...Array.from({ length: 30 }, (_, i) => 400 - i * 10),
    ];
    const listed: Array<{ id: string; points: number }> = [];
    for (const points of scores) {
      const u = await insertUser(t.db);
      await givePoints(t.db, u.id, points);
      listed.push({ id: u.id, points });
    }
    const off = await insertUser(t.db, { disabledAt: new Date() });
    await givePoints(t.db, off.id, 450);
    const none = await insertUser(t.db);
    t.deps.leaderboard.invalidate();

    const seen: Entry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const path: string = cursor ? `/api/leaderboard?cursor=${cursor}` : '/api/leaderboard';
      const res = await t.client().get(path);
      expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
      expect(res.body.entries.length).toBeLessThanOrEqual(50);
      seen.push(...res.body.entries);
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);

    expect(pages).toBe(3);
    expect(seen.map((e) => e.uid)).toHaveLength(130);
    expect(new Set(seen.map((e) => e.uid)).size).toBe(130);
    expect(seen.some((e) => e.uid === off.id || e.uid === none.id)).toBe(false);
    // The order: points down; the tie at 500 in the order its members reached the score.
    expect(seen.map((e) => e.pointBalance)).toEqual([...scores].sort((a, b) => b - a));
    expect(seen.filter((e) => e.pointBalance === 500).map((e) => e.uid)).toEqual(
      listed.filter((u) => u.points === 500).map((u) => u.id),
    );
    // Every rank is 1 + the listed members with more points, on whichever page it falls.
    for (const e of seen) expect(e.rank, e.uid).toBe(1 + scores.filter((p) => p > e.pointBalance).length);
    expect(seen[49]!.rank).toBe(41);
    expect(seen[50]!.rank).toBe(41);
    expect(seen[100]!.rank).toBe(101);
    expect(JSON.stringify(seen)).not.toMatch(/@/);
  });

  it('answers 400 with a clear message for a cursor it did not issue', async () => {
    for (const bad of ['%%%', 'bm90IGpzb24', Buffer.from('[1,"x","y"]').toString('base64url')]) {
      const res = await t.client().get(`/api/leaderboard?cursor=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe('BAD_CURSOR');
    }
  });
});
