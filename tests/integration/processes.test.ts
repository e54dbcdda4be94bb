/**
 * Scale-out: two app processes on one PostgreSQL database and one S3-compatible
 * store. Sessions, realtime events, daily limits, awards and uploads must hold
 * across them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import {
  adminDecisions,
  bounties,
  bountyApplications,
  contributions,
  grants,
  pointEvents,
  projectApplications,
  projects,
  user,
} from '@/db/schema';
import { checkIntegrity } from '@/server/integrity';
import { MSG } from '@/shared/messages';
import { type AppServer, startServer } from '../../e2e/support/server';
import { createTestDb, testDbKind } from '../support/db';
import { projectApplicationBody } from '../support/payloads';
import { signUpRemote } from '../support/remote';
import { Client } from '../support/server';
import { type Smtp, startSmtp } from '../support/smtp';
import { openSse } from '../support/sse';

const ADMIN = 'admin@sysfi.test';

describe.skipIf(testDbKind !== 'postgres')('two app processes on one PostgreSQL', () => {
  let handle: DbHandle;
  let smtp: Smtp;
  let s3: S3rver;
  const s3dir = mkdtempSync(path.join(tmpdir(), 'sysfi-s3p-'));
  let a: AppServer;
  let b: AppServer;

  beforeAll(async () => {
    handle = await createTestDb();
    smtp = await startSmtp();
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: 'shared', configs: [] }],
    });
    const addr = (await s3.run()) as AddressInfo;
    const env = {
      DATABASE_URL: handle.url!,
      S3_ENDPOINT: `http://127.0.0.1:${addr.port}`,
      S3_BUCKET: 'shared',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      AUTH_SECRET: 'a-shared-secret-for-both-processes-0123456789',
      // Behind a load balancer: rate limits key on X-Forwarded-For (the socket IP without one).
      TRUST_PROXY: 'true',
    };
    a = await startServer({ smtpUrl: smtp.url, env, requireClient: false });
    b = await startServer({ smtpUrl: smtp.url, env, requireClient: false });
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await smtp?.close();
    await s3?.close();
    await handle?.close();
    rmSync(s3dir, { recursive: true, force: true });
  });

  /** The same cookie jar pointed at the other process (a load balancer's view). */
  const on = (c: Client, server: AppServer) => {
    const other = new Client(server.url);
    for (const part of c.cookieHeader().split('; ').filter(Boolean)) {
      const i = part.indexOf('=');
      (other as unknown as { cookies: Map<string, string> }).cookies.set(part.slice(0, i), part.slice(i + 1));
    }
    return other;
  };

  /**
   * A visitor IP of its own (X-Forwarded-For) for the races' sign-ups: the sign-up rate limit
   * (10 a minute per IP) is shared by both processes, and this file signs up more than that.
   */
  let visitors = 0;
  const visitor = () => `203.0.113.${++visitors}`;
  /** Request i of a race goes to A or B, alternately (a round-robin load balancer). */
  const via = (c: Client, i: number) => (i % 2 ? on(c, b) : on(c, a));
  const signInAdmin = async () => {
    const admin = new Client(a.url);
    const res = await admin.post('/api/account/sign-in', { email: ADMIN, password: 'secret12' });
    if (res.status === 200) return admin;
    return (await signUpRemote(a.url, smtp, { email: ADMIN })).client; // run alone (-t)
  };
  const decisionsOn = (subjectType: string, subjectId: string) =>
    handle.db
      .select()
      .from(adminDecisions)
      .where(and(eq(adminDecisions.subjectType, subjectType), eq(adminDecisions.subjectId, subjectId)));
  /** A bounty request, sent as the browser's multipart form. */
  const requestBounty = async (server: AppServer, c: Client, title: string) => {
    const form = new FormData();
    const fields: Record<string, string> = {
      title,
      description: 'desc',
      reward: '10 USDC',
      deadline: '2099-01-01',
      contactInfo: 'tg',
      timeZone: 'UTC',
      criteria: JSON.stringify(['Impact', 'Innovation']),
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await fetch(`${server.url}/api/bounty-applications`, {
      method: 'POST',
      body: form,
      headers: { ...c.origin, cookie: c.cookieHeader() },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { application: { id: string } }).application.id;
  };

  it('shares sessions: signed up on A, signed in on B', async () => {
    const u = await signUpRemote(a.url, smtp);
    const me = await on(u.client, b).get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.uid).toBe(u.uid);
  });

  it('delivers a change made on B to an admin streaming from A', async () => {
    const admin = await signUpRemote(a.url, smtp, { email: ADMIN });
    const sse = await openSse(`${a.url}/api/admin/events`, admin.client.cookieHeader());
    await sse.waitFor((e) => e.event === 'ready', 5000);
    const p = await signUpRemote(b.url, smtp, { role: 'project' });
    const id = await requestBounty(b, p.client, 'Cross-process');
    await sse.waitFor((e) => e.data.includes(id), 2000);
    sse.close();
  });

  it('tells a user streaming from A of a decision made on B, and nobody else (issue 19)', async () => {
    const admin = await signInAdmin();
    const u = await signUpRemote(a.url, smtp);
    const other = await signUpRemote(a.url, smtp);
    const mine = await openSse(`${a.url}/api/me/events`, u.client.cookieHeader());
    const theirs = await openSse(`${a.url}/api/me/events`, other.client.cookieHeader());
    await mine.waitFor((e) => e.event === 'ready', 5000);
    await theirs.waitFor((e) => e.event === 'ready', 5000);
    const sub = await on(u.client, b).post('/api/contributions', {
      title: 'Cross-process inbox',
      type: 'tweet',
      link: `https://x.com/sysfi_fan/status/${Date.now()}`,
    });
    expect(sub.status).toBe(201);
    const res = await on(admin, b).post(`/api/admin/contributions/${sub.body.contribution.id}/reward`, {
      points: 3,
    });
    expect(res.status).toBe(200);
    await mine.waitFor((e) => e.event === 'notifications', 5000);
    expect((await u.client.get('/api/me')).body.user.unreadNotifications).toBe(1);
    expect(theirs.events.filter((e) => e.event === 'notifications')).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('holds the daily limit and single awards across both processes', async () => {
    const u = await signUpRemote(a.url, smtp);
    const viaB = on(u.client, b);
    const submits = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? viaB : u.client).post('/api/contributions', {
          title: `x${i}`,
          type: 'tweet',
          link: `https://x.com/p/status/${70000 + i}`,
          timeZone: 'UTC',
        }),
      ),
    );
    expect(submits.filter((r) => r.status === 201)).toHaveLength(5);
    expect(await handle.db.select().from(contributions).where(eq(contributions.userId, u.uid))).toHaveLength(
      5,
    );

    const admin = new Client(a.url);
    expect((await admin.post('/api/account/sign-in', { email: ADMIN, password: 'secret12' })).status).toBe(
      200,
    );
    const adminB = on(admin, b);
    const id = submits.find((r) => r.status === 201)!.body.contribution.id;
    const rewards = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? adminB : admin).post(`/api/admin/contributions/${id}/reward`, { points: 15 }),
      ),
    );
    expect(rewards.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await handle.db.select().from(pointEvents).where(eq(pointEvents.userId, u.uid))).toHaveLength(1);
    expect(await checkIntegrity(handle.db)).toEqual([]);
  });

  it('puts uploads in the shared store: uploaded through B, replaced through A', async () => {
    const u = await signUpRemote(b.url, smtp);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#abcdef' } })
      .png()
      .toBuffer();
    const first = await u.client.upload('/api/profile/photo', {}, { file: [png, 'p.png', 'image/png'] });
    expect(first.status).toBe(200);
    const url1: string = first.body.user.photoURL;
    expect((await fetch(url1)).status).toBe(200);
    const second = await on(u.client, a).upload(
      '/api/profile/photo',
      {},
      { file: [png, 'q.png', 'image/png'] },
    );
    expect(second.status).toBe(200);
    expect((await fetch(second.body.user.photoURL)).status).toBe(200);
    expect((await fetch(url1)).status).toBe(404);
  });

  it('pays one referral bonus under 20 verifications of one link split across A and B', async () => {
    const ip = visitor();
    const referrer = await signUpRemote(a.url, smtp, { role: 'ambassador', ip });
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const email = `invited${tag}@example.test`;
    const invited = new Client(b.url);
    const res = await invited.request(
      'POST',
      '/api/account/sign-up',
      {
        email,
        displayName: `Invited ${tag}`,
        password: 'secret12',
        confirmPassword: 'secret12',
        ref: referrer.uid,
      },
      { 'x-forwarded-for': ip },
    );
    expect(res.status).toBe(201);
    const uid: string = res.body.user.uid;
    const mail = await smtp.waitFor(email, 'Verify', 20_000);
    // The link names the process that wrote the mail; the token is good on either.
    const link = new URL(mail.links.find((l) => l.includes('/api/auth/verify-email'))!);
    const results = await Promise.all(
      // The invitee's own browser (the link completes only where the account is signed in).
      Array.from({ length: 20 }, (_, i) => via(invited, i).get(link.pathname + link.search)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(302));
    // Tabs polling /api/me on both processes must not pay again either.
    for (const me of await Promise.all(Array.from({ length: 6 }, (_, i) => via(invited, i).get('/api/me')))) {
      expect(me.status).toBe(200);
    }

    const [r] = await handle.db.select().from(user).where(eq(user.id, referrer.uid));
    expect(r).toMatchObject({ pointBalance: 100, referralCount: 1 });
    const [v] = await handle.db.select().from(user).where(eq(user.id, uid));
    expect(v).toMatchObject({ emailVerified: true, referredBy: referrer.uid, referralRewarded: true });
    const events = await handle.db.select().from(pointEvents).where(eq(pointEvents.userId, referrer.uid));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ delta: 100, balanceAfter: 100, reason: 'referral', sourceId: uid });
    expect(await checkIntegrity(handle.db)).toEqual([]);
  });

  it('records one decision under 10 approvals/rejections split across A and B (project, bounty, grant)', async () => {
    const admin = await signInAdmin();
    const ip = visitor();

    // A project application: approve and reject race; the first wins, the rest are told it is decided.
    const s = await signUpRemote(b.url, smtp, { role: 'startup', ip });
    const applied = await s.client.post(
      '/api/project-applications',
      projectApplicationBody('Two Process DAO'),
    );
    expect(applied.status).toBe(201);
    const appId: string = applied.body.application.id;
    const decided = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        via(admin, i).post(
          `/api/admin/project-applications/${appId}/${i % 3 === 0 ? 'reject' : 'approve'}`,
          {},
        ),
      ),
    );
    const ok = decided.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of decided.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error.message).toBe(MSG.projectApplication.alreadyDecided);
    }
    const status: string = ok[0]!.body.application.status;
    const [appRow] = await handle.db
      .select()
      .from(projectApplications)
      .where(eq(projectApplications.id, appId));
    expect(appRow?.status).toBe(status);
    const [owner] = await handle.db.select().from(user).where(eq(user.id, s.uid));
    expect(owner?.status).toBe(status === 'approved' ? 'approved' : 'pending');
    expect(await decisionsOn('project_application', appId)).toHaveLength(1);
    expect(await checkIntegrity(handle.db)).toEqual([]);

    // A bounty request: approve/reject may legitimately flip a decided request, so the race is
    // 10 approvals: one publishes the bounty, nine find it already approved.
    const p = await signUpRemote(a.url, smtp, { role: 'project', ip });
    const reqId = await requestBounty(a, p.client, 'Raced bounty');
    const approvals = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        via(admin, i).post(`/api/admin/bounty-applications/${reqId}/approve`, { message: 'Go' }),
      ),
    );
    expect(approvals.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of approvals.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error.message).toBe(MSG.bounty.alreadyInState);
    }
    const [reqRow] = await handle.db
      .select()
      .from(bountyApplications)
      .where(eq(bountyApplications.id, reqId));
    expect(reqRow?.status).toBe('approved');
    expect(await handle.db.select().from(bounties).where(eq(bounties.requestId, reqId))).toHaveLength(1);
    expect(await decisionsOn('bounty_application', reqId)).toHaveLength(1);
    expect(await checkIntegrity(handle.db)).toEqual([]);

    // A grant proposal: approve and decline race; decisions are final.
    const f = await signUpRemote(b.url, smtp, { role: 'startup', ip });
    const [project] = await handle.db
      .insert(projects)
      .values({
        ownerId: f.uid,
        title: 'Grant race',
        description: 'd',
        website: 'https://p.example',
        xAccount: 'x',
      })
      .returning();
    const proposal = await f.client.post('/api/grants', {
      projectId: project!.id,
      amount: 1500,
      currency: 'USDC',
      proposal: 'We will build an open-source indexer for the Sysfi chain with public dashboards and docs.',
    });
    expect(proposal.status).toBe(201);
    const grantId: string = proposal.body.grant.id;
    const verdicts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        via(admin, i).post(`/api/admin/grants/${grantId}/${i % 3 === 0 ? 'decline' : 'approve'}`, {}),
      ),
    );
    const won = verdicts.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of verdicts.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error.message).toBe(MSG.grant.alreadyDecided);
    }
    const [grantRow] = await handle.db.select().from(grants).where(eq(grants.id, grantId));
    expect(grantRow?.status).toBe(won[0]!.body.grant.status);
    expect(await decisionsOn('grant', grantId)).toHaveLength(1);
    expect(await checkIntegrity(handle.db)).toEqual([]);
  });

  it('lets one of 6 simultaneous sign-ups with one display name win across A and B', async () => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const name = `Racer ${tag}`;
    const ip = visitor();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        new Client((i % 2 ? b : a).url).request(
          'POST',
          '/api/account/sign-up',
          {
            email: `racer${i}${tag}@example.test`,
            displayName: name,
            password: 'secret12',
            confirmPassword: 'secret12',
          },
          { 'x-forwarded-for': ip },
        ),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.error.message).toBe(MSG.signup.nameTaken);
    }
    expect(await handle.db.select().from(user).where(eq(user.name, name))).toHaveLength(1);
    expect(await checkIntegrity(handle.db)).toEqual([]);
  });
});
