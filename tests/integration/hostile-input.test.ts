/**
 * Hostile input: random and boundary values (fast-check) against every JSON write
 * endpoint never produce a 500, and a 4xx never changes data. Plus the classics:
 * deep nesting, wrong content types, XSS strings stored inert.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
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
} from '@/db/schema';
import { createApp } from '@/server/app';
import { MSG } from '@/shared/messages';
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

const ZOD_WORDING = /expected \w+|received|Invalid input|Too big|Too small|Invalid option|Unrecognized key/;

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
            // A sentence for a person, not the validator's own wording.
            expect(res.body.error.message).not.toMatch(ZOD_WORDING);
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
    // Multipart bodies that cannot be read: no boundary, or cut off in the middle of a part.
    const truncated = '--b0\r\nContent-Disposition: form-data; name="title"\r\n\r\nHalf a';
    for (const [who, path] of [
      [member, '/api/contributions'],
      [member, '/api/profile/photo'],
      [startup, '/api/bounty-applications'],
      [startup, '/api/projects'],
      [member, '/api/grants'],
    ] as const) {
      cases.push(await who.request('POST', path, 'garbage', { 'content-type': 'multipart/form-data' }));
      cases.push(
        await who.request('POST', path, truncated, { 'content-type': 'multipart/form-data; boundary=b0' }),
      );
    }
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

/** Regressions for what scripts/security-scan.sh (sqlmap, wapiti) turned up: docs/security.md. */
describe('scanner findings', () => {
  it('refuses a NUL byte in a query, a path, a JSON field or a form field with a 400, changing nothing', async () => {
    const before = await snapshot();
    const bios = () => t.db.select({ id: user.id, bio: user.bio }).from(user).orderBy(asc(user.id));
    const biosBefore = await bios();
    const cases = [
      await member.get('/api/bounties?q=a%00b'),
      await member.get('/api/contributions/history?cursor=2100-01-01T00%3A00%3A00.000Z%7Ca%00'),
      await member.get('/api/grants/abc%00'),
      await member.patch('/api/profile', { bio: 'before\u0000after' }),
      await member.request('PATCH', '/api/profile', '{"bio":"x\\\\\\u0000"}', {
        'content-type': 'application/json',
      }),
      await t.client().post('/api/account/sign-up', {
        email: 'nul@example.test',
        displayName: 'Nul Ref',
        password: 'secret12',
        confirmPassword: 'secret12',
        ref: 'a\u0000',
      }),
      await t.client().post('/api/account/reset-password', {
        token: 'a\u0000',
        password: 'secret12',
        confirmPassword: 'secret12',
      }),
      await member.upload(
        '/api/contributions',
        {
          title: 'Thread\u0000title',
          type: 'tweet',
          link: 'https://x.com/a/status/1234567',
          timeZone: 'UTC',
        },
        {},
      ),
    ];
    for (const r of cases) {
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.message).toEqual(expect.any(String));
    }
    expect(await snapshot()).toEqual(before);
    expect(await bios()).toEqual(biosBefore);
    // An escaped backslash followed by "u0000" is six ordinary characters.
    const text = await member.request('PATCH', '/api/profile', '{"bio":"C:\\\\u0000"}', {
      'content-type': 'application/json',
    });
    expect(text.status).toBe(200);
    expect(text.body.user.bio).toBe('C:\\u0000');
  });

  it('refuses dates PostgreSQL cannot hold with a 400', async () => {
    for (const p of [
      '/api/bounties?from=0000-01-01T00%3A00%3A00Z',
      '/api/bounties?to=0001-01-01T00%3A00%3A00%2B14%3A00',
      `/api/contributions/history?cursor=${encodeURIComponent('-271821-04-20T00:00:00.000Z|x')}`,
      `/api/contributions/history?cursor=${encodeURIComponent('+275760-09-13T00:00:00.000Z|x')}`,
    ]) {
      const r = await member.get(p);
      expect(r.status, p).toBe(400);
    }
    expect((await member.get('/api/bounties?from=2000-01-01T00%3A00%3A00Z')).status).toBe(200);
  });

  it('refuses instants past the year 9999 with a 400, never a 500 (second outside review)', async () => {
    expect((await member.get('/api/bounties?to=9999-12-31T23%3A59%3A59.999-23%3A59')).status).toBe(400);
    expect((await admin.get('/api/admin/audit?to=9999-12-31')).status).toBe(400);
    expect((await admin.get('/api/admin/audit?to=9999-12-30')).status).toBe(200);
    // The last day of 9999 in Honolulu ends in the year 10000: refused with the deadline's message, nothing stored.
    const startup = await signUp(t, { role: 'project', timeZone: 'Pacific/Honolulu' });
    const before = await snapshot();
    const r = await startup.client.upload(
      '/api/bounty-applications',
      {
        title: 'Far future',
        description: 'Build it.',
        reward: '1 USDC',
        deadline: '9999-12-31',
        contactInfo: 'tg: @far',
        criteria: JSON.stringify(['Impact', 'Innovation']),
        timeZone: 'Pacific/Honolulu',
      },
      {},
    );
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error.message).toBe(MSG.bounty.deadlineInvalid);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a form that sends a one-file field twice, or a field twice, keeping nothing', async () => {
    const before = await snapshot();
    const stored = path.join(t.deps.env.DATA_DIR, 'uploads', 'contributions');
    const files = () =>
      existsSync(stored) ? readdirSync(stored, { recursive: true }).map(String).sort() : [];
    const filesBefore = files();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    const twoFiles = await member.upload(
      '/api/contributions',
      { title: 'Two files', type: 'file' },
      {
        file: [
          [png, 'a.png', 'image/png'],
          [png, 'b.png', 'image/png'],
        ],
      },
    );
    expect(twoFiles.status).toBe(400);
    expect(twoFiles.body.error).toEqual({
      code: 'REPEATED_FIELD',
      message: MSG.common.repeatedField('file'),
    });
    const form = new FormData();
    form.append('title', 'One');
    form.append('title', 'Two');
    form.append('type', 'tweet');
    form.append('link', 'https://x.com/a/status/99887766');
    const twoTitles = await fetch(`${t.url}/api/contributions`, {
      method: 'POST',
      body: form,
      headers: { origin: t.url, cookie: member.cookieHeader() },
    });
    expect(twoTitles.status).toBe(400);
    expect(((await twoTitles.json()) as { error: { code: string } }).error.code).toBe('REPEATED_FIELD');
    // Any spelling of a form body: an URL-encoded one, a media type in capitals.
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'title=One&title=Two&type=tweet'],
      [
        'Multipart/Form-Data; boundary=XyZ',
        '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nOne\r\n--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nTwo\r\n--XyZ--\r\n',
      ],
    ]) {
      const res = await member.request('POST', '/api/contributions', body, { 'content-type': type! });
      expect(res.status, type).toBe(400);
      expect(res.body.error.code, type).toBe('REPEATED_FIELD');
    }
    expect(await snapshot()).toEqual(before);
    // Refused before any upload: no file was stored either.
    expect(files()).toEqual(filesBefore);
  });

  it('names the field and the rule when a schema gives no sentence of its own', async () => {
    const cases = [
      [await member.post('/api/notifications/abc/read'), /^Id must be a number\.$/],
      [await member.patch('/api/profile', { bio: 42 }), /^Bio must be a string\.$/],
    ] as const;
    for (const [res, message] of cases) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.message).toMatch(message);
      expect(res.body.error.message).not.toMatch(ZOD_WORDING);
    }
  });

  it('answers a missing file with a 404, not the client page', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sysfi-client-'));
    try {
      mkdirSync(path.join(dir, 'assets'));
      writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
      writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'export {};');
      const app = createApp(t.deps, { clientDir: dir });
      for (const p of [
        '/backup.sql',
        '/login.bak',
        '/.env',
        '/assets/app-1234.js.bak',
        '/assets/gone-5678.js',
      ]) {
        expect((await app.request(p)).status, p).toBe(404);
      }
      const page = await app.request('/bounties');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>app</title>');
      expect((await app.request('/assets/app-1234.js')).status).toBe(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
