/**
 * Issue 18, exports: CSV downloads for the admin, filtered like their screens, RFC 4180
 * quoting, formula-safe cells, streamed in keyset batches (more rows than one batch here).
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributions, grants, pointEvents, projectApplications } from '@/db/schema';
import { EXPORT_BATCH } from '@/server/lib/csv-stream';
import { insertUser } from '../support/fixtures';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let admin: Client;

beforeAll(async () => {
  t = await startTestServer();
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await t?.close();
});

async function download(c: Client, path: string) {
  const res = await fetch(t.url + path, { headers: { cookie: c.cookieHeader() } });
  // Kept as sent: the byte order mark too (res.text() would drop it).
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  return { res, text, rows: res.status === 200 ? (parse(text, { bom: true }) as string[][]) : [] };
}

const hostile = ['=HYPERLINK("http://evil.test","x")', '+1+2', '-3', '@SUM(A1)', '\tTab', '\rCR'];

describe('CSV exports', () => {
  it('streams the contribution queue with its filters, quoted and formula-safe', async () => {
    const u = await insertUser(t.db, { name: 'Queue Person' });
    const base = Date.parse('2026-03-01T00:00:00Z');
    await t.db.insert(contributions).values([
      ...hostile.map((title, i) => ({
        userId: u.id,
        title,
        type: 'tweet',
        contributor: 'Queue Person',
        createdAt: new Date(base + i * 1000),
      })),
      {
        userId: u.id,
        title: 'Says "hi", then\nbreaks a line',
        type: 'link',
        contributor: 'Queue Person',
        createdAt: new Date(base + 10_000),
      },
      {
        userId: u.id,
        title: 'Already reviewed',
        type: 'link',
        contributor: 'Queue Person',
        status: 'approved',
        createdAt: new Date(base + 11_000),
      },
    ]);

    const all = await download(admin, '/api/admin/exports/contributions?q=Queue%20Person');
    expect(all.res.status).toBe(200);
    expect(all.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(all.res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="contributions-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(all.res.headers.get('cache-control')).toBe('no-store');
    expect(
      all.text.startsWith('\uFEFFid,user_id,contributor,email,title,type,link,file,status,submitted_at\r\n'),
    ).toBe(true);
    const [header, ...rows] = all.rows;
    const title = header!.indexOf('title');
    // Only pending ones (the queue), oldest first; each hostile cell starts with a quote.
    expect(rows.map((r) => r[title])).toEqual([
      `'=HYPERLINK("http://evil.test","x")`,
      `'+1+2`,
      `'-3`,
      `'@SUM(A1)`,
      `'\tTab`,
      `'\rCR`,
      'Says "hi", then\nbreaks a line',
    ]);
    // RFC 4180: the embedded quotes are doubled inside a quoted cell.
    expect(all.text).toContain('"Says ""hi"", then\nbreaks a line"');
    expect(rows.every((r) => r[header!.indexOf('email')] === u.email)).toBe(true);

    const links = await download(admin, '/api/admin/exports/contributions?q=Queue%20Person&type=link');
    expect(links.rows.slice(1).map((r) => r[title])).toEqual(['Says "hi", then\nbreaks a line']);
  });

  it('pages through more rows than one batch without losing or repeating one (same microsecond too)', async () => {
    const u = await insertUser(t.db, { name: 'Many Rows' });
    const at = new Date('2026-04-01T00:00:00.123Z');
    const n = EXPORT_BATCH * 2 + 7;
    // Every row shares one timestamp: the keyset must order by id inside it.
    for (let i = 0; i < n; i += 500) {
      await t.db.insert(contributions).values(
        Array.from({ length: Math.min(500, n - i) }, (_, k) => ({
          userId: u.id,
          title: `bulk ${i + k}`,
          type: 'tweet',
          contributor: 'Many Rows',
          createdAt: at,
        })),
      );
    }
    const { rows } = await download(admin, '/api/admin/exports/contributions?q=Many%20Rows');
    const ids = rows.slice(1).map((r) => r[0]);
    expect(ids.length).toBe(n);
    expect(new Set(ids).size).toBe(n);
  });

  it('exports users (search, role, verified), the XP ledger, applications, bounty requests and grants by status', async () => {
    const a = await insertUser(t.db, { name: 'Export Alpha', role: 'startup' });
    const b = await insertUser(t.db, { name: 'Export Beta', emailVerified: false });
    const users = await download(admin, '/api/admin/exports/users?q=Export');
    expect(users.rows[0]).toEqual([
      'id',
      'name',
      'email',
      'role',
      'status',
      'verified',
      'xp',
      'contributions',
      'approved',
      'rejected',
      'referrals',
      'referred_by',
      'joined_at',
    ]);
    expect(
      users.rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['Export Alpha', 'Export Beta']);
    const startups = await download(admin, '/api/admin/exports/users?q=Export&role=startup');
    expect(startups.rows.slice(1).map((r) => r[1])).toEqual(['Export Alpha']);
    const unverified = await download(admin, '/api/admin/exports/users?q=Export&verified=no');
    expect(unverified.rows.slice(1).map((r) => r[0])).toEqual([b.id]);
    // role=admin: the admin's account, as the console filters it (its signed-up role in the column).
    const admins = await download(admin, '/api/admin/exports/users?role=admin');
    expect(admins.rows.slice(1).map((r) => [r[2], r[3]])).toEqual([[ADMIN_EMAIL, 'builder']]);

    await t.db.insert(pointEvents).values([
      { userId: a.id, delta: 10, balanceAfter: 10, reason: 'contribution', idempotencyKey: `x1-${a.id}` },
      { userId: a.id, delta: -4, balanceAfter: 6, reason: 'correction', idempotencyKey: `x2-${a.id}` },
    ]);
    const ledger = await download(admin, `/api/admin/exports/xp-ledger?userId=${a.id}`);
    expect(ledger.rows.slice(1).map((r) => [r[3], r[4], r[5]])).toEqual([
      ['10', '10', 'contribution'],
      ['-4', '6', 'correction'], // a number, not a formula: left as it is
    ]);
    const corrections = await download(
      admin,
      `/api/admin/exports/xp-ledger?userId=${a.id}&reason=correction`,
    );
    expect(corrections.rows.length).toBe(2);

    const app = {
      ownerId: a.id,
      email: a.email,
      name: '@Orbit',
      website: 'https://orbit.test',
      github: 'https://github.com/orbit',
      whitepaper: 'https://orbit.test/wp',
      teamMembers: ['Ann', 'Bo'],
      genre: 'DeFi',
      phase: 'MVP',
      goals: 'Grow',
    };
    await t.db.insert(projectApplications).values([app, { ...app, name: 'Decided', status: 'approved' }]);
    const apps = await download(admin, '/api/admin/exports/project-applications');
    const names = apps.rows.slice(1).map((r) => r[2]);
    expect(names).toContain("'@Orbit");
    expect(names).not.toContain('Decided');
    expect(apps.rows.find((r) => r[2] === "'@Orbit")?.[9]).toBe('Ann; Bo');

    const bounty = await admin.post('/api/bounty-applications', {});
    expect([400, 403]).toContain(bounty.status); // the admin is not an applicant; requests come from the list
    const bounties = await download(admin, '/api/admin/exports/bounty-applications');
    expect(bounties.res.status).toBe(200);
    expect(bounties.rows[0]?.[0]).toBe('id');

    await t.db.insert(grants).values([
      { applicantId: a.id, amount: '100.00', currency: 'USDC', proposal: 'pending one' },
      { applicantId: a.id, amount: '200.00', currency: 'USDC', proposal: 'declined one', status: 'declined' },
    ]);
    const pending = await download(admin, '/api/admin/exports/grants');
    expect(pending.rows.slice(1).map((r) => r[7])).toContain('pending one');
    expect(pending.rows.slice(1).map((r) => r[7])).not.toContain('declined one');
    const declined = await download(admin, '/api/admin/exports/grants?status=declined');
    expect(declined.rows.slice(1).map((r) => [r[7], r[5]])).toEqual([['declined one', '200.00']]);
  });

  it('records each download in the audit log, with its filters', async () => {
    await download(admin, '/api/admin/exports/grants?status=declined');
    const log = await admin.get('/api/admin/audit?action=export.download');
    expect(log.status).toBe(200);
    const entry = log.body.entries[0];
    expect(entry).toMatchObject({ action: 'export.download', targetType: 'export', targetId: 'grants' });
    expect(entry.after).toEqual({ filters: { status: 'declined' } });
  });

  it('refuses everyone but the admin, and bad filters', async () => {
    const member = await signUp(t);
    for (const what of [
      'users',
      'contributions',
      'xp-ledger',
      'project-applications',
      'bounty-applications',
      'grants',
    ]) {
      expect((await download(member.client, `/api/admin/exports/${what}`)).res.status).toBe(403);
      expect((await download(t.client(), `/api/admin/exports/${what}`)).res.status).toBe(401);
    }
    expect((await download(admin, '/api/admin/exports/grants?status=nope')).res.status).toBe(400);
  });
});
