/**
 * Hostile input: random and boundary values (fast-check) against every JSON write
 * endpoint never produce a 500, and a 4xx never changes data. Plus the classics:
 * deep nesting, wrong content types, XSS strings stored inert.
 */
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bountyApplicants,
  bountyApplications,
  contributions,
  grants,
  projectApplications,
  projects,
  resources,
  user,
} from '../../src/db/schema';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let member: Client;
let startup: Client;
let admin: Client;

beforeAll(async () => {
  t = await startTestServer();
  member = (await signUp(t)).client;
  startup = (await signUp(t, { role: 'startup' })).client;
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await t?.close();
});

async function snapshot() {
  const tables = {
    user,
    projects,
    projectApplications,
    bountyApplications,
    bountyApplicants,
    grants,
    resources,
    contributions,
  };
  const out: Record<string, number> = {};
  for (const [k, table] of Object.entries(tables)) {
    const [r] = await t.db.select({ n: count() }).from(table);
    out[k] = r?.n ?? 0;
  }
  const [u] = await t.db.select({ sum: count() }).from(user);
  out.users = u?.sum ?? 0;
  return out;
}

/** Values shaped like what forms send, plus everything JSON can be. */
const fieldValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom(
    '',
    ' ',
    'javascript:alert(1)',
    'data:text/html,x',
    '<img src=x onerror=alert(1)>',
    '\u202E',
    '\u0000',
    'https://x.com/a/status/1',
    'https://example.com',
    '2026-01-01',
    'Impact',
    'UTC',
    'USDC',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 8 }),
  fc.object({ maxDepth: 2 }),
);
const bodyFor = (keys: string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(keys.map((k) => [k, fieldValue])), { requiredKeys: [] }),
    fc.anything({ maxDepth: 3 }),
  );

const TARGETS: Array<{
  name: string;
  client: () => Client;
  path: string;
  method: 'post' | 'patch';
  keys: string[];
}> = [
  {
    name: 'sign-up',
    client: () => t.client(),
    path: '/api/account/sign-up',
    method: 'post',
    keys: ['email', 'displayName', 'password', 'confirmPassword', 'role', 'ref'],
  },
  {
    name: 'sign-in',
    client: () => t.client(),
    path: '/api/account/sign-in',
    method: 'post',
    keys: ['email', 'password'],
  },
  {
    name: 'profile',
    client: () => member,
    path: '/api/profile',
    method: 'patch',
    keys: ['bio', 'twitterHandle', 'githubHandle', 'personalWebsite'],
  },
  {
    name: 'contribution',
    client: () => member,
    path: '/api/contributions',
    method: 'post',
    keys: ['title', 'type', 'link', 'timeZone'],
  },
  {
    name: 'project application',
    client: () => startup,
    path: '/api/project-applications',
    method: 'post',
    keys: [
      'name',
      'website',
      'github',
      'whitepaper',
      'teamMembers',
      'genre',
      'phase',
      'goals',
      'xAccount',
      'telegram',
    ],
  },
  {
    name: 'grant',
    client: () => startup,
    path: '/api/grants',
    method: 'post',
    keys: ['projectId', 'amount', 'currency', 'proposal'],
  },
  {
    name: 'bounty request (JSON)',
    client: () => startup,
    path: '/api/bounty-applications',
    method: 'post',
    keys: [
      'title',
      'description',
      'reward',
      'deadline',
      'contactInfo',
      'resourceLink',
      'criteria',
      'timeZone',
    ],
  },
  {
    name: 'resource (admin)',
    client: () => admin,
    path: '/api/admin/resources',
    method: 'post',
    keys: ['title', 'category', 'link'],
  },
  {
    name: 'batch review (admin)',
    client: () => admin,
    path: '/api/admin/contributions/batch',
    method: 'post',
    keys: ['action', 'ids', 'points', 'reason'],
  },
];

describe('property: random bodies never 500, and a 4xx changes nothing', () => {
  for (const target of TARGETS) {
    it(target.name, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor(target.keys), async (body) => {
          const before = await snapshot();
          const res = await target.client()[target.method](target.path, body);
          expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.body.error?.message, 'a clear message').toEqual(expect.any(String));
            expect(await snapshot()).toEqual(before);
          }
        }),
        { numRuns: 40 },
      );
    }, 120_000);
  }
});

describe('malformed requests', () => {
  it('answers deep nesting, wrong content types and junk with 4xx and no change', async () => {
    const before = await snapshot();
    const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const cases = [
      await member.request('POST', '/api/contributions', deep(5000), { 'content-type': 'application/json' }),
      await member.request('PATCH', '/api/profile', deep(200_000), { 'content-type': 'application/json' }),
      await member.request('POST', '/api/grants', `[${'['.repeat(100_000)}`, {
        'content-type': 'application/json',
      }),
      await member.request('POST', '/api/contributions', 'title=x&type=tweet', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      await member.request('PATCH', '/api/profile', '<xml/>', { 'content-type': 'application/xml' }),
      await member.request('PATCH', '/api/profile', '\u0000\u0001', { 'content-type': 'application/json' }),
      await t.client().request('POST', '/api/account/sign-in', '[]', { 'content-type': 'application/json' }),
    ];
    for (const r of cases) {
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('stores XSS strings as inert text and returns them as JSON, never as HTML', async () => {
    const xss = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const res = await member.patch('/api/profile', { bio: xss });
    expect(res.status).toBe(200);
    expect(res.body.user.bio).toBe(xss);
    const raw = await fetch(`${t.url}/api/me`, { headers: { cookie: member.cookieHeader() } });
    expect(raw.headers.get('content-type')).toContain('application/json');
    expect(raw.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
