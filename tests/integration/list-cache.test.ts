import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { listCache } from '@/server/lib/list-cache';
import { createTestDb, testDbKind } from '../support/db';

// The list cache's version reads (server/lib/list-cache.ts): requests that arrive together share
// one read of the version row, and none is answered from a read that began before it arrived.
let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

const bump = () =>
  handle.db.execute(sql`update list_versions set version = version + 1 where list = 'projects'`);

describe('list cache versions', () => {
  it('serves 20 requests that arrive together with at most two reads', async () => {
    const cache = listCache(handle);
    const v0 = await cache.version('projects');
    const before = handle.stats.queries;
    const seen = await Promise.all(Array.from({ length: 20 }, () => cache.version('projects')));
    expect(new Set(seen)).toEqual(new Set([v0]));
    const reads = handle.stats.queries - before;
    expect(reads).toBeLessThanOrEqual(2);
    // Where the generation cannot be trusted (PostgreSQL before its listener is up, the case here:
    // this is the handle's first use), each request still waits for a read of its own time.
    if (testDbKind === 'postgres') expect(reads).toBeGreaterThanOrEqual(1);
  });

  it('answers a request that arrives after a write with the new version, whatever is in flight', async () => {
    const cache = listCache(handle);
    for (let i = 0; i < 20; i++) {
      const v = await cache.version('projects');
      // A read in flight when the write commits (or already done: both timings must hold).
      const early = cache.version('projects');
      if (i % 2) await new Promise((r) => setImmediate(r));
      await bump();
      const late = await cache.version('projects');
      expect(late).toBe(v + 1);
      expect([v, v + 1]).toContain(await early);
    }
  });

  it('keeps the page under an unchanged version and computes it again after a write', async () => {
    const cache = listCache(handle);
    let computed = 0;
    const page = () => cache.get('projects', 'first', async () => ({ value: ++computed }));
    expect(await page()).toBe(1);
    expect(await page()).toBe(1);
    await bump();
    expect(await page()).toBe(2);
  });

  it('keeps a page that is read often however many others come and go (least recently used goes first)', async () => {
    const cache = listCache(handle);
    let hot = 0;
    const read = () => cache.get('projects', 'hot', async () => ({ value: ++hot }), 1);
    await read();
    // Twice the cache's size in one-off entries (a search, a member's marks), the hot page read among them.
    for (let i = 0; i < 20_000; i++) {
      await cache.get('projects', `once:${i}`, async () => ({ value: i }), 1);
      if (i % 1000 === 0) await read();
    }
    expect(await read()).toBe(1);
    // A one-off entry from the start is gone: the size stays bounded.
    let again = 0;
    await cache.get('projects', 'once:0', async () => ({ value: ++again }), 1);
    expect(again).toBe(1);
  });

  it('holds at most about 64 MB of pages (about 11 MB of JSON): large one-off pages (a visitor trying term after term) push out the oldest', async () => {
    const cache = listCache(handle);
    const big = 'x'.repeat(1024 * 1024); // about 1 MB of JSON per page
    let computed = 0;
    const page = (term: string) =>
      cache.get('bounties', `q:${term}`, async () => ({ value: { big, n: ++computed } }), 1);
    await page('first');
    // 11 more pages of 1 MB: the cache cannot hold them all with the first one.
    for (let i = 0; i < 11; i++) await page(`term ${i}`);
    expect(computed).toBe(12);
    await page('first');
    expect(computed, 'the first page was pushed out and computed again').toBe(13);
    // The latest one is still kept.
    await page('term 10');
    expect(computed).toBe(13);
  });
});
