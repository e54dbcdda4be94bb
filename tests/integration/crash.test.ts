/**
 * kill -9 under a write load: after a restart, every request that got a 2xx is in
 * the database and every counter equals what the records and the ledger say.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '@/db/client';
import { contributions, pointEvents } from '@/db/schema';
import { checkIntegrity } from '@/server/integrity';
import { type AppServer, startServer } from '../../e2e/support/server';
import { createTestDb, testDbKind } from '../support/db';
import { signUpRemote } from '../support/remote';
import type { Client } from '../support/server';
import { startSmtp } from '../support/smtp';

const ADMIN = 'admin@sysfi.test';
const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
});

describe(`crash safety (${testDbKind})`, () => {
  it('keeps every acknowledged write and consistent counters after kill -9', async () => {
    const smtp = await startSmtp();
    cleanup.push(() => smtp.close());
    let pg: DbHandle | undefined;
    const env: Record<string, string> = { AUTH_SECRET: 'crash-test-secret-0123456789-0123456789' };
    if (testDbKind === 'postgres') {
      pg = await createTestDb();
      cleanup.push(() => pg!.close());
      env.DATABASE_URL = pg.url!;
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sysfi-crash-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));

    let app: AppServer = await startServer({ smtpUrl: smtp.url, env, dataDir, requireClient: false });
    const admin = await signUpRemote(app.url, smtp, { email: ADMIN });
    const users = [];
    for (let i = 0; i < 5; i++) users.push(await signUpRemote(app.url, smtp));

    const created: string[] = [];
    const rewarded: string[] = [];
    let stop = false;
    let n = 0;
    const worker = async (u: { client: Client }) => {
      while (!stop) {
        n += 1;
        const r = await u.client
          .post('/api/contributions', {
            title: `load ${n}`,
            type: 'tweet',
            link: `https://x.com/l/status/${500000 + n}`,
            timeZone: 'UTC',
          })
          .catch(() => null);
        if (r?.status === 201) {
          created.push(r.body.contribution.id);
          const rw = await admin.client
            .post(`/api/admin/contributions/${r.body.contribution.id}/reward`, { points: 7 })
            .catch(() => null);
          if (rw?.status === 200) rewarded.push(r.body.contribution.id);
        }
        if (r?.status === 429) return; // this user's day is full
        if (!r) return; // the server is gone
      }
    };
    let finished = false;
    const load = Promise.all(users.map(worker)).finally(() => (finished = true));
    // Kill while writes are in flight: once some are acknowledged (however slow the machine), the rest are mid-way.
    while (created.length < 3 && !finished) await new Promise((r) => setTimeout(r, 20));
    await app.kill9();
    stop = true;
    await load;
    expect(created.length).toBeGreaterThan(0);

    // Restart on the same data (PGlite takes over the dead process's lock).
    app = await startServer({ smtpUrl: smtp.url, env, dataDir, requireClient: false });
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
    await app.stop();

    const db = pg ?? (await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') }));
    if (!pg) cleanup.push(() => db.close());
    const rows = await db.db.select().from(contributions).where(inArray(contributions.id, created));
    expect(rows.map((r) => r.id).sort()).toEqual([...created].sort());
    for (const id of rewarded) {
      const [c] = rows.filter((r) => r.id === id);
      expect(c?.status).toBe('approved');
      expect(
        await db.db
          .select()
          .from(pointEvents)
          .where(eq(pointEvents.idempotencyKey, `contribution:${id}`)),
      ).toHaveLength(1);
    }
    expect(await checkIntegrity(db.db)).toEqual([]);
  }, 120_000);
});
