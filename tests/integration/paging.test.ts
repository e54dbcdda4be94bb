/**
 * Keyset paging (server/lib/paging.ts) on every public list and the admin queues
 * (grants, contributions, project applications, bounty requests): a walk page by
 * page sees every row exactly once, in order, while rows are inserted or decided
 * between page reads; filters and search hold across pages; the review queue's
 * counts cover the whole queue on every page; a cursor the server did not issue
 * answers 400; who sees which grant is unchanged.
 */
import { type AnyColumn, asc, desc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bounties,
  bountyApplications,
  contributions,
  grants,
  projectApplications,
  projects,
  resources,
  user,
} from '@/db/schema';
import { LIMITS } from '@/shared/limits';
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
    // A category named like the chips' own entry in the list cache is just a category (outside
    // review: ?category=categories right after a write put a page where the chips belong).
    await t.db.insert(resources).values({ title: 'Newer', category: 'Design', link: 'https://r.example' });
    const odd = await member.client.get('/api/resources?category=categories');
    expect(odd.body).toMatchObject({ resources: [], categories: ['design'] });
    const after = await member.client.get('/api/resources');
    expect(after.body.categories).toEqual(['design']);
    expect(after.body.resources.length).toBeGreaterThan(0);
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

  it('search and filters hold across pages, in the board’s order, without a disabled requester’s', async () => {
    const requester = await insertUser(t.db);
    const off = await insertUser(t.db, { disabledAt: new Date(clock) });
    await t.db.insert(bounties).values(
      Array.from({ length: 20 }, (_, i) => ({
        title: i % 2 ? `Needle ${i}` : `Hay ${i}`,
        description: 'd',
        reward: '5 USDC',
        requesterId: requester.id,
        // Deadlines not in the order of insertion: the walk must sort them, not the table.
        deadline: new Date(clock + (i % 4 === 0 ? -DAY : DAY) + ((i * 7) % 20) * 1000),
      })),
    );
    await t.db.insert(bounties).values({
      title: 'Needle of a disabled requester',
      description: 'd',
      reward: '5 USDC',
      requesterId: off.id,
      deadline: new Date(clock + DAY),
    });
    const needles = await walk(member.client, '/api/bounties?filter=active&q=needle', 'bounties');
    expect(needles.length).toBe(10);
    for (const x of needles) expect(x.title).toMatch(/^Needle \d+$/);
    const deadlines = needles.map((x) => Date.parse(x.deadline));
    expect(deadlines).toEqual([...deadlines].sort((a, c) => a - c));
    // A search by reward finds them too (the reward rides in the board's index, migration 0035).
    expect(
      (await walk(member.client, '/api/bounties?filter=active&q=5%20usd', 'bounties')).length,
    ).toBeGreaterThanOrEqual(10);
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
    expect((await admin.get(`/api/admin/bounty-applications?limit=${LIMITS.queuePage + 1}`)).status).toBe(
      400,
    );
  });
});

/** Every page of a list, `limit` rows at a time, calling `between` after each page but the last. */
async function pagesOf(
  who: Client,
  path: string,
  limit: number,
  between: (page: Json) => Promise<void> = async () => {},
): Promise<Json[]> {
  const pages: Json[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 200; n++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await who.get(
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toHaveProperty('nextCursor');
    pages.push(res.body);
    cursor = res.body.nextCursor;
    if (cursor === null) return pages;
    expect(typeof cursor).toBe('string');
    await between(res.body);
  }
  throw new Error('more than 200 pages');
}

/** Each page but the last is full and has a next cursor; the last one has none. */
function expectFullPages(pages: Json[], field: string, limit: number) {
  for (const p of pages.slice(0, -1)) expect(p[field]).toHaveLength(limit);
  expect(pages.at(-1)!.nextCursor).toBeNull();
  expect(pages.at(-1)![field].length).toBeLessThanOrEqual(limit);
}

/** An owner not disabled, as the queues read it (users/owner-enabled.ts), said again independently. */
const enabled = (owner: AnyColumn) =>
  sql`not exists (select 1 from "user" u where u.id = ${owner} and u.disabled_at is not null)`;

describe('the admin review queues in pages of 2: every row once, in queue order, to a null cursor', () => {
  it('contributions: type and search hold on every page, and every page counts the whole filtered queue', async () => {
    const [owner, off] = [await insertUser(t.db), await insertUser(t.db, { disabledAt: new Date(clock) })];
    const types = ['link', 'tweet', 'file'] as const;
    const row = (i: number, over: Partial<typeof contributions.$inferInsert> = {}) => ({
      userId: owner.id,
      title: `Keyset needle ${i}`,
      type: types[i % 3]!,
      contributor: 'Pager',
      createdAt: at(i),
      ...over,
    });
    const queued = await t.db
      .insert(contributions)
      .values(Array.from({ length: 13 }, (_, i) => row(i)))
      .returning({ id: contributions.id, type: contributions.type });
    // Not in the queue (decided, or a disabled owner's), or not found by the search.
    await t.db
      .insert(contributions)
      .values([
        row(1, { status: 'approved' }),
        row(2, { status: 'rejected' }),
        row(3, { userId: off.id }),
        row(4, { title: 'Keyset hay 4', contributor: 'Other' }),
      ]);
    const inOrder = async (type?: string) =>
      (
        await t.db
          .select({ id: contributions.id })
          .from(contributions)
          .where(
            inArray(
              contributions.id,
              queued.filter((r) => !type || r.type === type).map((r) => r.id),
            ),
          )
          .orderBy(asc(contributions.createdAt), asc(contributions.id))
      ).map((r) => r.id);
    const byType = Object.fromEntries(types.map((ty) => [ty, queued.filter((r) => r.type === ty).length]));

    const search = '/api/admin/contributions?q=keyset%20NEEDLE';
    const pages = await pagesOf(admin, search, 2);
    expectFullPages(pages, 'items', 2);
    expect(pages.flatMap((p) => ids(p.items))).toEqual(await inOrder());
    for (const p of pages) expect({ total: p.total, byType: p.byType }).toEqual({ total: 13, byType });

    const links = await pagesOf(admin, `${search}&type=link`, 2);
    expectFullPages(links, 'items', 2);
    expect(links.flatMap((p) => ids(p.items))).toEqual(await inOrder('link'));
    // The type filter's total is that type's; the counts by type still cover every type.
    for (const p of links)
      expect({ total: p.total, byType: p.byType }).toEqual({ total: byType.link, byType });
    // Counted afresh on a page after a cursor (a new item changed the queue): still the whole queue.
    await t.db.insert(contributions).values(row(99, { type: 'link', createdAt: new Date(clock) }));
    const second = (await admin.get(`${search}&limit=2&cursor=${encodeURIComponent(pages[0]!.nextCursor)}`))
      .body;
    expect(ids(second.items)).toEqual(ids(pages[1]!.items));
    expect({ total: second.total, byType: second.byType }).toEqual({
      total: 14,
      byType: { ...byType, link: byType.link! + 1 },
    });

    // The whole queue: every page, a cursor's too, counts all of it, not its page.
    const all = await pagesOf(admin, '/api/admin/contributions', 5);
    const everything = all.flatMap((p) => ids(p.items));
    expect(new Set(everything).size).toBe(everything.length);
    expect(all.length).toBeGreaterThan(2);
    for (const p of all) {
      expect(p.total).toBe(everything.length);
      expect(p.byType).toEqual(all[0]!.byType);
    }
  });

  it('contributions: a reviewer’s pages leave out their own and their invitees’ items, and so do the counts', async () => {
    const r = await signUp(t);
    expect(
      (await admin.post(`/api/admin/users/${r.uid}/reviewer`, { maxPoints: 50, reason: 'Pages' })).status,
    ).toBe(200);
    const [owner, invitee] = [await insertUser(t.db), await insertUser(t.db, { referredBy: r.uid })];
    const userIds = [owner.id, r.uid, invitee.id];
    const rows = await t.db
      .insert(contributions)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          userId: userIds[i % 3]!,
          title: `Reviewer pager ${i}`,
          contributor: 'Pager',
          createdAt: at(i),
        })),
      )
      .returning({ id: contributions.id, userId: contributions.userId });
    const theirs = (
      await t.db
        .select({ id: contributions.id })
        .from(contributions)
        .where(
          inArray(
            contributions.id,
            rows.filter((x) => x.userId === owner.id).map((x) => x.id),
          ),
        )
        .orderBy(asc(contributions.createdAt), asc(contributions.id))
    ).map((x) => x.id);
    const pages = await pagesOf(r.client, '/api/admin/contributions?q=reviewer%20pager', 2);
    expectFullPages(pages, 'items', 2);
    expect(pages.flatMap((p) => ids(p.items))).toEqual(theirs);
    for (const p of pages) expect(p.total).toBe(4);
    const adminPages = await pagesOf(admin, '/api/admin/contributions?q=reviewer%20pager', 2);
    expect(adminPages.flatMap((p) => ids(p.items))).toHaveLength(12);
    for (const p of adminPages) expect(p.total).toBe(12);
  });

  it('project applications: oldest submitted first; a decision between pages skips nothing', async () => {
    const [owner, off] = [await insertUser(t.db), await insertUser(t.db, { disabledAt: new Date(clock) })];
    const app = (i: number, over: Partial<typeof projectApplications.$inferInsert> = {}) => ({
      ownerId: owner.id,
      email: `k${i}@paging.example`,
      name: `Keyset startup ${i}`,
      website: 'https://s.example',
      github: 'https://github.com/s',
      whitepaper: 'https://s.example/wp',
      teamMembers: ['Ada'],
      genre: 'DeFi',
      phase: 'MVP',
      goals: 'Ship',
      submittedAt: at(i),
      ...over,
    });
    await t.db
      .insert(projectApplications)
      .values([
        ...Array.from({ length: 9 }, (_, i) => app(i)),
        app(10, { status: 'approved' }),
        app(11, { status: 'rejected' }),
        app(12, { ownerId: off.id }),
      ]);
    const expected = (
      await t.db
        .select({ id: projectApplications.id })
        .from(projectApplications)
        .where(sql`${projectApplications.status} = 'pending' and ${enabled(projectApplications.ownerId)}`)
        .orderBy(asc(projectApplications.submittedAt), asc(projectApplications.id))
    ).map((r) => r.id);
    expect(expected.length).toBeGreaterThanOrEqual(9);
    // The admin approves the last row of each page before reading the next: a page by
    // offset would then skip a row; a keyset page does not.
    const pages = await pagesOf(admin, '/api/admin/project-applications', 2, async (page) => {
      const last = page.applications.at(-1) as Json;
      await t.db
        .update(projectApplications)
        .set({ status: 'approved' })
        .where(inArray(projectApplications.id, [last.id as string]));
    });
    expectFullPages(pages, 'applications', 2);
    expect(pages.flatMap((p) => ids(p.applications))).toEqual(expected);
  });

  it('bounty requests: newest first, every status, a disabled requester’s pending ones left out', async () => {
    const [owner, off] = [await insertUser(t.db), await insertUser(t.db, { disabledAt: new Date(clock) })];
    const statuses = ['pending', 'approved', 'rejected'] as const;
    await t.db.insert(bountyApplications).values(
      Array.from({ length: 10 }, (_, i) => ({
        userId: i >= 8 ? off.id : owner.id,
        title: `Keyset request ${i}`,
        description: 'd',
        reward: '5 USDC',
        deadline: new Date(clock + DAY),
        contactInfo: 'tg @x',
        // The disabled requester's: one pending (left out), one approved (shown).
        status: i === 8 ? 'pending' : i === 9 ? 'approved' : statuses[i % 3]!,
        createdAt: at(i),
      })),
    );
    const expected = (
      await t.db
        .select({ id: bountyApplications.id })
        .from(bountyApplications)
        .where(sql`(${bountyApplications.status} <> 'pending' or ${enabled(bountyApplications.userId)})`)
        .orderBy(desc(bountyApplications.createdAt), desc(bountyApplications.id))
    ).map((r) => r.id);
    const pages = await pagesOf(admin, '/api/admin/bounty-applications', 2);
    expectFullPages(pages, 'applications', 2);
    const seen = pages.flatMap((p) => p.applications as Json[]);
    expect(ids(seen)).toEqual(expected);
    expect(seen.filter((a) => a.title === 'Keyset request 8')).toEqual([]);
    expect(seen.filter((a) => a.title === 'Keyset request 9')).toHaveLength(1);
  });

  it('bounty requests under each chip: the server filters and counts by status, and counts again after a decision', async () => {
    const [owner, off] = [await insertUser(t.db), await insertUser(t.db, { disabledAt: new Date(clock) })];
    const statuses = ['pending', 'approved', 'rejected'] as const;
    await t.db.insert(bountyApplications).values(
      Array.from({ length: 12 }, (_, i) => ({
        userId: i === 11 ? off.id : owner.id,
        title: `Chip request ${i}`,
        description: 'd',
        reward: '5 USDC',
        deadline: new Date(clock + DAY),
        contactInfo: 'tg @x',
        // The disabled requester's one is pending: in no chip and no count.
        status: i === 11 ? 'pending' : statuses[i % 3]!,
        createdAt: at(100 + i),
      })),
    );
    const shown = (status: string) =>
      t.db
        .select({ id: bountyApplications.id })
        .from(bountyApplications)
        .where(
          sql`${bountyApplications.status} = ${status} and (${bountyApplications.status} <> 'pending' or ${enabled(bountyApplications.userId)})`,
        )
        .orderBy(desc(bountyApplications.createdAt), desc(bountyApplications.id))
        .then((rows) => rows.map((r) => r.id));
    const expectChips = async () => {
      const expected = Object.fromEntries(await Promise.all(statuses.map(async (s) => [s, await shown(s)])));
      for (const status of statuses) {
        const pages = await pagesOf(admin, `/api/admin/bounty-applications?status=${status}`, 2);
        expect(
          pages.flatMap((p) => ids(p.applications as Json[])),
          status,
        ).toEqual(expected[status]);
        expect(pages.flatMap((p) => (p.applications as Json[]).map((a) => a.status))).not.toContain(
          statuses.find((x) => x !== status),
        );
      }
      const first = await admin.get('/api/admin/bounty-applications');
      const n = (s: string) => (expected[s] as string[]).length;
      expect(first.body.counts).toEqual({
        all: n('pending') + n('approved') + n('rejected'),
        pending: n('pending'),
        approved: n('approved'),
        rejected: n('rejected'),
      });
      return first.body.counts as Record<string, number>;
    };
    const before = await expectChips();
    // A decision moves a request from one chip to another: the counts are read again.
    const [target] = await shown('pending');
    expect((await admin.post(`/api/admin/bounty-applications/${target}/approve`, {})).status).toBe(200);
    const after = await expectChips();
    expect(after).toEqual({ ...before, pending: before.pending! - 1, approved: before.approved! + 1 });
    // So does enabling a requester whose pending request was hidden.
    await t.db.update(user).set({ disabledAt: null }).where(sql`${user.id} = ${off.id}`);
    expect((await expectChips()).pending).toBe(after.pending! + 1);
    expect((await admin.get('/api/admin/bounty-applications?status=sent')).status).toBe(400);
  });

  it('project applications: the first page says how many are pending in all, a disabled owner’s left out', async () => {
    const pendingNow = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(projectApplications)
          .where(sql`${projectApplications.status} = 'pending' and ${enabled(projectApplications.ownerId)}`)
      )[0]!.n;
    const owner = await insertUser(t.db);
    await t.db.insert(projectApplications).values(
      Array.from({ length: 3 }, (_, i) => ({
        ownerId: owner.id,
        email: `c${i}@paging.example`,
        name: `Counted ${i}`,
        website: 'https://s.example',
        github: 'https://github.com/s',
        whitepaper: 'https://s.example/wp',
        teamMembers: ['Ada'],
        genre: 'DeFi',
        phase: 'MVP',
        goals: 'Ship',
        submittedAt: at(200 + i),
      })),
    );
    const first = await admin.get('/api/admin/project-applications?limit=1');
    expect(first.body.applications).toHaveLength(1);
    expect(first.body.pending).toBe(await pendingNow());
    expect(first.body.pending).toBeGreaterThanOrEqual(3);
    await t.db
      .update(user)
      .set({ disabledAt: new Date(clock) })
      .where(sql`${user.id} = ${owner.id}`);
    const later = await admin.get('/api/admin/project-applications?limit=1');
    expect(later.body.pending).toBe(first.body.pending - 3);
    expect(later.body.pending).toBe(await pendingNow());
  });

  it.each([
    '/api/admin/contributions',
    '/api/admin/contributions?type=link&q=keyset',
    '/api/admin/project-applications',
    '/api/admin/bounty-applications',
    '/api/admin/grants',
  ])('%s: a cursor it did not issue answers 400 badCursor and changes nothing', async (path) => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const sep = path.includes('?') ? '&' : '?';
    const before = (await admin.get(`${path}${sep}limit=3`)).body;
    const counts = await Promise.all(
      [contributions, projectApplications, bountyApplications].map((table) =>
        t.db.select({ n: sql<number>`count(*)::int` }).from(table),
      ),
    );
    for (const cursor of [
      'garbage',
      '!!',
      b64(['not a date', 'x']),
      b64({ a: 1 }),
      b64([1, 2, 3]),
      b64(['2026-11-20T18:24:26.388000Z', 'a\u0000b']),
      b64(['2026-01-01T00:00:00+20:00', 'x']),
    ]) {
      const res = await admin.get(`${path}${sep}limit=3&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, `${path} ${cursor}`).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'BAD_CURSOR', message: MSG.common.badCursor });
    }
    expect((await admin.get(`${path}${sep}limit=3`)).body).toEqual(before);
    expect(
      await Promise.all(
        [contributions, projectApplications, bountyApplications].map((table) =>
          t.db.select({ n: sql<number>`count(*)::int` }).from(table),
        ),
      ),
    ).toEqual(counts);
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
    // A NUL inside a well-shaped key: PostgreSQL refuses it in text ("invalid byte sequence"), a 500 before.
    b64(['2026-11-20T18:24:26.388000Z', 'a\u0000b']),
    b64(['a', '2026-11-20T18:24:26.388Z', '2026-11-20T18:24:26.388000Z', 'a\u0000b']),
    b64(['2026-11-20T18:24:26.388000Z\u0000', 'ab']),
    // Offsets PostgreSQL refuses (beyond ±15:59): a 500 on every list before (second outside review).
    b64(['2026-01-01T00:00:00+20:00', 'x']),
    b64(['9999-12-31T23:59:59-23:59', 'x']),
    b64(['a', '2026-01-01T00:00:00+20:00', null, 'x']),
  ];
  it.each([
    '/api/projects',
    '/api/bounties',
    '/api/grants',
    '/api/resources',
    '/api/contributions/history',
    '/api/leaderboard',
  ])('%s answers 400 with the message, never 500', async (path) => {
    for (const cursor of forged) {
      const res = await member.client.get(`${path}?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, `${path} ${cursor}`).toBe(400);
      if (res.body.error?.code === 'BAD_CURSOR') expect(res.body.error.message).toBe(MSG.common.badCursor);
    }
  });
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
