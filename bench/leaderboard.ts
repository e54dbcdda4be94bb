/**
 * Leaderboard at scale on PostgreSQL: seeds 1k / 100k / 1M users and measures the
 * top-50 query, the own-rank query (score histogram) and the cost of an award.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:leaderboard
 *
 * Each size gets a fresh database. Users are seeded with SQL (generate_series) and
 * the histogram is built from them with one GROUP BY, i.e. exactly the state the
 * ledger keeps; the award measurement then goes through the real awardPoints().
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '@/db/client';
import { SCORE_BAND_WIDTH } from '@/db/schema';
import { createLeaderboard } from '@/server/features/leaderboard/leaderboard.service';
import { awardPoints } from '@/server/features/xp/ledger';

const base =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const sizes = (process.env.BENCH_SIZES ?? '1000,100000,1000000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
const ms = (x: number) => Math.round(x * 1000) / 1000;

async function time<T>(fn: () => Promise<T>, rounds = ROUNDS) {
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) await fn(); // warm-up
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return { p50: ms(pct(samples, 50)), p99: ms(pct(samples, 99)) };
}

async function withDatabase<T>(name: string, fn: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}

type Row = {
  users: number;
  seedS: number;
  top50: { p50: number; p99: number };
  ownRank: { p50: number; p99: number };
  award: { p50: number; p99: number };
};

async function run(n: number): Promise<Row> {
  return withDatabase(`sysfi_bench_lb_${n}`, async (url) => {
    const h = await openDatabase({ kind: 'postgres', url, max: 4 });
    const db = h.db;
    const t0 = performance.now();
    // Scores follow a long tail like real communities: most users have a few
    // hundred XP, a few have a lot; a third have none.
    await db.execute(sql`
      insert into "user" (id, name, username, email, email_verified, point_balance, score_reached_at)
      select 'u' || g, 'Member ' || g, 'member ' || g, 'm' || g || '@bench.test', true,
             case when g % 3 = 0 then 0 else floor(power(random(), 3) * 20000)::int end,
             now() - (random() * interval '365 days')
      from generate_series(1, ${n}) g`);
    await db.execute(sql`
      insert into score_buckets (points, users)
      select point_balance, count(*) from "user" where point_balance > 0 group by point_balance`);
    await db.execute(sql`
      insert into score_bands (band, users)
      select point_balance / ${SCORE_BAND_WIDTH}, count(*) from "user" where point_balance > 0 group by 1`);
    await db.execute(sql`analyze`);
    const seedS = Math.round((performance.now() - t0) / 100) / 10;

    const lb = createLeaderboard(db, () => new Date());
    const top50 = await time(async () => {
      lb.invalidate(); // measure the query, not the cache
      await lb.top();
    });
    const probes = [5, 150, 900, 5000, 15000];
    let i = 0;
    const ownRank = await time(() => lb.rankOf(probes[i++ % probes.length]!));
    let k = 0;
    const award = await time(
      () =>
        db.transaction((tx) =>
          awardPoints(tx, {
            userId: `u${1 + ((k++ * 7919) % n)}`,
            delta: 25,
            reason: 'bench',
            key: randomUUID(),
          }),
        ),
      Math.min(ROUNDS, 200),
    );
    await h.close();
    return { users: n, seedS, top50, ownRank, award };
  });
}

const rows: Row[] = [];
for (const n of sizes) {
  const r = await run(n);
  rows.push(r);
  console.log(JSON.stringify(r));
}
const first = rows[0]!;
const last = rows.at(-1)!;
const ratio = Math.round((last.ownRank.p50 / first.ownRank.p50) * 100) / 100;
const table = [
  '| users | seed s | top-50 p50 / p99 ms | own rank p50 / p99 ms | award p50 / p99 ms |',
  '|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.users.toLocaleString('en')} | ${r.seedS} | ${r.top50.p50} / ${r.top50.p99} | ${r.ownRank.p50} / ${r.ownRank.p99} | ${r.award.p50} / ${r.award.p99} |`,
  ),
].join('\n');
const report = `## Leaderboard at scale (PostgreSQL)

Run: ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.
${ROUNDS} timed calls per figure after 10 warm-up calls; top-50 with the process cache bypassed.

${table}

Own rank at ${last.users.toLocaleString('en')} users vs ${first.users.toLocaleString('en')}: **${ratio}×** p50 (target ≤ 2).
`;
console.log(`\n${report}`);
writeFileSync(new URL('./leaderboard.report.md', import.meta.url), report);
