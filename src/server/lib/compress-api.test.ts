import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, compressApi } from './compress-api';
import { keptJson } from './kept-json';

// A JSON answer well over the threshold, and one under it.
const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Item number ${i}` })) };
const small = { ok: true };

function app() {
  let version = 0;
  const a = new Hono();
  a.use('*', compressApi());
  a.get('/big', (c) => c.json(big));
  a.get('/small', (c) => c.json(small));
  a.get('/changing', (c) => c.json({ ...big, version: ++version }));
  a.get('/missing', (c) => c.json({ ...big, error: 'gone' }, 404));
  a.get('/varied', (c) => {
    c.header('vary', 'Cookie');
    return c.json(big);
  });
  a.get('/text', (c) => c.text('x'.repeat(5000)));
  a.post('/big', (c) => c.json(big));
  return a;
}

const get = (a: Hono, path: string, encoding?: string, method = 'GET') =>
  a.request(path, { method, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('compressApi', () => {
  it('sends a large GET answer in brotli, else gzip, else as is, each decoding to the same JSON', async () => {
    const a = app();
    const br = await get(a, '/big', 'gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.byteLength);
    expect(JSON.parse(brotliDecompressSync(brBytes).toString())).toEqual(big);

    const gz = await get(a, '/big', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(big);

    const plain = await get(a, '/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(big);
    expect(brBytes.byteLength).toBeLessThan(JSON.stringify(big).length / 4);
    for (const res of [br, gz, plain]) expect(res.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('honours q=0 and an encoding it does not make', async () => {
    const a = app();
    expect((await get(a, '/big', 'br;q=0, gzip')).headers.get('content-encoding')).toBe('gzip');
    expect((await get(a, '/big', 'zstd')).headers.get('content-encoding')).toBeNull();
    expect(await (await get(a, '/big', 'identity')).json()).toEqual(big);
  });

  it('leaves small answers, writes, errors and non-JSON as they are', async () => {
    const a = app();
    expect(JSON.stringify(small).length).toBeLessThan(COMPRESS_MIN_BYTES);
    const s = await get(a, '/small', 'br');
    expect(s.headers.get('content-encoding')).toBeNull();
    expect(await s.json()).toEqual(small);
    // An answer to a write may hold a secret the request chose to see (BREACH): never compressed.
    const post = await get(a, '/big', 'br', 'POST');
    expect(post.headers.get('content-encoding')).toBeNull();
    expect(await post.json()).toEqual(big);
    const missing = await get(a, '/missing', 'br');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-encoding')).toBeNull();
    const text = await get(a, '/text', 'br');
    expect(text.headers.get('content-encoding')).toBeNull();
    expect(await text.text()).toHaveLength(5000);
  });

  it('adds Accept-Encoding to a Vary the answer already had', async () => {
    const res = await get(app(), '/varied', 'br');
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    expect(res.headers.get('content-encoding')).toBe('br');
  });

  it('compresses a kept answer once per encoding, and a member’s own answer each time', async () => {
    const made: string[] = [];
    const counting = async (bytes: Buffer, encoding: 'br' | 'gzip') => {
      made.push(encoding);
      return encoding === 'br' ? brotliCompressSync(bytes) : gzipSync(bytes);
    };
    const shared = { ...big };
    const a = new Hono();
    a.use('*', compressApi({ encode: counting }));
    a.get('/kept', (c) => keptJson(c, shared));
    a.get('/own', (c) => c.json(big));
    for (let i = 0; i < 3; i++) {
      const res = await get(a, '/kept', 'br');
      expect(JSON.parse(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(big);
    }
    expect(made).toEqual(['br']);
    await get(a, '/kept', 'gzip');
    expect(made).toEqual(['br', 'gzip']);
    await get(a, '/own', 'br');
    await get(a, '/own', 'br');
    expect(made).toEqual(['br', 'gzip', 'br', 'br']);
  });

  it('sends each new value of a changing answer anew', async () => {
    const a = app();
    for (const version of [1, 2, 3]) {
      const res = await get(a, '/changing', 'br');
      const body = JSON.parse(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString());
      expect(body.version).toBe(version);
    }
  });

  it('compresses an answer over 64 KB off the event loop, to the same JSON', async () => {
    const huge = { items: Array.from({ length: 4000 }, (_, i) => ({ id: i, title: `Row ${i}` })) };
    const a = new Hono();
    a.use('*', compressApi());
    a.get('/huge', (c) => c.json(huge));
    const res = await get(a, '/huge', 'gzip');
    expect(JSON.stringify(huge).length).toBeGreaterThan(64 * 1024);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(huge);
  });
});
