/**
 * Scale-out: two app processes on one PostgreSQL database and one S3-compatible
 * store. Sessions, realtime events, daily limits, awards and uploads must hold
 * across them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startServer } from '../../e2e/support/server';
import type { DbHandle } from '../../src/db/client';
import { contributions, pointEvents } from '../../src/db/schema';
import { checkIntegrity } from '../../src/server/integrity';
import { createTestDb, testDbKind } from '../support/db';
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
    const form = new FormData();
    const fields: Record<string, string> = {
      title: 'Cross-process',
      description: 'desc',
      reward: '10 USDC',
      deadline: '2099-01-01',
      contactInfo: 'tg',
      timeZone: 'UTC',
      criteria: JSON.stringify(['Impact', 'Innovation']),
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await fetch(`${b.url}/api/bounty-applications`, {
      method: 'POST',
      body: form,
      headers: { cookie: p.client.cookieHeader() },
    });
    expect(res.status).toBe(201);
    const { application } = (await res.json()) as { application: { id: string } };
    await sse.waitFor((e) => e.data.includes(application.id), 2000);
    sse.close();
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
});
