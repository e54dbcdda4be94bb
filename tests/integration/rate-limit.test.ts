import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/server/auth/auth';
import { MSG } from '../../src/shared/messages';
import { startTestServer, type TestServer } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  // The production limits, shared by every app process through the database.
  t = await startTestServer({ rateLimits: DEFAULT_RATE_LIMITS });
});
afterAll(async () => {
  await t?.close();
});

describe('rate limits', () => {
  it('answers repeated failed logins with the spec’s "Too many attempts" message', async () => {
    const max = DEFAULT_RATE_LIMITS['/sign-in/email']!.max;
    const c = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < max + 2; i++) {
      const r = await c.post('/api/account/sign-in', {
        email: 'victim@example.test',
        password: `guess-${i}`,
      });
      statuses.push(r.status);
      if (r.status === 429) expect(r.body.error.message).toBe(MSG.login.tooMany);
    }
    expect(statuses.slice(0, max).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(max)).toEqual([429, 429]);
  });

  it('does not trust a client-supplied IP header to dodge the limit', async () => {
    const c = t.client();
    const r = await c.request(
      'POST',
      '/api/account/sign-in',
      { email: 'victim@example.test', password: 'again' },
      { 'x-sysfi-client-ip': '203.0.113.9', 'x-forwarded-for': '203.0.113.10' },
    );
    expect(r.status).toBe(429);
  });
});
