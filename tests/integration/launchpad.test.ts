import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDecisions, projectApplications, projects, user } from '@/db/schema';
import { MSG } from '@/shared/messages';
import { projectApplicationBody } from '../support/payloads';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

const H = 60 * 60 * 1000;
let clock = Date.parse('2026-06-01T10:00:00Z');
let t: TestServer;
let admin: Client;

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(clock) });
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await t?.close();
});

const application = (over: Record<string, unknown> = {}) => projectApplicationBody('Orbit Finance', over);

describe('project applications', () => {
  it('only lets startups apply', async () => {
    const builder = await signUp(t);
    const res = await builder.client.post('/api/project-applications', application());
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(MSG.projectApplication.startupOnly);
    const project = await signUp(t, { role: 'project' });
    expect((await project.client.post('/api/project-applications', application())).body.error.message).toBe(
      MSG.projectApplication.startupOnly,
    );
  });

  it.each([
    [{ name: ' ' }, MSG.projectApplication.required],
    [{ website: 'orbit.example' }, MSG.projectApplication.invalidUrl],
    [{ whitepaper: 'javascript:alert(1)' }, MSG.projectApplication.invalidUrl],
    [{ teamMembers: ['https://x.com/alice'] }, MSG.projectApplication.required],
    [{ genre: 'Casino' }, MSG.projectApplication.required],
    [{ phase: '' }, MSG.projectApplication.required],
    [{ goals: '' }, MSG.projectApplication.required],
  ])('refuses %o with a clear message and stores nothing', async (patch, message) => {
    const s = await signUp(t, { role: 'startup' });
    const res = await s.client.post('/api/project-applications', application(patch));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(
      await t.db.select().from(projectApplications).where(eq(projectApplications.ownerId, s.uid)),
    ).toHaveLength(0);
  });

  it('accepts one of 10 simultaneous submissions and blocks the rest while it is pending', async () => {
    const s = await signUp(t, { role: 'startup' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => s.client.post('/api/project-applications', application())),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.error.message).toBe(MSG.projectApplication.cooldown);
    }
    const mine = await s.client.get('/api/project-applications/mine');
    expect(mine.body).toMatchObject({
      latest: { status: 'pending', name: 'Orbit Finance' },
      canApplyAt: 'pending',
    });
  });

  it('lets the applicant reapply only 24 h after a rejection (0 h, 23 h blocked; 25 h open)', async () => {
    const s = await signUp(t, { role: 'startup' });
    const first = await s.client.post('/api/project-applications', application());
    const rejected = await admin.post(`/api/admin/project-applications/${first.body.application.id}/reject`, {
      reason: 'Whitepaper link is broken',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.application).toMatchObject({
      status: 'rejected',
      reason: 'Whitepaper link is broken',
    });

    for (const hours of [0, 23]) {
      clock += hours * H;
      const r = await s.client.post('/api/project-applications', application());
      expect(r.status, `${hours} h`).toBe(409);
      expect(r.body.error.message).toBe(MSG.projectApplication.cooldown);
      clock -= hours * H;
    }
    clock += 25 * H;
    expect((await s.client.post('/api/project-applications', application())).status).toBe(201);
  });

  it('approves once under 10 concurrent clicks, makes the owner an approved startup, records and mails the decision', async () => {
    const s = await signUp(t, { role: 'startup' });
    const { body } = await s.client.post('/api/project-applications', application({ name: 'Nova DAO' }));
    const id = body.application.id;

    const pending = await admin.get('/api/admin/project-applications');
    expect(pending.body.applications.map((a: { id: string }) => a.id)).toContain(id);
    expect(pending.body.applications.every((a: { status: string }) => a.status === 'pending')).toBe(true);

    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        admin.post(`/api/admin/project-applications/${id}/${i % 3 === 0 ? 'reject' : 'approve'}`, {}),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error.message).toBe(MSG.projectApplication.alreadyDecided);
    }
    const decided = ok[0]!.body.application.status;
    const [owner] = await t.db.select().from(user).where(eq(user.id, s.uid));
    expect(owner?.status).toBe(decided === 'approved' ? 'approved' : 'pending');
    const decisions = await t.db.select().from(adminDecisions).where(eq(adminDecisions.subjectId, id));
    expect(decisions).toHaveLength(1);
    await t.deps.mailer.deliverDue();
    const mail = await t.smtp.waitFor(s.email, decided === 'approved' ? 'was approved' : 'was not approved');
    expect(mail.text).toContain('Nova DAO');
    // Decided ones leave the admin's pending list.
    const after = await admin.get('/api/admin/project-applications');
    expect(after.body.applications.map((a: { id: string }) => a.id)).not.toContain(id);
  });

  it('keeps the admin list and decisions admin-only', async () => {
    const s = await signUp(t, { role: 'startup' });
    expect((await s.client.get('/api/admin/project-applications')).body.error.message).toBe(
      MSG.auth.adminOnly,
    );
    expect((await s.client.post('/api/admin/project-applications/x/approve', {})).status).toBe(403);
    expect((await admin.post('/api/admin/project-applications/nope/approve', {})).status).toBe(404);
  });
});

async function approvedStartup() {
  const s = await signUp(t, { role: 'startup' });
  const { body } = await s.client.post('/api/project-applications', application());
  await admin.post(`/api/admin/project-applications/${body.application.id}/approve`, {});
  return s;
}

function createProject(
  client: Client,
  fields: Record<string, string>,
  files: Record<string, [Buffer, string, string]> = {},
) {
  return client.upload('/api/projects', fields, files);
}

const fields = {
  title: '  Orbit  ',
  description: 'Yield for everyone',
  website: 'https://orbit.example',
  xAccount: '@orbit',
  githubUrl: '',
  tags: ' defi, yield ,, DeFi, infra ',
};
const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#22d3ee' } })
    .png()
    .toBuffer();

describe('projects', () => {
  it('lets only approved startups create', async () => {
    const pendingStartup = await signUp(t, { role: 'startup' });
    const builder = await signUp(t);
    for (const u of [pendingStartup, builder]) {
      const r = await createProject(u.client, fields);
      expect(r.status).toBe(403);
      expect(r.body.error.message).toBe(MSG.project.onlyApproved);
    }
  });

  it('creates an active project with re-encoded logo and banner, trimmed text and clean tags', async () => {
    const s = await approvedStartup();
    const r = await createProject(s.client, fields, {
      logo: [await png(800, 800), 'logo.png', 'image/png'],
      banner: [await png(2400, 800), 'My Banner!.png', 'image/png'],
    });
    expect(r.status).toBe(201);
    expect(r.body.project).toMatchObject({
      title: 'Orbit',
      githubUrl: null,
      status: 'active',
      tags: ['defi', 'yield', 'infra'],
      ownerId: s.uid,
    });
    expect(r.body.project.logoUrl).toMatch(
      new RegExp(`^/uploads/projects/${s.uid}/logos/\\d+_[\\w-]{22}_logo\\.webp$`),
    );
    expect(r.body.project.bannerUrl).toMatch(
      new RegExp(`^/uploads/projects/${s.uid}/banners/\\d+_[\\w-]{22}_My_Banner_\\.webp$`),
    );
    const banner = await fetch(t.url + r.body.project.bannerUrl);
    expect(banner.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await banner.arrayBuffer())).metadata()).width).toBe(1600);

    const list = await s.client.get('/api/projects?filter=active');
    expect(list.body.projects[0]).toMatchObject({ id: r.body.project.id, ownerName: s.displayName });
  });

  it.each([
    [{ title: ' ' }, MSG.project.titleRequired],
    [{ description: '' }, MSG.project.descriptionRequired],
    [{ xAccount: '  ' }, MSG.project.xRequired],
    [{ website: '' }, MSG.project.websiteRequired],
    [{ website: 'javascript:alert(1)' }, MSG.project.invalidUrl],
    [{ githubUrl: 'data:text/html,x' }, MSG.project.invalidUrl],
  ])('refuses %o with the spec message', async (patch, message) => {
    const s = await approvedStartup();
    const r = await createProject(s.client, { ...fields, ...patch });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(message);
  });

  it('refuses an SVG or a script posing as an image and leaves no file behind', async () => {
    const s = await approvedStartup();
    const uploads = path.join(t.deps.env.DATA_DIR, 'uploads', 'projects', s.uid);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const r1 = await createProject(s.client, fields, {
      logo: [await png(100, 100), 'ok.png', 'image/png'],
      banner: [svg, 'banner.png', 'image/png'],
    });
    expect(r1.status).toBe(400);
    expect(r1.body.error.message).toBe(MSG.project.imageInvalid);
    const r2 = await createProject(s.client, fields, {
      logo: [Buffer.from('<?php system($_GET[1]); ?>'), 'x.jpg', 'image/jpeg'],
    });
    expect(r2.status).toBe(400);
    const left = (() => {
      try {
        return readdirSync(uploads, { recursive: true }).filter((f) => String(f).endsWith('.webp'));
      } catch {
        return [];
      }
    })();
    expect(left).toEqual([]);
    expect(await t.db.select().from(projects).where(eq(projects.ownerId, s.uid))).toHaveLength(0);
  });

  it('lets owners archive and unarchive, and nobody else', async () => {
    const s = await approvedStartup();
    const other = await approvedStartup();
    const { body } = await createProject(s.client, fields);
    const id = body.project.id;
    expect((await other.client.patch(`/api/projects/${id}/status`, { status: 'archived' })).status).toBe(403);
    const archived = await s.client.patch(`/api/projects/${id}/status`, { status: 'archived' });
    expect(archived.body.project.status).toBe('archived');
    const archivedList = await s.client.get('/api/projects?filter=archived');
    expect(archivedList.body.projects.map((p: { id: string }) => p.id)).toContain(id);
    const activeList = await s.client.get('/api/projects?filter=active');
    expect(activeList.body.projects.map((p: { id: string }) => p.id)).not.toContain(id);
    const mine = await s.client.get('/api/projects?filter=my');
    expect(mine.body.projects.every((p: { ownerId: string }) => p.ownerId === s.uid)).toBe(true);
    expect(
      (await s.client.patch(`/api/projects/${id}/status`, { status: 'active' })).body.project.status,
    ).toBe('active');
  });
});
