/**
 * Keyset paging (server/lib/paging.ts) on every public list and the admin grant
 * queue: a walk page by page sees every row exactly once while rows are inserted
 * between page reads; filters and search hold across pages; a cursor the server
 * did not issue answers 400; who sees which grant is unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bounties,
  bountyApplications,
  contributions,
  grants,
  projectApplications,
  projects,
  resources,
} from '@/db/schema';
import { MSG } from '@/shared/messages';
import { insertUser } from '../support/fixtures';
import {
  ADMIN_EMAIL,
  type Client,
  type Json,
  signUp,
  startTestServer,
  type TestServer,
} from '../support/server';

let t: TestServer;
let member: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let admin: Client;
let clock = Date.parse('2030-06-01T12:00:00Z');
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(clock) });
  member = await signUp(t, { role: 'startup' });
  other = await signUp(t);
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await t?.close();
});

/** Walks a list to its end, calling `between` after each page; returns the ids in order. */
async function walk(
  who: Client,
  path: string,
  field: string,
  between: (page: number) => Promise<void> = async () => {},
): Promise<Json[]> {
  const seen: Json[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await who.get(`${path}${sep}limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    seen.push(...(res.body[field] as Json[]));
    cursor = res.body.nextCursor;
    if (!cursor) return seen;
    await between(page);
  }
  throw new Error('more than 100 pages');
}

const ids = (rows: Json[]) => rows.map((r) => r.id as string);
function expectOnce(seen: string[], expected: string[]) {
  expect(new Set(seen).size, 'a row was shown twice').toBe(seen.length);
  for (const id of expected) expect(seen, `row ${id} skipped`).toContain(id);
}

// Several rows share one instant, so the id must break ties; others take the database's microseconds.
const at = (i: number) => new Date(clock - 3_600_000 + Math.floor(i / 3) * 1000);

describe('a walk sees every row once while rows are inserted between pages', () => {
  it('projects', async () => {
    const owner = await insertUser(t.db);
    const rows = await t.db
      .insert(projects)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          ownerId: owner.id,
          title: `Paged project ${i}`,
          description: 'd',
          website: 'https://p.example',
          xAccount: 'x',
          ...(i % 2 ? { createdAt: at(i) } : {}),
        })),
      )
      .returning({ id: projects.id });
    const seen = await walk(member.client, '/api/projects?filter=all', 'projects', async (page) => {
      await t.db.insert(projects).values({
        ownerId: owner.id,
        title: `Inserted while paging ${page}`,
        description: 'd',
        website: 'https://p.example',
        xAccount: 'x',
      });
    });
    expectOnce(ids(seen), ids(rows));
    const times = seen.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('resources, and the category chip and folded search across pages', async () => {
    const rows = await t.db
      .insert(resources)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          title: i % 3 === 0 ? `Café guide ${i}` : `Guide ${i}`,
          category: i % 2 ? 'Design' : ' design ',
          link: 'https://r.example',
          ...(i % 2 ? { uploadedAt: at(i) } : {}),
        })),
      )
      .returning({ id: resources.id, title: resources.title });
    const seen = await walk(member.client, '/api/resources', 'resources', async () => {
      await t.db
        .insert(resources)
        .values({ title: 'New one', category: 'Design', link: 'https://r.example' });
    });
    expectOnce(ids(seen), ids(rows));
    const cafe = await walk(member.client, '/api/resources?q=CAFE&category=DESIGN', 'resources');
    expect(ids(cafe).sort()).toEqual(ids(rows.filter((r) => r.title.startsWith('Café'))).sort());
    const first = await member.client.get('/api/resources?limit=1');
    expect(first.body.categories).toEqual(['design']);
  });

  it('grants: explore shows approved ones and your own, never another member’s pending one', async () => {
    const owner = await insertUser(t.db);
    const [p] = await t.db
      .insert(projects)
      .values({
        ownerId: owner.id,
        title: 'G',
        description: 'd',
        website: 'https://g.example',
        xAccount: 'x',
      })
      .returning();
    const grant = (status: string, applicantId: string, i: number) => ({
      projectId: p!.id,
      applicantId,
      amount: '10',
      currency: 'USDC',
      proposal: 'p'.repeat(60),
      status,
      ...(i % 2 ? { submittedAt: at(i) } : {}),
    });
    const approved = await t.db
      .insert(grants)
      .values(Array.from({ length: 20 }, (_, i) => grant('approved', owner.id, i)))
      .returning({ id: grants.id });
    const mine = await t.db
      .insert(grants)
      .values(Array.from({ length: 5 }, (_, i) => grant('declined', other.uid, i)))
      .returning({ id: grants.id });
    const hidden = await t.db
      .insert(grants)
      .values(Array.from({ length: 5 }, (_, i) => grant('declined', owner.id, i)))
      .returning({ id: grants.id });
    const seen = ids(
      await walk(other.client, '/api/grants?scope=explore', 'grants', async () => {
        await t.db.insert(grants).values(grant('approved', owner.id, 0));
      }),
    );
    expectOnce(seen, [...ids(approved), ...ids(mine)]);
    for (const id of ids(hidden)) expect(seen).not.toContain(id);

    const queue = ids(await walk(admin, '/api/admin/grants?status=declined', 'grants'));
    expectOnce(queue, [...ids(mine), ...ids(hidden)]);
  });
});

describe('bounties: active first by soonest deadline, expired last, one order across pages', () => {
  it('pages in that order, and a deadline passing mid-walk moves nothing', async () => {
    const requester = await insertUser(t.db);
    const b = (title: string, deadline: Date | null) => ({
      title,
      description: 'd',
      reward: '5 USDC',
      requesterId: requester.id,
      deadline,
    });
    const rows = await t.db
      .insert(bounties)
      .values([
        ...Array.from({ length: 12 }, (_, i) => b(`Soon ${i}`, new Date(clock + (1 + (i % 4)) * 60_000))),
        ...Array.from({ length: 4 }, (_, i) => b(`Open ${i}`, null)),
        ...Array.from({ length: 12 }, (_, i) => b(`Past ${i}`, new Date(clock - (1 + (i % 4)) * DAY))),
      ])
      .returning({ id: bounties.id });
    const start = clock;
    const seen = await walk(member.client, '/api/bounties?filter=all', 'bounties', async () => {
      clock += 60_000; // a minute per page: the soonest deadlines pass while the walk goes on
      await t.db.insert(bounties).values(b('Inserted', new Date(clock + DAY)));
    });
    clock = start;
    expectOnce(ids(seen), ids(rows));
    const ours = seen.filter((x) => !x.title.startsWith('Inserted'));
    const kind = ours.map((x) => x.title.split(' ')[0]);
    expect(kind.indexOf('Open')).toBeGreaterThan(kind.lastIndexOf('Soon'));
    expect(kind.indexOf('Past')).toBeGreaterThan(kind.lastIndexOf('Open'));
    const soon = ours.filter((x) => x.title.startsWith('Soon')).map((x) => Date.parse(x.deadline));
    expect([...soon].sort((a, c) => a - c)).toEqual(soon);
    const past = ours.filter((x) => x.title.startsWith('Past')).map((x) => Date.parse(x.deadline));
    expect([...past].sort((a, c) => c - a)).toEqual(past);
  });

  it('search and filters hold across pages', async () => {
    const requester = await insertUser(t.db);
    await t.db.insert(bounties).values(
      Array.from({ length: 20 }, (_, i) => ({
        title: i % 2 ? `Needle ${i}` : `Hay ${i}`,
        description: 'd',
        reward: '5 USDC',
        requesterId: requester.id,
        deadline: new Date(clock + (i % 4 === 0 ? -DAY : DAY) + i * 1000),
      })),
    );
    const needles = await walk(member.client, '/api/bounties?filter=active&q=needle', 'bounties');
    expect(needles.length).toBe(10);
    for (const x of needles) expect(x.title).toMatch(/^Needle/);
    const expired = await walk(member.client, '/api/bounties?filter=expired&q=hay', 'bounties');
    expect(expired.length).toBe(5);
  });
});

describe('the admin review queues page in their order, each row once, counts over the whole queue', () => {
  it('contributions (oldest first), with a type filter across pages and the counts of every page', async () => {
    const owners = await Promise.all([insertUser(t.db), insertUser(t.db)]);
    const rows = await t.db
      .insert(contributions)
      .values(
        Array.from({ length: 17 }, (_, i) => ({
          userId: owners[i % 2]!.id,
          title: `Queue item ${i}`,
          type: i % 3 === 0 ? 'link' : 'tweet',
          contributor: 'Someone',
          link: `https://paging.example/q/${i}`,
          linkKey: `paging.example/q/${i}`,
          createdAt: at(i),
        })),
      )
      .returning({ id: contributions.id, type: contributions.type, createdAt: contributions.createdAt });
    const late: string[] = [];
    const seen = await walk(admin, '/api/admin/contributions', 'items', async (page) => {
      // A new submission joins the end of the queue while the admin pages: it shows up there.
      const [row] = await t.db
        .insert(contributions)
        .values({
          userId: owners[0]!.id,
          title: 'Late',
          type: 'tweet',
          contributor: 'Someone',
          createdAt: new Date(clock + page * 1000),
        })
        .returning({ id: contributions.id });
      late.push(row!.id);
    });
    expect(late.length).toBeGreaterThan(0);
    expectOnce(ids(seen), [...ids(rows), ...late]);
    const times = seen.map((r) => Date.parse(r.createdAt as string));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const links = await walk(admin, '/api/admin/contributions?type=link', 'items');
    expect(links.every((r) => r.type === 'link')).toBe(true);
    expectOnce(
      ids(links),
      rows.filter((r) => r.type === 'link').map((r) => r.id),
    );
    // The counts cover the whole queue on every page, not the page.
    const first = (await admin.get('/api/admin/contributions?limit=2')).body;
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(seen.length);
    expect(first.byType.link).toBe(links.length);
    const bad = await admin.get('/api/admin/contributions?cursor=bm90IGEgY3Vyc29y');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.common.badCursor);
  });

  it('project applications (oldest first) and bounty requests (newest first)', async () => {
    const owner = await insertUser(t.db);
    const apps = await t.db
      .insert(projectApplications)
      .values(
        Array.from({ length: 16 }, (_, i) => ({
          ownerId: owner.id,
          email: `o${i}@paging.example`,
          name: `Startup ${i}`,
          website: 'https://s.example',
          github: 'https://github.com/s',
          whitepaper: 'https://s.example/wp',
          teamMembers: ['Ada'],
          genre: 'DeFi',
          phase: 'MVP',
          goals: 'Ship',
          submittedAt: at(i),
        })),
      )
      .returning({ id: projectApplications.id });
    const pending = await walk(admin, '/api/admin/project-applications', 'applications');
    expectOnce(ids(pending), ids(apps));
    const submitted = pending.map((r) => Date.parse(r.submittedAt as string));
    expect([...submitted].sort((a, b) => a - b)).toEqual(submitted);

    const requests = await t.db
      .insert(bountyApplications)
      .values(
        Array.from({ length: 16 }, (_, i) => ({
          userId: owner.id,
          title: `Request ${i}`,
          description: 'd',
          reward: '5 USDC',
          deadline: new Date(clock + DAY),
          contactInfo: 'tg @x',
          status: i % 4 === 0 ? 'approved' : 'pending',
          createdAt: at(i),
        })),
      )
      .returning({ id: bountyApplications.id });
    const all = await walk(admin, '/api/admin/bounty-applications', 'applications');
    expectOnce(ids(all), ids(requests));
    const created = all.map((r) => Date.parse(r.createdAt as string));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect((await admin.get('/api/admin/project-applications?cursor=%21%21')).status).toBe(400);
    expect((await admin.get('/api/admin/bounty-applications?limit=201')).status).toBe(400);
  });
});

describe('a cursor the server did not issue', () => {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const forged = [
    'not a cursor',
    '!!!!',
    b64({}),
    b64(['2030-01-01T00:00:00Z']),
    b64(['0000-01-01T00:00:00Z', 'x']),
    b64(['not a date', 'x']),
    b64(['2030-01-01T00:00:00Z', 'x'.repeat(100)]),
    Buffer.from('{"unterminated').toString('base64url'),
  ];
  it.each(['/api/projects', '/api/bounties', '/api/grants', '/api/resources', '/api/contributions/history'])(
    '%s answers 400 with the message, never 500',
    async (path) => {
      for (const cursor of forged) {
        const res = await member.client.get(`${path}?cursor=${encodeURIComponent(cursor)}`);
        expect(res.status, `${path} ${cursor}`).toBe(400);
        if (res.body.error?.code === 'BAD_CURSOR') expect(res.body.error.message).toBe(MSG.common.badCursor);
      }
    },
  );
  it('a cursor of one bounty filter is refused by another', async () => {
    const page = await member.client.get('/api/bounties?filter=expired&limit=1');
    expect(page.body.nextCursor).toBeTruthy();
    const res = await member.client.get(`/api/bounties?filter=active&cursor=${page.body.nextCursor}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BAD_CURSOR');
  });
  it('the admin queue stays the admin’s', async () => {
    const res = await member.client.get('/api/admin/grants?limit=1');
    expect(res.status).toBe(403);
  });
});
