/**
 * PostgreSQL faults under load (issue 15): the server unreachable (a TCP proxy we cut)
 * and this test database's connections killed (pg_terminate_backend filtered by
 * datname). Requests during the fault answer 503 with a clear message; afterwards the
 * app serves again without a restart; every acknowledged write is there and the
 * integrity checks are clean. The shared PostgreSQL itself is never touched.
 */
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '@/db/client';
import { contributions } from '@/db/schema';
import { checkIntegrity } from '@/server/integrity';
import { MSG } from '@/shared/messages';
import { createTestDb, testDbKind } from '../support/db';
import { type Client, signUp, startTestServer, type TestServer } from '../support/server';
import { startTcpProxy } from '../support/tcp-proxy';

const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
});

let n = 0;

type Outcome = { status: number; code?: string; message?: string };

/** Users submitting contributions (and reading) in a loop; every answer is kept. */
function load(users: Array<{ client: Client }>) {
  const acknowledged: string[] = [];
  const outcomes: Outcome[] = [];
  let stop = false;
  const worker = async (u: { client: Client }, w: number) => {
    while (!stop) {
      n += 1;
      const r = await u.client
        .post('/api/contributions', {
          title: `outage ${n}`,
          type: 'tweet',
          link: `https://x.com/o${w}/status/${700000 + n}`, // the status id is the duplicate key
        })
        .catch((err: Error) => ({ status: 0, body: { error: { code: 'NETWORK', message: err.message } } }));
      outcomes.push({ status: r.status, code: r.body.error?.code, message: r.body.error?.message });
      if (r.status === 201) acknowledged.push((r.body as { contribution: { id: string } }).contribution.id);
      const g = await u.client.get('/api/me').catch(() => ({ status: 0, body: {} as never }));
      outcomes.push({ status: g.status, code: (g.body as { error?: { code: string } }).error?.code });
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const done = Promise.all(users.map(worker));
  return {
    acknowledged,
    outcomes,
    async stop() {
      stop = true;
      await done;
    },
  };
}

async function until(what: string, cond: () => boolean | Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(testDbKind !== 'postgres')('PostgreSQL outage under load', () => {
  let direct: DbHandle;
  let viaProxy: DbHandle;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let t: TestServer;

  beforeAll(async () => {
    direct = await createTestDb();
    cleanup.push(() => direct.close());
    const url = new URL(direct.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    cleanup.push(() => proxy.close());
    const proxied = new URL(url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    viaProxy = await openDatabase({ kind: 'postgres', url: proxied.toString(), migrate: false, max: 10 });
    cleanup.push(() => viaProxy.close());
    t = await startTestServer({ handle: viaProxy, keepHandle: true });
    cleanup.push(() => t.close());
  });

  /** Fresh users per test: each may submit only 5 contributions a day. */
  async function freshUsers() {
    const users: Array<{ client: Client }> = [];
    for (let i = 0; i < 6; i++) users.push(await signUp(t));
    return users;
  }

  /** During a fault only 2xx (done before it) or 503 with the message; afterwards all is well. */
  async function afterwards(l: ReturnType<typeof load>) {
    await until('health 200 again', async () => (await t.client().get('/api/health')).status === 200);
    await l.stop();
    // Writes are acknowledged again. A fresh user: the load's users may have used up
    // their five contributions of the day during the fault.
    const fresh = await signUp(t);
    for (let i = 0; i < 3; i++) {
      n += 1;
      const r = await fresh.client.post('/api/contributions', {
        title: `after ${n}`,
        type: 'tweet',
        link: `https://x.com/after/status/${800000 + n}`,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      l.acknowledged.push((r.body as { contribution: { id: string } }).contribution.id);
    }
    // 429: a user's five contributions of the day are in (a rule, not the fault).
    const odd = l.outcomes.filter((o) => ![200, 201, 503].includes(o.status) && o.code !== 'DAILY_LIMIT');
    expect(odd, 'every answer is a success or a 503').toEqual([]);
    const unavailable = l.outcomes.filter((o) => o.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const o of unavailable) {
      if (o.message !== undefined)
        expect(o).toMatchObject({ code: 'DB_UNAVAILABLE', message: MSG.common.unavailable });
    }
    const stored = await direct.db
      .select({ id: contributions.id })
      .from(contributions)
      .where(inArray(contributions.id, l.acknowledged));
    expect(stored.length, 'every acknowledged write is stored').toBe(l.acknowledged.length);
    expect(await checkIntegrity(direct.db)).toEqual([]);
    return { acknowledged: l.acknowledged.length, unavailable: unavailable.length, total: l.outcomes.length };
  }

  it('the server unreachable: 503 with a clear message, then serving again without a restart', async () => {
    const l = load(await freshUsers());
    await until('first writes', () => l.acknowledged.length >= 3);
    await proxy.cut();
    const cutAt = l.outcomes.length;
    await until(
      'requests answered during the outage',
      () => l.outcomes.slice(cutAt).filter((o) => o.status === 503).length >= 8,
    );
    const health = await t.client().get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body.checks.database.status).toBe('down');
    await proxy.restore();
    const figures = await afterwards(l);
    console.info(`unreachable: ${JSON.stringify(figures)}`);
  }, 120_000);

  it('its connections killed (pg_terminate_backend on this database only): the same', async () => {
    const l = load(await freshUsers());
    await until('first writes', () => l.acknowledged.length >= 3);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const dbName = new URL(direct.url!).pathname.slice(1);
    let killed = 0;
    // Kill them a few times while the load runs, so some land mid-request.
    for (let i = 0; i < 5; i++) {
      const r = await admin.query(
        'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [dbName],
      );
      killed += r.rows[0].n;
      const seen = l.outcomes.length;
      await until('load goes on', () => l.outcomes.length >= seen + 4);
    }
    await admin.end();
    expect(killed).toBeGreaterThan(0);
    const figures = await afterwards(l);
    console.info(`terminated ${killed} backends: ${JSON.stringify(figures)}`);
  }, 120_000);
});
