import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MSG } from '@/shared/messages';
import { isSameOriginWrite, sameOriginWrites } from './csrf';

const APP = 'https://app.example';

describe('isSameOriginWrite', () => {
  it('takes the Origin when there is one, whatever Sec-Fetch-Site says', () => {
    expect(isSameOriginWrite(APP, APP, undefined)).toBe(true);
    expect(isSameOriginWrite(APP, 'https://evil.example', 'same-origin')).toBe(false);
    expect(isSameOriginWrite(APP, 'https://app.example:8443', undefined)).toBe(false);
    expect(isSameOriginWrite(APP, 'null', 'same-origin')).toBe(false);
  });
  it('without an Origin, trusts only Sec-Fetch-Site: same-origin', () => {
    expect(isSameOriginWrite(APP, undefined, 'same-origin')).toBe(true);
    for (const site of ['same-site', 'cross-site', 'none', undefined])
      expect(isSameOriginWrite(APP, undefined, site)).toBe(false);
  });
});

describe('sameOriginWrites', () => {
  const app = new Hono();
  app.use('*', sameOriginWrites(`${APP}/some/path`));
  app.all('*', (c) => c.text('done'));

  it('lets reads through from anywhere', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      const res = await app.request('/x', { method, headers: { origin: 'https://evil.example' } });
      expect(res.status, method).toBe(200);
    }
  });
  it('refuses every other method from elsewhere with the JSON error, and closes the connection', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND']) {
      const res = await app.request('/x', { method, headers: { origin: 'https://evil.example' } });
      expect(res.status, method).toBe(403);
      expect(res.headers.get('connection')).toBe('close');
      expect(await res.json()).toEqual({
        error: { code: 'CROSS_SITE_REQUEST', message: MSG.common.crossSite },
      });
    }
  });
  it('accepts a write without an Origin only when the browser says Sec-Fetch-Site: same-origin', async () => {
    const post = (headers: Record<string, string>) => app.request('/x', { method: 'POST', headers });
    expect((await post({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await post({})).status).toBe(403);
  });
  it('treats only the exact safe method names as reads', async () => {
    for (const method of ['XGET', 'GETX', 'HEADER', 'OPTIONSX']) {
      const res = await app.request('/x', { method, headers: { origin: 'https://evil.example' } });
      expect(res.status, method).toBe(403);
    }
  });
  it('accepts writes from the app’s origin (APP_URL’s path does not matter)', async () => {
    const res = await app.request('/x', { method: 'POST', headers: { origin: APP } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('done');
  });
});
