/**
 * WEB_CONCURRENCY (src/server/cluster.ts): N workers share the port on PostgreSQL, SIGTERM to
 * the primary lets every worker finish its requests in flight and exits 0; on PGlite more
 * than one worker is refused with a message that says why.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { type AppServer, ROOT, serverCommand, startServer } from '../../e2e/support/server';
import { createTestDb, testDbKind } from '../support/db';
import { slowPost } from '../support/slow-post';
import { startSmtp } from '../support/smtp';

const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
});

/** The JSON log lines the app wrote so far. */
const logLines = (app: AppServer) =>
  app
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { pid: number; msg: string; path?: string });

/** A GET on a connection of its own (no keep-alive), so the primary hands each to the next worker. */
const freshGet = (url: string) =>
  new Promise<number>((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });

describe('WEB_CONCURRENCY', () => {
  it.skipIf(testDbKind !== 'postgres')(
    'serves from two worker processes and, on SIGTERM to the primary, finishes requests in flight and exits 0',
    async () => {
      const smtp = await startSmtp();
      cleanup.push(() => smtp.close());
      const pg: DbHandle = await createTestDb();
      cleanup.push(() => pg.close());
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sysfi-cluster-'));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const app = await startServer({
        smtpUrl: smtp.url,
        dataDir,
        requireClient: false,
        env: {
          DATABASE_URL: pg.url!,
          WEB_CONCURRENCY: '2',
          AUTH_SECRET: 'cluster-test-secret-0123456789-0123456789',
          LOG_LEVEL: 'info',
        },
      });
      cleanup.push(() => app.stop());
      const primary = logLines(app).find((l) => l.msg === 'starting workers')?.pid;
      expect(primary).toBeGreaterThan(0);

      // Until both workers listen, the primary hands every connection to the one that does.
      const deadline = Date.now() + 60_000;
      let pids = new Set<number>();
      while (pids.size < 2 && Date.now() < deadline) {
        expect(await freshGet(`${app.url}/api/ping`)).toBe(200);
        pids = new Set(
          logLines(app)
            .filter((l) => l.path === '/api/ping')
            .map((l) => l.pid),
        );
      }
      expect(pids.size).toBe(2);
      expect(pids.has(primary!)).toBe(false);

      // Four sign-ups in flight, each on its own connection, so both workers hold some.
      const stamp = Date.now();
      const inFlight = Array.from({ length: 4 }, (_, i) =>
        slowPost(app.url, '/api/account/sign-up', {
          email: `cluster${i}-${stamp}@example.test`,
          displayName: `Cluster ${i} ${stamp.toString(36)}`,
          password: 'secret12',
          confirmPassword: 'secret12',
        }),
      );
      await Promise.all(inFlight.map((r) => r.started));
      app.sigterm();
      // Both workers have begun their shutdown before the requests' bodies arrive.
      const stopping = () =>
        logLines(app).filter((l) => l.msg === 'shutting down: finishing requests in flight').length;
      while (stopping() < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(stopping()).toBe(2);
      for (const r of inFlight) r.finish();
      const results = await Promise.allSettled(inFlight.map((r) => r.response));
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value.status : String(r.reason)))).toEqual([
        201, 201, 201, 201,
      ]);
      expect(await app.exited).toBe(0);
      const servedBy = new Set(
        logLines(app)
          .filter((l) => l.path === '/api/account/sign-up')
          .map((l) => l.pid),
      );
      expect(servedBy.size).toBe(2);
      expect(logLines(app).some((l) => l.msg === 'all workers stopped cleanly')).toBe(true);
    },
    120_000,
  );

  it('refuses more than one worker on the embedded database, saying why', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sysfi-cluster-pglite-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { node, args } = serverCommand();
    const child = spawn(node, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, WEB_CONCURRENCY: '2', PORT: '0', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (out += c));
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(1);
    expect(out).toContain('WEB_CONCURRENCY: 2 workers need DATABASE_URL (PostgreSQL)');
    expect(out).toContain('one process only');
  });
});
