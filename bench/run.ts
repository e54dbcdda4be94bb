/**
 * `npm run bench`: every benchmark, then bench/README.md rebuilt from their
 * reports. The leaderboard benchmark needs PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, default the local test database); it is skipped, and the
 * report says so, when none answers. Lighthouse needs the built client (npm run build).
 * bench/why.md (written by hand) explains each target and what limits it; it is appended as is.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const node = path.join(here, '../node_modules/.bin/node');
const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

async function pgAvailable() {
  const c = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const hasPg = await pgAvailable();
const env = { ...process.env, ...(hasPg ? { BENCH_DATABASE_URL: pgUrl, TEST_DATABASE_URL: pgUrl } : {}) };
const steps: Array<[string, string]> = [
  ['startup', 'bench/startup.ts'],
  ['api (PGlite)', 'bench/api.ts pglite'],
  ...(hasPg ? ([['api (PostgreSQL)', 'bench/api.ts postgres']] as Array<[string, string]>) : []),
  ...(hasPg ? ([['workers', 'bench/cluster.ts']] as Array<[string, string]>) : []),
  ['lighthouse', 'bench/lighthouse.ts'],
  ['time to data', 'bench/time-to-data.ts'],
  ...(hasPg ? ([['leaderboard', 'bench/leaderboard.ts']] as Array<[string, string]>) : []),
  ...(hasPg ? ([['lists at scale', 'bench/lists.ts']] as Array<[string, string]>) : []),
];
// --report-only: rebuild bench/README.md from the reports already written (after rerunning one part alone).
const reportOnly = process.argv.includes('--report-only');
for (const [name, file] of reportOnly ? [] : steps) {
  console.info(`\n━━ bench: ${name}`);
  const [script, engine] = file.split(' ');
  const r = spawnSync(node, ['--import', 'tsx', script!], {
    stdio: 'inherit',
    env: { ...env, ...(engine ? { BENCH_ENGINE: engine } : {}) },
    cwd: path.join(here, '..'),
  });
  if (r.status !== 0) {
    console.error(`bench ${name} failed`);
    process.exit(1);
  }
}

const read = (f: string) => (existsSync(path.join(here, f)) ? readFileSync(path.join(here, f), 'utf8') : '');
const readme = `# Benchmarks

Written by \`npm run bench\` (each part also runs alone: \`npm run bench:api\`, \`npm run bench:leaderboard\`,
\`npm run bench:startup\`, \`npm run bench:cluster\`, \`npm run bench:soak\` (20 minutes, not part of \`npm run bench\`), \`npm run bench:capacity\` (about 5 minutes, not part of \`npm run bench\`), \`npm run bench:export\` (CSV export memory at 1 M users on PostgreSQL, about 3 minutes, not part of \`npm run bench\`), \`npm run bench:users\` (the admin users search at 1 M users on PostgreSQL, about 4 minutes, not part of \`npm run bench\`), \`npm run bench:windows\` (the week, month and season boards at 1 M users on PostgreSQL, about 2 minutes, not part of \`npm run bench\`), \`npm run bench:lists\` (every paged list at 1 M members and 10 M ledger rows on PostgreSQL, about 15 minutes, part of \`npm run bench\`), \`node --import tsx bench/lighthouse.ts\`, \`npm run bench:ttd\` (time to data on a throttled phone, about 12 minutes, part of \`npm run bench\`)). Figures come from one run on the machine named in each section;
on 2 shared cores they move with load, which is why API figures are ratios to a bare route measured in the
same run. Targets come from the performance issue; where one is missed, the section says by how much.

${read('startup.report.md')}
${read('api.pglite.report.md')}
${hasPg ? read('api.postgres.report.md') : ''}
${hasPg ? read('cluster.report.md') : ''}
${hasPg ? read('lists.report.md') : '## Lists at scale\n\nSkipped: no PostgreSQL answered at BENCH_DATABASE_URL / TEST_DATABASE_URL.\n'}
${read('lighthouse.report.md')}
${read('time-to-data.report.md')}
${read('soak.report.md')}
${read('capacity.report.md')}
${hasPg ? read('export-memory.report.md') : ''}
${hasPg ? read('users-search.report.md') : ''}
${hasPg ? read('windows.report.md') : ''}
${hasPg ? read('leaderboard.report.md') : '## Leaderboard at scale\n\nSkipped: no PostgreSQL answered at BENCH_DATABASE_URL / TEST_DATABASE_URL.\n'}
Decisions behind the leaderboard structures: [docs/decisions/0006-leaderboard-rank-histogram.md](../docs/decisions/0006-leaderboard-rank-histogram.md) and, for the week, month and season boards, [docs/decisions/0019-leaderboard-windows.md](../docs/decisions/0019-leaderboard-windows.md).

${read('why.md')}`;
writeFileSync(path.join(here, 'README.md'), readme);
console.info('\nbench/README.md written');
