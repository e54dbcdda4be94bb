/**
 * SIGTERM (issue 15): requests in flight finish, event streams end with a retry hint,
 * the process exits 0, and a restart on the same data works at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { type AppServer, startServer } from '../../e2e/support/server';
import { createTestDb, testDbKind } from '../support/db';
import { signUpRemote } from '../support/remote';
import { Client } from '../support/server';
import { slowPost } from '../support/slow-post';
import { startSmtp } from '../support/smtp';
import { openSse } from '../support/sse';

const ADMIN = 'admin@sysfi.test';
const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
});

describe(`shutdown (${testDbKind})`, () => {
  it('finishes requests in flight at SIGTERM, ends event streams with a retry hint, exits 0 and restarts at once', async () => {
    const smtp = await startSmtp();
    cleanup.push(() => smtp.close());
    const env: Record<string, string> = { AUTH_SECRET: 'shutdown-test-secret-0123456789-0123456789' };
    let pg: DbHandle | undefined;
    if (testDbKind === 'postgres') {
      pg = await createTestDb();
      cleanup.push(() => pg!.close());
      env.DATABASE_URL = pg.url!;
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sysfi-stop-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let app: AppServer = await startServer({ smtpUrl: smtp.url, env, dataDir, requireClient: false });
    cleanup.push(() => app.stop());

    const admin = await signUpRemote(app.url, smtp, { email: ADMIN });
    const stream = await openSse(`${app.url}/api/admin/events`, admin.client.cookieHeader());
    await stream.waitFor((e) => e.event === 'ready', 10_000);

    const emails = Array.from({ length: 5 }, (_, i) => `inflight${i}-${Date.now()}@example.test`);
    const inFlight = emails.map((email) =>
      slowPost(app.url, '/api/account/sign-up', {
        email,
        displayName: `In flight ${email.slice(8, 9)} ${Math.random().toString(36).slice(2, 6)}`,
        password: 'secret12',
        confirmPassword: 'secret12',
      }),
    );
    // Every request has sent its headers and half its body before the signal.
    await Promise.all(inFlight.map((r) => r.started));
    const t0 = Date.now();
    app.sigterm();
    // The server has begun shutting down once it tells the stream (or, on code that does
    // not, a moment later).
    await stream.waitFor((e) => e.event === 'shutdown', 3000).catch(() => {});
    for (const r of inFlight) r.finish();
    const results = await Promise.allSettled(inFlight.map((r) => r.response));
    const code = await app.exited;
    const stoppedMs = Date.now() - t0;
    console.info(
      `shutdown (${testDbKind}): exit ${code} after ${stoppedMs} ms; in flight: ${results.map((r) => (r.status === 'fulfilled' ? r.value.status : (r.reason as Error).message)).join(', ')}`,
    );

    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.status : String(r.reason)))).toEqual(
      emails.map(() => 201),
    );
    const bye = stream.events.find((e) => e.event === 'shutdown');
    expect(bye, 'the stream ends with a shutdown event').toBeTruthy();
    expect(stream.raw()).toMatch(/^retry: \d+$/m);
    expect(code).toBe(0);

    // Same data directory (PGlite lock released) or the same database: up at once.
    const t1 = Date.now();
    app = await startServer({ smtpUrl: smtp.url, env, dataDir, requireClient: false });
    console.info(`restart (${testDbKind}): healthy after ${Date.now() - t1} ms`);
    for (const email of emails) {
      const c = new Client(app.url);
      expect((await c.post('/api/account/sign-in', { email, password: 'secret12' })).status).toBe(200);
    }
  }, 120_000);
});
