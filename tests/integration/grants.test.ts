import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grants, projects, resources } from '@/db/schema';
import { MSG } from '@/shared/messages';
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

const proposal = 'We will build an open-source indexer for the Sysfi chain with public dashboards and docs.';

async function founder() {
  const u = await signUp(t, { role: 'startup' });
  const [p] = await t.db
    .insert(projects)
    .values({
      ownerId: u.uid,
      title: `Project of ${u.displayName}`,
      description: 'd',
      website: 'https://p.example',
      xAccount: 'x',
    })
    .returning();
  return { ...u, projectId: p!.id, projectTitle: p!.title };
}

const apply = (u: { client: Client; projectId: string }, over: Record<string, unknown> = {}) =>
  u.client.post('/api/grants', { projectId: u.projectId, amount: 1500, currency: 'usdc', proposal, ...over });

describe('grant applications', () => {
  it('applies for an own project, shows it under My Applications with the project title', async () => {
    const f = await founder();
    const res = await apply(f);
    expect(res.status).toBe(201);
    expect(res.body.grant).toMatchObject({
      status: 'pending',
      amountRequested: '1,500 USDC',
      projectTitle: f.projectTitle,
      mine: true,
    });
    const mine = await f.client.get('/api/grants?scope=mine');
    expect(mine.body.grants).toHaveLength(1);
  });

  it('reads an amount grouped by thousands as people type it: "10,000"', async () => {
    const f = await founder();
    const res = await apply(f, { amount: '10,000' });
    expect(res.status).toBe(201);
    expect(res.body.grant.amountRequested).toBe('10,000 USDC');
  });

  it.each([
    [{ amount: '1,5' }, MSG.grant.amountInvalid],
    [{ amount: 0 }, MSG.grant.amountInvalid],
    [{ amount: -3 }, MSG.grant.amountInvalid],
    [{ amount: 'much' }, MSG.grant.amountInvalid],
    [{ currency: '' }, MSG.grant.currencyInvalid],
    [{ currency: '<script>' }, MSG.grant.currencyInvalid],
    [{ proposal: 'too short' }, MSG.grant.proposalShort],
    [{ proposal: Array.from({ length: 3001 }, () => 'word').join(' ') }, MSG.grant.proposalWords],
    [{ proposal: 'x'.repeat(20001) }, MSG.grant.proposalChars],
  ])('refuses %o', async (patch, message) => {
    const f = await founder();
    const res = await apply(f, patch);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('refuses someone else’s project and a second pending grant for one project', async () => {
    const a = await founder();
    const b = await founder();
    const other = await b.client.post('/api/grants', {
      projectId: a.projectId,
      amount: 10,
      currency: 'USDC',
      proposal,
    });
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe(MSG.grant.notYourProject);
    const results = await Promise.all(Array.from({ length: 5 }, () => apply(a)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201))
      expect(r.body.error.message).toBe(MSG.grant.onePending);
  });

  it('lets only the applicant edit, only while pending; decisions are final and idempotent', async () => {
    const a = await founder();
    const b = await founder();
    const { body } = await apply(a);
    const id = body.grant.id;
    // Someone else's pending proposal is invisible to them: not editable, not readable.
    expect((await b.client.patch(`/api/grants/${id}`, { proposal: `${proposal} hijacked` })).status).toBe(
      404,
    );
    expect((await b.client.get(`/api/grants/${id}`)).status).toBe(404);

    const edited = await a.client.patch(`/api/grants/${id}`, {
      amount: 2000,
      proposal: `${proposal} Updated.`,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.grant).toMatchObject({ amount: 2000, proposal: `${proposal} Updated.` });

    const decisions = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        admin.post(`/api/admin/grants/${id}/${i % 2 ? 'decline' : 'approve'}`, { message: 'Nice' }),
      ),
    );
    expect(decisions.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of decisions.filter((x) => x.status !== 200))
      expect(r.body.error.message).toBe(MSG.grant.alreadyDecided);
    const decided = decisions.find((r) => r.status === 200)!.body.grant.status;
    // One audit entry, which names the grant by its project and amount.
    const audit = await admin.get(`/api/admin/audit?action=grant.${decided}`);
    expect(audit.body.entries.filter((e: { targetId: string }) => e.targetId === id)).toEqual([
      expect.objectContaining({ targetType: 'grant', targetLabel: `${a.projectTitle} · 2,000 USDC` }),
    ]);

    const frozen = await a.client.patch(`/api/grants/${id}`, { amount: 1 });
    expect(frozen.status).toBe(409);
    expect(frozen.body.error.message).toBe(MSG.grant.frozen);
    const [row] = await t.db.select().from(grants).where(eq(grants.id, id));
    expect(Number(row?.amount)).toBe(2000);

    const detail = await a.client.get(`/api/grants/${id}`);
    expect(detail.body.grant.history.map((h: { event: string }) => h.event)).toEqual([
      'Submitted',
      'Edited',
      decided === 'approved' ? 'Approved' : 'Declined',
    ]);
    await t.deps.mailer.deliverDue();
    await t.smtp.waitFor(a.email, decided === 'approved' ? 'was approved' : 'was not approved');
  });

  it('shows approved grants to everyone, pending and declined only to their applicant and the admin', async () => {
    const a = await founder();
    const b = await founder();
    const approvedId = (await apply(a)).body.grant.id;
    await admin.post(`/api/admin/grants/${approvedId}/approve`, {});
    const pendingId = (await apply(b)).body.grant.id;

    const viewer = await signUp(t);
    const explore = await viewer.client.get('/api/grants?scope=explore');
    const ids = explore.body.grants.map((g: { id: string }) => g.id);
    expect(ids).toContain(approvedId);
    expect(ids).not.toContain(pendingId);
    expect(JSON.stringify(explore.body)).not.toMatch(/@/);
    expect((await viewer.client.get(`/api/grants/${approvedId}`)).status).toBe(200);
    expect(
      (await b.client.get('/api/grants?scope=explore')).body.grants.map((g: { id: string }) => g.id),
    ).toContain(pendingId);
    const queue = (await admin.get('/api/admin/grants')).body;
    // Each status chip's count, by the screen's own condition.
    for (const status of ['pending', 'approved', 'declined'] as const) {
      let all = 0;
      let cursor: string | null = null;
      do {
        const page = (
          await admin.get(
            `/api/admin/grants?status=${status}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          )
        ).body as { grants: unknown[]; nextCursor: string | null };
        all += page.grants.length;
        cursor = page.nextCursor;
      } while (cursor);
      expect(queue.counts[status]).toBe(all);
      if (status !== 'declined') expect(all).toBeGreaterThan(0);
    }
    expect((await admin.get('/api/admin/grants')).body.grants.map((g: { id: string }) => g.id)).toContain(
      pendingId,
    );
    expect((await viewer.client.get('/api/admin/grants')).status).toBe(403);
  });
});

describe('explore pages', () => {
  it("interleave the approved grants with the member's own, newest first, each once, across pages", async () => {
    const me = await founder();
    const other = await founder();
    // Grants submitted a minute apart, alternating between public ones and my own other ones.
    const base = Date.now() - 3_600_000;
    const rows: Array<{ id: string; at: number; mine: boolean }> = [];
    for (let i = 0; i < 7; i++) {
      const mine = i % 2 === 0;
      const [g] = await t.db
        .insert(grants)
        .values({
          applicantId: mine ? me.uid : other.uid,
          amount: '100.00',
          currency: 'USDC',
          proposal,
          status: mine ? (i === 4 ? 'declined' : 'pending') : 'approved',
          projectId: null,
          submittedAt: new Date(base + i * 60_000),
        })
        .returning();
      rows.push({ id: g!.id, at: base + i * 60_000, mine });
    }
    const walk = async (who: Client) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = (
          await who.get(
            `/api/grants?scope=explore&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          )
        ).body as { grants: Array<{ id: string; submittedAt: string }>; nextCursor: string | null };
        expect(page.grants.length).toBeLessThanOrEqual(2);
        seen.push(...page.grants.map((g) => g.id));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    const ours = new Set(rows.map((r) => r.id));
    const newestFirst = [...rows].sort((a, b) => b.at - a.at);
    // The applicant sees all seven, in order, each once; anyone else only the approved three.
    expect((await walk(me.client)).filter((id) => ours.has(id))).toEqual(newestFirst.map((r) => r.id));
    const viewer = await signUp(t);
    expect((await walk(viewer.client)).filter((id) => ours.has(id))).toEqual(
      newestFirst.filter((r) => !r.mine).map((r) => r.id),
    );
    // The first page (the cached public walk) and a write: the new approved grant shows at once.
    const before = (await viewer.client.get('/api/grants')).body.grants.map((g: { id: string }) => g.id);
    const [fresh] = await t.db
      .insert(grants)
      .values({ applicantId: other.uid, amount: '5.00', currency: 'USDC', proposal, status: 'approved' })
      .returning();
    const after = (await viewer.client.get('/api/grants')).body.grants.map((g: { id: string }) => g.id);
    expect(before).not.toContain(fresh!.id);
    expect(after[0]).toBe(fresh!.id);
    expect((await viewer.client.get('/api/grants?cursor=%25%25')).status).toBe(400);
  });
});

describe('resources', () => {
  it('lets only the admin add, edit and delete, and refuses javascript: and data: links', async () => {
    const member = await signUp(t);
    const input = { title: 'Sysfi SDK guide', category: 'Docs', link: 'https://docs.sysfi.example/sdk' };
    expect((await member.client.post('/api/admin/resources', input)).status).toBe(403);
    for (const link of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://files.example/x',
      'docs.sysfi.example',
    ]) {
      const bad = await admin.post('/api/admin/resources', { ...input, link });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe(MSG.resource.invalidLink);
    }
    const created = await admin.post('/api/admin/resources', input);
    expect(created.status).toBe(201);
    const id = created.body.resource.id;
    expect((await member.client.patch(`/api/admin/resources/${id}`, { title: 'Pwned' })).status).toBe(403);
    const edited = await admin.patch(`/api/admin/resources/${id}`, { category: 'Guides' });
    expect(edited.body.resource).toMatchObject({ title: 'Sysfi SDK guide', category: 'Guides' });
    expect((await admin.patch(`/api/admin/resources/${id}`, { link: 'javascript:void(0)' })).status).toBe(
      400,
    );

    const list = await member.client.get('/api/resources');
    expect(list.body.resources.map((r: { id: string }) => r.id)).toContain(id);
    expect((await member.client.delete(`/api/admin/resources/${id}`)).status).toBe(403);
    expect((await admin.delete(`/api/admin/resources/${id}`)).status).toBe(200);
    expect(await t.db.select().from(resources).where(eq(resources.id, id))).toHaveLength(0);
    expect((await admin.delete(`/api/admin/resources/${id}`)).status).toBe(404);
  });
});
