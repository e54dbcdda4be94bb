import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimit } from '@/db/schema';
import { DEFAULT_RATE_LIMITS } from '@/server/auth/auth';
import { MSG } from '@/shared/messages';
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

  it('limits sign-ups and verification e-mails with a clear 429 message', async () => {
    const max = DEFAULT_RATE_LIMITS['/sign-up/email']!.max;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const r = await t.client().post('/api/account/sign-up', {
        email: `flood${i}@example.test`,
        displayName: `Flood ${i}`,
        password: 'secret12',
        confirmPassword: 'secret12',
      });
      statuses.push(r.status);
      if (r.status === 429) expect(r.body.error.message).toBe(MSG.common.tooMany);
    }
    expect(statuses.slice(0, max).every((s) => s === 201)).toBe(true);
    expect(statuses[max]).toBe(429);

    // One signed-up (unverified) user asking for the verification mail again and again.
    const c = t.client();
    await t.db.delete(rateLimit).where(like(rateLimit.key, '%sign-up%')); // a new window for sign-ups only
    await c.post('/api/account/sign-up', {
      email: 'again@example.test',
      displayName: 'Again',
      password: 'secret12',
      confirmPassword: 'secret12',
    });
    const sendMax = DEFAULT_RATE_LIMITS['/send-verification-email']!.max;
    const sends: number[] = [];
    for (let i = 0; i <= sendMax; i++) sends.push((await c.post('/api/account/send-verification')).status);
    expect(sends.slice(0, sendMax).every((s) => s === 200)).toBe(true);
    const limited = await c.post('/api/account/send-verification');
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(MSG.common.tooMany);
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

describe('rate limits on the links a mail opens', () => {
  // GET /api/auth/verify-email reaches better-auth with the request itself (auth/call-auth.ts
  // withClientIp, which adds the client's IP): guessing at tokens is limited like any other attempt.
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ rateLimits: { '/verify-email': { window: 60, max: 3 } } });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('limits opening verification links by the client’s IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await s.client().get(`/api/auth/verify-email?token=not-a-token-${i}`)).status);
    }
    expect(statuses.slice(0, 3).every((x) => x !== 429)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});
