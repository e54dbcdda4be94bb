/**
 * API throughput and latency on loopback (autocannon), each route measured in the
 * same run as the bare GET /api/ping of the same server, so the figure that matters
 * is a ratio that survives a noisy machine. Runs on PGlite, and on PostgreSQL when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 *
 *   npm run bench:api            BENCH_SECONDS=5 by default
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { type AppServer, startServer } from '../e2e/support/server';
import { projectApplicationBody } from '../tests/support/payloads';
import { signUpRemote } from '../tests/support/remote';
import { startSmtp } from '../tests/support/smtp';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Sequential requests for the dashboard cache-miss figure. */
const MISS_SAMPLES = Number(process.env.BENCH_MISS_SAMPLES ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
/** One engine per process run (bench/run.ts runs both): 'pglite', 'postgres' or both when unset. */
const ENGINE = process.env.BENCH_ENGINE;

type Result = { route: string; rps: number; p50: number; p99: number; ratio: number };
type Latency = { p50: number; p99: number };
const misses: Array<{ label: string; ping: Latency; miss: Latency }> = [];

async function run(
  url: string,
  opts: { cookie?: string; cookies?: string[]; method?: 'GET' | 'POST'; body?: () => string } = {},
) {
  let turn = 0;
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: opts.method ?? 'GET',
    headers: {
      origin: new URL(url).origin, // writes must come from the app's own pages
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(opts.body
      ? {
          requests: [
            {
              setupRequest: (req: Record<string, unknown>) => ({
                ...req,
                body: opts.body!(),
                // Several users take turns, as on a real site, instead of one user queueing on its own row lock.
                ...(opts.cookies
                  ? {
                      headers: {
                        ...(req.headers as Record<string, string>),
                        cookie: opts.cookies[turn++ % opts.cookies.length]!,
                      },
                    }
                  : {}),
              }),
            },
          ],
        }
      : {}),
  } as autocannon.Options);
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** A multipart body from plain text fields. */
function formOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

async function benchOne(
  label: string,
  app: AppServer,
  smtp: Awaited<ReturnType<typeof startSmtp>>,
): Promise<Result[]> {
  // A signed-in member with some data behind the dashboard, and a few bounties and projects.
  const admin = await signUpRemote(app.url, smtp, { email: 'admin@sysfi.test' });
  // An approved startup, so it can own a project whose status the miss measurement toggles.
  const member = await signUpRemote(app.url, smtp, { role: 'startup' });
  const cookie = member.client.cookieHeader();
  const applied = await member.client.post('/api/project-applications', projectApplicationBody('Bench Labs'));
  if (applied.status !== 201)
    throw new Error(`project application: ${applied.status} ${JSON.stringify(applied.body)}`);
  await admin.client.post(`/api/admin/project-applications/${applied.body.application.id}/approve`, {});
  const created = await fetch(`${app.url}/api/projects`, {
    method: 'POST',
    body: formOf({
      title: 'Bench project',
      description: 'd',
      website: 'https://bench.example',
      xAccount: 'bench',
    }),
    headers: { ...member.client.origin, cookie },
  });
  if (created.status !== 201) throw new Error(`project create: ${created.status} ${await created.text()}`);
  const projectId = ((await created.json()) as { project: { id: string } }).project.id;
  for (let i = 0; i < 3; i++) {
    await member.client.post('/api/contributions', {
      title: `t${i}`,
      type: 'tweet',
      link: `https://x.com/b/status/${i + 1}`,
      timeZone: 'UTC',
    });
  }
  const form = formOf({
    title: 'Bench bounty',
    description: 'd',
    reward: '1 USDC',
    deadline: '2099-01-01',
    contactInfo: 'c',
    timeZone: 'UTC',
    criteria: '["Impact","Innovation"]',
  });
  const req = await fetch(`${app.url}/api/bounty-applications`, {
    method: 'POST',
    body: form,
    headers: { ...member.client.origin, cookie },
  });
  const { application } = (await req.json()) as { application: { id: string } };
  await admin.client.post(`/api/admin/bounty-applications/${application.id}/approve`, {});

  const out: Result[] = [];
  const measure = async (
    route: string,
    fn: () => Promise<{ rps: number; p50: number; p99: number; non2xx: number }>,
  ) => {
    const base = await run(`${app.url}/api/ping`);
    const r = await fn();
    const ratio = Math.round((r.rps / base.rps) * 100) / 100;
    out.push({ route, rps: r.rps, p50: r.p50, p99: r.p99, ratio });
    console.info(
      `${label} ${route}: ${r.rps} req/s p50 ${r.p50} ms p99 ${r.p99} ms = ${ratio}× ping (${base.rps} req/s)${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}`,
    );
  };
  await measure('GET /api/ping (baseline)', () => run(`${app.url}/api/ping`));
  await measure('GET /api/leaderboard (cached)', () => run(`${app.url}/api/leaderboard`));
  await measure('GET /api/dashboard (signed in, repeat visit)', () =>
    run(`${app.url}/api/dashboard`, { cookie }),
  );
  // The same route when the cache cannot help: before each timed request the member's
  // project is archived or unarchived (not timed), which changes what the dashboard shows.
  // Sequential, so it is compared with sequential pings.
  const sequential = async (route: string, before?: (i: number) => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < MISS_SAMPLES; i++) {
      await before?.(i);
      const t0 = performance.now();
      const res = await fetch(`${app.url}${route}`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${route}: ${res.status}`);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
    return { p50: at(0.5), p99: at(0.99) };
  };
  const pingSeq = await sequential('/api/ping');
  const miss = await sequential('/api/dashboard', (i) =>
    member.client.request('PATCH', `/api/projects/${projectId}/status`, {
      status: i % 2 ? 'active' : 'archived',
    }),
  );
  misses.push({ label, ping: pingSeq, miss });
  console.info(
    `${label} dashboard after a change: p50 ${miss.p50} ms p99 ${miss.p99} ms (ping p50 ${pingSeq.p50} ms)`,
  );
  await measure('GET /api/projects', () => run(`${app.url}/api/projects`, { cookie }));
  await measure('GET /api/bounties', () => run(`${app.url}/api/bounties`, { cookie }));
  // Submits beyond the daily limit are answered 429 after the same locked transaction:
  // the figure is the cost of the submit path, not of storing thousands of rows.
  const submitters: string[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const s = await signUpRemote(app.url, smtp, { ip: `198.51.100.${i + 1}` });
    submitters.push(s.client.cookieHeader());
  }
  let n = 1000;
  await measure(`POST /api/contributions (${CONNECTIONS} users; 5 a day each, then 429)`, () =>
    run(`${app.url}/api/contributions`, {
      cookies: submitters,
      method: 'POST',
      body: () =>
        JSON.stringify({ title: 'b', type: 'tweet', link: `https://x.com/b/status/${n++}`, timeZone: 'UTC' }),
    }),
  );
  return out;
}

const sections: string[] = [];
const targets = (rows: Result[]) => {
  const lb = rows.find((r) => r.route.startsWith('GET /api/leaderboard'))!;
  const dash = rows.find((r) => r.route.startsWith('GET /api/dashboard'))!;
  const worstP99 = Math.max(...rows.map((r) => r.p99));
  const verdict = (ratio: number, target: number) =>
    ratio >= target ? 'met' : `missed by ${Math.round((target - ratio) * 100) / 100}`;
  // The performance issue's list target: a public list's first page, signed in, at half the bare route.
  const lists = ['GET /api/projects', 'GET /api/bounties'].map((name) => rows.find((r) => r.route === name)!);
  return [
    `- cached leaderboard ${lb.ratio}× ping (target ≥ 0.8): ${verdict(lb.ratio, 0.8)}`,
    `- dashboard ${dash.ratio}× ping (target ≥ 0.25): ${verdict(dash.ratio, 0.25)}`,
    ...lists.map(
      (l) =>
        `- ${l.route.slice(4)} (public list, signed in) ${l.ratio}× ping (target ≥ 0.5): ${verdict(l.ratio, 0.5)}`,
    ),
    `- worst p99 ${worstP99} ms at ${CONNECTIONS} connections (target < 50 ms): ${worstP99 < 50 ? 'met' : 'missed'}`,
  ].join('\n');
};
const table = (rows: Result[]) => {
  const m = misses.at(-1);
  return [
    '| route | req/s | p50 ms | p99 ms | × ping |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.route} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.ratio} |`),
    ...(m
      ? [
          '',
          `Dashboard right after a change to what it shows (cache miss; ${MISS_SAMPLES} sequential requests, one connection):`,
          `p50 ${m.miss.p50} ms, p99 ${m.miss.p99} ms, against a sequential ping p50 ${m.ping.p50} ms, p99 ${m.ping.p99} ms.`,
        ]
      : []),
  ].join('\n');
};

if (ENGINE !== 'postgres') {
  // A receiver per engine: the admin signs up with the same address on each, and a mail left
  // from the first run would send the second one's verification to the first app.
  const smtp = await startSmtp();
  const app = await startServer({
    smtpUrl: smtp.url,
    requireClient: false,
    env: { LOG_LEVEL: 'error', TRUST_PROXY: 'true' },
  });
  try {
    const rows = await benchOne('pglite', app, smtp);
    sections.push(`### Embedded PGlite\n\n${table(rows)}\n\n${targets(rows)}`);
  } finally {
    await app.stop();
    await smtp.close();
  }
}
if (pgBase && ENGINE !== 'pglite') {
  const smtp = await startSmtp();
  const name = `sysfi_bench_api_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  const app = await startServer({
    smtpUrl: smtp.url,
    requireClient: false,
    env: { LOG_LEVEL: 'error', TRUST_PROXY: 'true', DATABASE_URL: url.toString() },
  });
  try {
    const rows = await benchOne('postgres', app, smtp);
    sections.push(`### PostgreSQL\n\n${table(rows)}\n\n${targets(rows)}`);
  } finally {
    await app.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await smtp.close();
  }
}

const report = `## API throughput (autocannon, loopback)

Run: ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.
${CONNECTIONS} connections, ${SECONDS} s per route; each route is preceded by its own ping baseline run, and the
ratio is route req/s ÷ that baseline. The server is one process (\`node dist/server/index.js\`, the compiled bundle), logs at error level;
autocannon runs in this process on the same 2 cores, so absolute numbers are conservative.

${sections.join('\n\n')}
`;
console.info(`\n${report}`);
writeFileSync(new URL(`./api${ENGINE ? `.${ENGINE}` : ''}.report.md`, import.meta.url), report);
