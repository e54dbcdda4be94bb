import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

// The API's JSON answers over a real connection (server/lib/compress-api.ts). Node's fetch
// decodes what it receives, so these requests read the raw bytes with node:http.
let t: TestServer;
let admin: Client;
beforeAll(async () => {
  t = await startTestServer();
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await t?.close();
});

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
function raw(path: string, encoding: string | null, cookie?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (encoding !== null) headers['accept-encoding'] = encoding;
    if (cookie) headers.cookie = cookie;
    http
      .get(`${t.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
const decoded = (r: Raw) =>
  JSON.parse(
    (r.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(r.body)
      : r.headers['content-encoding'] === 'gzip'
        ? gunzipSync(r.body)
        : r.body
    ).toString('utf8'),
  );

describe('compressed API answers', () => {
  it('sends a large answer in the encoding the browser prefers, the same JSON in each', async () => {
    const br = await raw('/api/openapi.json', 'gzip, deflate, br, zstd');
    const gz = await raw('/api/openapi.json', 'gzip, deflate');
    const plain = await raw('/api/openapi.json', null);
    expect([br.status, gz.status, plain.status]).toEqual([200, 200, 200]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const r of [br, gz, plain]) {
      expect(r.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(r.headers['content-length'])).toBe(r.body.byteLength);
      // The security headers survive the re-encoding.
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(decoded(br)).toEqual(decoded(plain));
    expect(decoded(gz)).toEqual(decoded(plain));
    expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 5);
  });

  it('sends a signed-in list compressed, and its next answer after a change carries the change', async () => {
    const cookie = admin.cookieHeader();
    const titles: string[] = [];
    for (let i = 0; i < 8; i++) {
      const title = `Compression guide ${i} ${'·'.repeat(60)}`;
      titles.push(title);
      const created = await admin.post('/api/admin/resources', {
        title,
        category: 'Docs',
        link: `https://docs.sysfi.example/compression/${i}`,
      });
      expect(created.status).toBe(201);
      const list = await raw('/api/resources', 'br', cookie);
      expect(list.status).toBe(200);
      const shown = (decoded(list).resources as { title: string }[]).map((r) => r.title);
      // Every answer shows every resource made so far, whether it went out compressed or not.
      for (const seen of titles) expect(shown).toContain(seen);
      if (list.body.byteLength >= 1024 || list.headers['content-encoding'])
        expect(list.headers['content-encoding']).toBe('br');
    }
    const last = await raw('/api/resources', 'br', cookie);
    expect(last.headers['content-encoding']).toBe('br');
  });

  it('serves the API description and its page, made once and the same each time', async () => {
    const [a, b] = [await raw('/api/openapi.json', null), await raw('/api/openapi.json', null)];
    expect(b.body.equals(a.body)).toBe(true);
    const doc = decoded(a) as { info: { title: string }; paths: Record<string, unknown> };
    expect(doc.info.title).toBe('Sysfi Labs API');
    expect(Object.keys(doc.paths)).toContain('/leaderboard');
    const page = await raw('/api/docs', null);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body.toString('utf8')).toContain('Sysfi Labs API');
    expect(page.body.toString('utf8')).toContain('/leaderboard');
  });

  it('leaves a small answer and an error as they are', async () => {
    const board = await raw('/api/leaderboard', 'br');
    expect(board.status).toBe(200);
    expect(board.body.byteLength).toBeLessThan(1024);
    expect(board.headers['content-encoding']).toBeUndefined();
    expect(decoded(board).entries).toEqual(expect.any(Array));
    const missing = await raw('/api/no-such-route', 'br');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(decoded(missing).error.code).toBe('NOT_FOUND');
  });
});
