import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { bounties, bountyApplicants, bountyApplications } from '@/db/schema';
import { MSG } from '@/shared/messages';
import { testDbKind } from '../support/db';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';
import { openSse } from '../support/sse';

const H = 3600_000;
let clock = Date.parse('2026-08-10T09:00:00Z');
let t: TestServer;
let admin: Client;
let adminCookie: string;

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(clock) });
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
  adminCookie = admin.cookieHeader();
});
afterAll(async () => {
  await t?.close();
});

const fields = (over: Record<string, string> = {}) => ({
  title: 'Build a block explorer widget',
  description: 'A small, embeddable widget that shows the latest blocks.',
  reward: '500 USDC',
  deadline: '2026-08-20',
  contactInfo: 'tg: @sysfi_team',
  resourceLink: 'https://docs.sysfi.example/widgets',
  timeZone: 'Europe/Paris',
  criteria: JSON.stringify(['Impact', 'Innovation', 'User Experience']),
  ...over,
});
const png = (color: string) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer();

async function request(c: Client, over: Record<string, string> = {}, images: Buffer[] = []) {
  clock += 1000; // one second apart, so "newest first" has an order to show
  const files = Object.fromEntries(
    images.map((b, i) => [`images${i}`, [b, `shot${i}.png`, 'image/png'] as [Buffer, string, string]]),
  );
  // The browser sends every image under the one field name "images".
  const form = new FormData();
  for (const [k, v] of Object.entries(fields(over))) form.append(k, v);
  for (const [, [b, name, type]] of Object.entries(files))
    form.append('images', new Blob([new Uint8Array(b)], { type }), name);
  const res = await fetch(`${c.base}/api/bounty-applications`, {
    method: 'POST',
    body: form,
    headers: { ...c.origin, cookie: c.cookieHeader() },
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('bounty requests', () => {
  it('are for startup and project roles only', async () => {
    const builder = await signUp(t);
    expect((await request(builder.client)).status).toBe(403);
  });

  it.each([
    [{ title: '' }, MSG.bounty.required],
    [{ contactInfo: '  ' }, MSG.bounty.required],
    [{ deadline: '' }, MSG.bounty.required],
    [{ title: 'x'.repeat(101) }, MSG.bounty.titleTooLong],
    [{ description: Array.from({ length: 3001 }, () => 'w').join('\n') }, MSG.bounty.descriptionWords],
    [{ description: 'y'.repeat(20001) }, MSG.bounty.descriptionTooLong],
    [{ reward: 'r'.repeat(51) }, MSG.bounty.rewardTooLong],
    [{ contactInfo: 'c'.repeat(101) }, MSG.bounty.contactTooLong],
    [{ deadline: '2026-08-09' }, MSG.bounty.deadlinePast],
    [{ criteria: JSON.stringify(['Impact']) }, MSG.bounty.criteria],
    [
      {
        criteria: JSON.stringify([
          'Impact',
          'Innovation',
          'Feasibility',
          'Creativity',
          'Scalability',
          'Sustainability',
          'Originality',
          'User Experience',
        ]),
      },
      MSG.bounty.criteria,
    ],
    [{ criteria: JSON.stringify(['Impact', 'Vibes']) }, MSG.bounty.criteria],
    [{ resourceLink: 'javascript:alert(1)' }, MSG.bounty.resourceLink],
  ])('refuses %o with the spec message', async (patch, message) => {
    const p = await signUp(t, { role: 'project' });
    const res = await request(p.client, patch);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(
      await t.db.select().from(bountyApplications).where(eq(bountyApplications.userId, p.uid)),
    ).toHaveLength(0);
  });

  it('accepts today as the deadline in the requester’s zone, and refuses more than 5 images or one of 5 MB', async () => {
    const p = await signUp(t, { role: 'project' });
    const six = await request(p.client, {}, await Promise.all(Array.from({ length: 6 }, () => png('#111'))));
    expect(six.body.error.message).toBe(MSG.bounty.imagesMax);
    const big = await request(p.client, {}, [Buffer.alloc(5 * 1024 * 1024, 1)]);
    expect(big.body.error.message).toBe(MSG.bounty.imageSize);
    const today = await request(p.client, { deadline: '2026-08-10' }, [await png('#f00'), await png('#0f0')]);
    expect(today.status).toBe(201);
    expect(today.body.application.images).toHaveLength(2);
    expect(today.body.application.criteria).toEqual(['Impact', 'Innovation', 'User Experience']);
  });

  it('reads the deadline in the zone of the requester’s profile, not one the form names', async () => {
    // 09:00 UTC: 23:00 on 10 August in Kiritimati (UTC+14), 23:00 on 9 August in Honolulu.
    const p = await signUp(t, { role: 'project', timeZone: 'Pacific/Kiritimati' });
    const past = await request(p.client, { deadline: '2026-08-09', timeZone: 'Pacific/Honolulu' });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe(MSG.bounty.deadlinePast);
    const ok = await request(p.client, { deadline: '2026-08-10', timeZone: 'Pacific/Honolulu' });
    expect(ok.status).toBe(201);
    // The last day to apply ends just before midnight in Kiritimati.
    expect(ok.body.application.deadline).toBe('2026-08-10T09:59:59.999Z');
  });

  it('locks the form for 24 h after a pending or rejected request', async () => {
    const s = await signUp(t, { role: 'startup' });
    const first = await request(s.client);
    expect(first.status).toBe(201);
    const again = await request(s.client);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.bounty.cooldown);
    const mine = await s.client.get('/api/bounty-applications/mine');
    expect(mine.body.canApplyAt).toBe(
      new Date(Date.parse(first.body.application.createdAt) + 24 * H).toISOString(),
    );
    clock += 23 * H;
    expect((await request(s.client, { deadline: '2026-08-25' })).status).toBe(409);
    clock += 2 * H;
    expect((await request(s.client, { deadline: '2026-08-25' })).status).toBe(201);
  });
});

describe('admin review and the board', () => {
  it('streams new requests to a connected admin, publishes on approval, and the board shows them', async () => {
    const sse = await openSse(`${t.url}/api/admin/events`, adminCookie);
    expect(sse.contentType).toContain('text/event-stream');
    await sse.waitFor((e) => e.event === 'ready');
    const p = await signUp(t, { role: 'project' });
    const started = Date.now();
    const { body } = await request(p.client, { title: 'Live one' });
    const id = body.application.id;
    const ev = await sse.waitFor(
      (e) => e.event === 'bounty-applications' && JSON.parse(e.data).id === id,
      1000,
    );
    expect(JSON.parse(ev.data)).toEqual({ id, action: 'created' });
    expect(Date.now() - started).toBeLessThan(1000);

    const list = await admin.get('/api/admin/bounty-applications');
    expect(list.body.applications[0].id).toBe(id); // newest first
    const approved = await admin.post(`/api/admin/bounty-applications/${id}/approve`, { message: 'Great' });
    expect(approved.body.application).toMatchObject({ status: 'approved', adminMessage: 'Great' });
    expect(approved.body.application.reviewedAt).toBeTruthy();
    await sse.waitFor((e) => e.event === 'bounty-applications' && e.data.includes('"approve"'), 1000);
    sse.close();

    const builder = await signUp(t);
    const board = await builder.client.get('/api/bounties');
    const card = board.body.bounties.find((b: { title: string }) => b.title === 'Live one');
    expect(card).toMatchObject({ reward: '500 USDC', applied: false, requesterName: p.displayName });
    // The admin's list shows each request with its requester, the bounty it published and its applicants.
    expect((await builder.client.post(`/api/bounties/${card.id}/apply`, { pitch: 'I will' })).status).toBe(
      201,
    );
    const shown = (await admin.get('/api/admin/bounty-applications?status=all')).body.applications.find(
      (a: { id: string }) => a.id === id,
    );
    expect(shown).toMatchObject({ requesterName: p.displayName, bountyId: card.id, applicants: 1 });
    await t.deps.mailer.deliverDue();
    await t.smtp.waitFor(p.email, 'was approved');
  });

  it('enforces the transitions: no repeat, reset clears the message, reset refused once someone applied', async () => {
    const p = await signUp(t, { role: 'startup' });
    const { body } = await request(p.client, { title: 'Transitions' });
    const id = body.application.id;
    expect((await admin.post(`/api/admin/bounty-applications/${id}/reset`, {})).status).toBe(409);
    const rej = await admin.post(`/api/admin/bounty-applications/${id}/reject`, { message: 'Too vague' });
    expect(rej.body.application).toMatchObject({ status: 'rejected', adminMessage: 'Too vague' });
    expect((await admin.post(`/api/admin/bounty-applications/${id}/reject`, {})).body.error.message).toBe(
      MSG.bounty.alreadyInState,
    );
    const reset = await admin.post(`/api/admin/bounty-applications/${id}/reset`, {});
    expect(reset.body.application).toMatchObject({ status: 'pending', adminMessage: null, reviewedAt: null });
    await admin.post(`/api/admin/bounty-applications/${id}/approve`, {});
    const [bounty] = await t.db.select().from(bounties).where(eq(bounties.requestId, id));
    expect(bounty).toBeTruthy();

    // Nobody applied yet: reset unpublishes.
    await admin.post(`/api/admin/bounty-applications/${id}/reset`, {});
    expect(await t.db.select().from(bounties).where(eq(bounties.requestId, id))).toHaveLength(0);
    await admin.post(`/api/admin/bounty-applications/${id}/approve`, {});
    const [again] = await t.db.select().from(bounties).where(eq(bounties.requestId, id));

    const hunter = await signUp(t);
    expect(
      (await hunter.client.post(`/api/bounties/${again!.id}/apply`, { pitch: 'I will build it' })).status,
    ).toBe(201);
    const blocked = await admin.post(`/api/admin/bounty-applications/${id}/reset`, {});
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.message).toBe(MSG.bounty.resetBlocked);
    expect((await p.client.post(`/api/admin/bounty-applications/${id}/reset`, {})).body.error.message).toBe(
      MSG.auth.adminOnly,
    );
  });

  it('takes one application per user under 10 concurrent clicks, refuses after the deadline, shows applicants to the requester only', async () => {
    const p = await signUp(t, { role: 'project' });
    const { body } = await request(p.client, { title: 'Apply race', deadline: '2026-09-30' });
    await admin.post(`/api/admin/bounty-applications/${body.application.id}/approve`, {});
    const [b] = await t.db.select().from(bounties).where(eq(bounties.requestId, body.application.id));
    const hunter = await signUp(t);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        hunter.client.post(`/api/bounties/${b!.id}/apply`, { pitch: 'Me!', link: 'https://github.com/me' }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201))
      expect(r.body.error.message).toBe(MSG.bounty.alreadyApplied);
    expect(
      await t.db.select().from(bountyApplicants).where(eq(bountyApplicants.bountyId, b!.id)),
    ).toHaveLength(1);

    const applied = await hunter.client.get('/api/bounties?filter=applied');
    expect(applied.body.bounties.map((x: { id: string }) => x.id)).toEqual([b!.id]);
    expect(applied.body.bounties[0].applied).toBe(true);

    expect((await hunter.client.get(`/api/bounties/${b!.id}/applicants`)).status).toBe(403);
    const seen = await p.client.get(`/api/bounties/${b!.id}/applicants`);
    expect(seen.body.applicants).toEqual([expect.objectContaining({ userId: hunter.uid, pitch: 'Me!' })]);
    expect(JSON.stringify(seen.body)).not.toMatch(/@example/);

    const late = await signUp(t);
    const saved = clock;
    clock = Date.parse('2026-10-02T00:00:00Z');
    const tooLate = await late.client.post(`/api/bounties/${b!.id}/apply`, { pitch: 'Late' });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.error.message).toBe(MSG.bounty.applyExpired);
    const expired = await late.client.get('/api/bounties?filter=expired');
    expect(expired.body.bounties.map((x: { id: string }) => x.id)).toContain(b!.id);
    clock = saved;
  });
});

describe.skipIf(testDbKind !== 'postgres')('realtime across app instances (PostgreSQL)', () => {
  it('delivers an event made on instance B to an admin connected to instance A within a second', async () => {
    const handleB = await openDatabase({ kind: 'postgres', url: t.deps.handle.url!, migrate: false });
    const b = await startTestServer({ handle: handleB, now: () => new Date(clock) });
    try {
      const sse = await openSse(`${t.url}/api/admin/events`, adminCookie);
      await sse.waitFor((e) => e.event === 'ready');
      // Sessions live in the database: the same user signs in on B.
      const p = await signUp(b, { role: 'project' });
      const started = Date.now();
      const res = await request(p.client, { title: 'Across instances' });
      expect(res.status).toBe(201);
      await sse.waitFor((e) => e.data.includes(res.body.application.id), 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      sse.close();
    } finally {
      await b.close();
    }
  });
});
