/**
 * The compiled server as production runs it (dist/server, built once per run by
 * tests/support/global-setup.ts): no TypeScript loader, stack traces that name the
 * TypeScript sources, and the operator tools working from the bundle.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { DIGEST_QUEUE } from '@/server/features/admin/digest';
import { WINNERS_REMINDER_QUEUE } from '@/server/features/bounties/winners-reminder';
import { SEASON_RESULTS_QUEUE } from '@/server/features/seasons/results';
import { ROOT, serverCommand, startServer } from '../../e2e/support/server';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'sysfi-runtime-'));
  dirs.push(d);
  return d;
};

/** Runs a bundle file with the server's Node flags; resolves with its exit code and output. */
function run(file: string, env: Record<string, string>, args: string[] = []) {
  const { node, args: flags } = serverCommand();
  const child = spawn(node, [...flags.slice(0, -1), path.join(ROOT, 'dist/server', file), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c));
  child.stderr.on('data', (c: Buffer) => (out += c));
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out })),
  );
}

describe('compiled server', () => {
  it('runs without a TypeScript loader and its stack traces name the .ts sources', async () => {
    expect(serverCommand().args).not.toContain('tsx');
    // No --enable-source-maps: the entry turns them on in the process (scripts/build-server.mjs).
    expect(serverCommand().args).not.toContain('--enable-source-maps');
    // A data directory that is a file: opening the database throws inside our code.
    const file = path.join(tempDir(), 'not-a-directory');
    writeFileSync(file, '');
    const r = await run('index.js', {
      DATA_DIR: file,
      AUTH_SECRET: 'runtime-test-secret-0123456789-0123456789',
      PORT: '0',
    });
    expect(r.code).toBe(1);
    expect(r.out).toContain('Failed to start');
    // The frames point at the TypeScript files (src/db/client.ts, src/server/boot.ts), not into the bundle
    // (only the generated two-line entry, dist/server/index.js, which has no TypeScript source, may show).
    expect(r.out).toMatch(/\bsrc\/db\/client\.ts:\d+:\d+/);
    expect(r.out).toMatch(/\bsrc\/server\/index\.ts:\d+:\d+/);
    expect(r.out).not.toMatch(/dist\/server\/(?!index\.js)[\w-]+\.js:\d+/);
  });

  it("creates a fresh embedded database from the build's template and checks it from the bundle", async () => {
    const dataDir = tempDir();
    const r = await run('check-integrity.js', { DATA_DIR: dataDir });
    expect(r.out).toContain('integrity ok (pglite)');
    expect(r.code).toBe(0);
    // Loaded from dist/server/pglite-template.tar.gz, not made by initdb: PostgreSQL's system
    // identifier, drawn at initdb, is the template's. And every bundled migration is recorded.
    const systemId = 'select system_identifier::text as id from pg_control_system()';
    const template = new PGlite({
      loadDataDir: new Blob([readFileSync(path.join(ROOT, 'dist/server/pglite-template.tar.gz'))]),
    });
    const made = new PGlite(path.join(dataDir, 'db'));
    try {
      const [a, b] = await Promise.all([
        template.query<{ id: string }>(systemId),
        made.query<{ id: string }>(systemId),
      ]);
      expect(b.rows[0]!.id).toBe(a.rows[0]!.id);
      const journal = JSON.parse(
        readFileSync(path.join(ROOT, 'dist/server/migrations/meta/_journal.json'), 'utf8'),
      );
      const applied = await made.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await template.close();
      await made.close();
    }
  }, 60_000);

  /** `npm start`'s server on a new data directory (kept after it stops), logging at info. */
  const serve = (dataDir: string) =>
    startServer({ smtpUrl: '', requireClient: false, dataDir, env: { LOG_LEVEL: 'info' } });

  it('starts the scheduled jobs after it serves', async () => {
    const dataDir = tempDir();
    const app = await serve(dataDir);
    try {
      await expect.poll(() => app.output(), { timeout: 30_000 }).toContain('scheduled jobs started');
    } finally {
      await app.stop();
    }
    expect(await app.exited, app.output()).toBe(0);
    expect(app.output()).not.toContain('could not start');
    const db = new PGlite(path.join(dataDir, 'db'));
    try {
      const { rows } = await db.query<{ name: string }>('select name from pgboss.schedule order by name');
      expect(rows.map((x) => x.name)).toEqual(
        [DIGEST_QUEUE, SEASON_RESULTS_QUEUE, WINNERS_REMINDER_QUEUE].sort(),
      );
    } finally {
      await db.close();
    }
  }, 90_000);

  it('stops cleanly when stopped as soon as it answers, before the scheduled jobs start', async () => {
    const app = await serve(tempDir());
    await app.stop();
    expect(await app.exited, app.output()).toBe(0);
    expect(app.output()).not.toMatch(/"level":(50|60)/);
  }, 90_000);
});
