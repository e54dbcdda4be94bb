/**
 * The mixed traffic of the soak and capacity benchmarks (one home for the mix): about
 * 60 % browsing (dashboard, leaderboard, projects, me, contribution summary), 18 %
 * contribution submits (members sign up as others use up their 5 a day), 12 % admin
 * reviews (list the queue, reward the oldest), 10 % profile-photo uploads, against one
 * app process (the compiled server) on PGlite or PostgreSQL, with its mail caught by a
 * real SMTP receiver. `step()` runs one action; `take()` hands over what was measured
 * since the last call.
 */
import sharp from 'sharp';
import { type AppServer, startServer } from '../../e2e/support/server';
import { signUpRemote } from '../../tests/support/remote';
import type { Client } from '../../tests/support/server';
import { startSmtp } from '../../tests/support/smtp';

export type Window = { lat: number[]; errors: number; refused: number; byKind: Record<string, number> };

export const quantile = (xs: number[], q: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

export async function startTraffic(env: Record<string, string>) {
  const smtp = await startSmtp();
  const app: AppServer = await startServer({
    smtpUrl: smtp.url,
    env: { TRUST_PROXY: 'true', LOG_LEVEL: 'error', ...env },
    requireClient: false,
  });
  let ip = 0;
  const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  const admin = await signUpRemote(app.url, smtp, { email: 'admin@sysfi.test', ip: nextIp() });
  // Members with contributions left today (5 a day each); new ones sign up when they run out.
  const members: Array<{ client: Client; left: number }> = [];
  const newMember = async () => {
    const m = { client: (await signUpRemote(app.url, smtp, { ip: nextIp() })).client, left: 5 };
    members.push(m);
    return m;
  };
  for (let i = 0; i < 6; i++) await newMember();
  const photo = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#4466aa' } })
    .png()
    .toBuffer();

  const fresh = (): Window => ({ lat: [], errors: 0, refused: 0, byKind: {} });
  let current = fresh();
  const errorKinds: Record<string, number> = {};
  let link = 0;
  let signingUp: Promise<unknown> | null = null;

  const timed = async (kind: string, f: () => Promise<{ status: number }>) => {
    const t0 = performance.now();
    const r = await f().catch(() => ({ status: 0 }));
    const bucket = current;
    // A sign-up here includes waiting for the verification mail: a flow, not one request.
    if (kind !== 'sign-up') bucket.lat.push(performance.now() - t0);
    bucket.byKind[kind] = (bucket.byKind[kind] ?? 0) + 1;
    if (r.status === 0 || r.status >= 500) {
      bucket.errors += 1;
      const k = `${kind} ${r.status}`;
      errorKinds[k] = (errorKinds[k] ?? 0) + 1;
    } else if (r.status === 429) bucket.refused += 1;
    return r;
  };
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;

  /**
   * A member with contributions left today. When none has any, one client signs a new
   * member up (that flow is its action) while the others browse instead of queueing.
   */
  async function writer() {
    const w = members.find((x) => x.left > 0);
    if (w) return w;
    if (!signingUp) {
      signingUp = timed('sign-up', async () => {
        await newMember();
        return { status: 201 };
      }).finally(() => {
        signingUp = null;
      });
      await signingUp;
    }
    return null;
  }

  async function step() {
    const dice = Math.random();
    const m = pick(members);
    if (dice < 0.6) {
      const p = pick([
        '/api/dashboard',
        '/api/leaderboard',
        '/api/projects',
        '/api/me',
        '/api/contributions/me',
      ]);
      await timed('browse', () => m.client.get(p));
    } else if (dice < 0.78) {
      const w = await writer();
      if (!w) {
        await timed('browse', () => m.client.get('/api/contributions/me'));
        return;
      }
      w.left -= 1;
      link += 1;
      await timed('submit', () =>
        w.client.post('/api/contributions', {
          title: `bench ${link}`,
          type: 'tweet',
          link: `https://x.com/bench/status/${Date.now()}${link}`,
        }),
      );
    } else if (dice < 0.9) {
      const list = await timed('review', () => admin.client.get('/api/admin/contributions'));
      const first = (list as { body?: { items?: Array<{ id: string }> } }).body?.items?.[0];
      if (first)
        await timed('review', () =>
          admin.client.post(`/api/admin/contributions/${first.id}/reward`, { points: 5 }),
        );
    } else {
      await timed('upload', () =>
        m.client.upload('/api/profile/photo', {}, { file: [photo, 'me.png', 'image/png'] }),
      );
    }
  }

  return {
    app,
    step,
    /** What was measured since the last call; a new window starts. */
    take(): Window {
      const done = current;
      current = fresh();
      return done;
    },
    errorKinds,
    async stop() {
      await app.stop();
      await smtp.close();
    },
  };
}

/** A database of its own on the PostgreSQL at `base`, dropped after `run`. */
export async function withPostgresDatabase<T>(
  base: string,
  prefix: string,
  run: (url: string) => Promise<T>,
) {
  const pg = (await import('pg')).default;
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
