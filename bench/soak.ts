/**
 * Soak: SOAK_MINUTES (default 10) of mixed traffic against one app process, on PGlite
 * and on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): browsing (dashboard,
 * leaderboard, projects, me), sign-ups, contribution submits, admin reviews (reward)
 * and profile-photo uploads, from SOAK_CONCURRENCY (default 6) clients without pause.
 * Each minute it records the server's RSS, heap and event-loop lag (from /metrics) and
 * the requests' p50/p99 as the clients saw them. They must stay flat: no leak, no creep.
 *
 *   npm run bench:soak        writes bench/soak.report.md and rebuilds bench/README.md
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { type AppServer, startServer } from '../e2e/support/server';
import { signUpRemote } from '../tests/support/remote';
import type { Client } from '../tests/support/server';
import { startSmtp } from '../tests/support/smtp';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 6);
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

type Minute = {
  minute: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  rssMb: number;
  heapMb: number;
  lagP99Ms: number;
  byKind: Record<string, number>;
};

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

async function serverGauges(url: string) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const num = (name: string) =>
    Number(new RegExp(`^${name} ([\\d.e+-]+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    rssMb: num('process_resident_memory_bytes') / 1048576,
    heapMb: num('nodejs_heap_size_used_bytes') / 1048576,
    lagP99Ms: num('nodejs_eventloop_lag_p99_seconds') * 1000,
  };
}

async function soakOne(label: string, env: Record<string, string>): Promise<Minute[]> {
  const smtp = await startSmtp();
  const app: AppServer = await startServer({
    smtpUrl: smtp.url,
    env: { TRUST_PROXY: 'true', LOG_LEVEL: 'error', ...env },
    requireClient: false,
  });
  let ip = 0;
  const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  try {
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

    let current: { lat: number[]; errors: number; byKind: Record<string, number> } = {
      lat: [],
      errors: 0,
      byKind: {},
    };
    let link = 0;
    const errorKinds: Record<string, number> = {};
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
      }
      return r;
    };
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    const step = async () => {
      const dice = Math.random();
      const m = pick(members);
      if (dice < 0.6) {
        const p = pick([
          '/api/dashboard',
          '/api/leaderboard',
          '/api/projects',
          '/api/me',
          '/api/contributions/me?tz=UTC',
        ]);
        await timed('browse', () => m.client.get(p));
      } else if (dice < 0.78) {
        const writer =
          members.find((x) => x.left > 0) ??
          (await timed('sign-up', async () => ({ status: 201, m: await newMember() })), members.at(-1)!);
        writer.left -= 1;
        link += 1;
        await timed('submit', () =>
          writer.client.post('/api/contributions', {
            title: `soak ${link}`,
            type: 'tweet',
            link: `https://x.com/soak/status/${Date.now()}${link}`,
            timeZone: 'UTC',
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
    };

    const minutes: Minute[] = [];
    const end = Date.now() + MINUTES * 60_000;
    let stop = false;
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      while (!stop) await step();
    });
    for (let minute = 1; minute <= MINUTES; minute++) {
      await new Promise((r) => setTimeout(r, Math.min(60_000, end - Date.now())));
      const done = current;
      current = { lat: [], errors: 0, byKind: {} };
      const g = await serverGauges(app.url);
      const row: Minute = {
        minute,
        requests: Object.values(done.byKind).reduce((a, b) => a + b, 0),
        errors: done.errors,
        p50: quantile(done.lat, 0.5),
        p99: quantile(done.lat, 0.99),
        ...g,
        byKind: done.byKind,
      };
      minutes.push(row);
      console.info(
        `${label} minute ${minute}: ${row.requests} req, ${row.errors} errors, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, RSS ${row.rssMb.toFixed(0)} MB, heap ${row.heapMb.toFixed(0)} MB, loop lag p99 ${row.lagP99Ms.toFixed(1)} ms`,
      );
    }
    stop = true;
    await Promise.all(workers);
    if (Object.keys(errorKinds).length)
      console.info(`${label} errors by kind and status: ${JSON.stringify(errorKinds)}`);
    return minutes;
  } finally {
    await app.stop();
    await smtp.close();
  }
}

function section(label: string, rows: Minute[]) {
  const first = rows[0]!;
  const last = rows.at(-1)!;
  const mid = rows[Math.floor(rows.length / 2)]!;
  const mix = Object.entries(
    rows.reduce<Record<string, number>>((acc, r) => {
      for (const [k, v] of Object.entries(r.byKind)) acc[k] = (acc[k] ?? 0) + v;
      return acc;
    }, {}),
  )
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const table = rows
    .map(
      (r) =>
        `| ${r.minute} | ${r.requests} | ${r.errors} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rssMb.toFixed(0)} | ${r.heapMb.toFixed(0)} | ${r.lagP99Ms.toFixed(1)} |`,
    )
    .join('\n');
  return `### ${label}

| minute | requests | errors | p50 ms | p99 ms | RSS MB | heap MB | event-loop lag p99 ms |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${table}

Mix: ${mix}. Second half against first: RSS ${first.rssMb.toFixed(0)} → ${mid.rssMb.toFixed(0)} → ${last.rssMb.toFixed(0)} MB,
heap ${first.heapMb.toFixed(0)} → ${mid.heapMb.toFixed(0)} → ${last.heapMb.toFixed(0)} MB, p99 ${first.p99.toFixed(1)} → ${mid.p99.toFixed(1)} → ${last.p99.toFixed(1)} ms (first, middle, last minute).
`;
}

const results: Array<[string, Minute[]]> = [];
results.push(['PGlite', await soakOne('pglite', {})]);
if (pgBase) {
  const pg = (await import('pg')).default;
  const name = `sysfi_soak_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  try {
    results.push(['PostgreSQL', await soakOne('postgres', { DATABASE_URL: url.toString() })]);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const report = `## Soak (${MINUTES} minutes of mixed traffic per engine)

\`npm run bench:soak\` on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)}.
${CONCURRENCY} clients without pause against one app process (the compiled server), about 60 % browsing, 18 % contribution
submits (with sign-ups as members use up their 5 a day), 12 % admin reviews, 10 % profile-photo uploads. Server RSS,
heap and event-loop lag come from its /metrics at the end of each minute; p50/p99 are the clients' own. The load
generator shares the 2 cores with the server (and, on this machine, with other engineers' test runs), so absolute
latencies move with the machine; what matters is whether a column creeps from the first minute to the last.

${results.map(([l, r]) => section(l, r)).join('\n')}`;
writeFileSync(new URL('./soak.report.md', import.meta.url), report);
console.info(report);
