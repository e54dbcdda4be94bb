import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { keptJson } from './kept-json';

describe('keptJson', () => {
  it('answers as c.json does, turning a kept value into text once and a new value anew', async () => {
    const kept = { items: [{ id: 1, name: 'Ada' }], nextCursor: null };
    let fresh = 0;
    const app = new Hono()
      .get('/kept', (c) => {
        c.header('cache-control', 'no-cache');
        return keptJson(c, kept);
      })
      .get('/json', (c) => c.json(kept, 200))
      .get('/fresh', (c) => keptJson(c, { n: ++fresh }));

    const stringify = JSON.stringify;
    let calls = 0;
    JSON.stringify = ((...args: Parameters<typeof stringify>) => {
      calls += 1;
      return stringify(...args);
    }) as typeof JSON.stringify;
    try {
      const a = await app.request('/kept');
      const first = calls;
      const b = await app.request('/kept');
      // The repeat serializes nothing.
      expect(calls).toBe(first);
      const plain = await app.request('/json');
      expect(a.status).toBe(200);
      expect(a.headers.get('content-type')).toBe(plain.headers.get('content-type'));
      expect(a.headers.get('cache-control')).toBe('no-cache');
      expect(await a.text()).toBe(await plain.text());
      expect(await b.json()).toEqual(kept);
      expect(first).toBeGreaterThan(0);
      expect(await (await app.request('/fresh')).json()).toEqual({ n: 1 });
      expect(await (await app.request('/fresh')).json()).toEqual({ n: 2 });
    } finally {
      JSON.stringify = stringify;
    }
  });
});
