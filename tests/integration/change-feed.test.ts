/**
 * PostgreSQL's change feed (src/db/write-generation.ts, ADR 0023): the write generation that lets
 * a process reuse the member's row and the lists' versions without a statement, and the realtime
 * bus's events, on one listening connection. "Process A" and "process B" are two handles on one
 * database, each with its own pool, as two app processes have.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase, untrackedWrite } from '@/db/client';
import { resources, session, user } from '@/db/schema';
import { EVENTS_CHANNEL } from '@/db/write-generation';
import { createUserRows } from '@/server/auth/user-rows';
import { createTestDb, testDbKind, untilTrusted } from '../support/db';
import { insertUser } from '../support/fixtures';
import { startTcpProxy } from '../support/tcp-proxy';

/** Waits for a condition (never for a time); fails after `ms`. */
async function until(ok: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(testDbKind !== 'postgres')('the change feed on PostgreSQL', () => {
  let owner: DbHandle;
  let a: DbHandle;
  let b: DbHandle;
  const gen = () => a.writeGeneration!();
  /**
   * Returns once A has heard every commit made so far: B sends an event, and A's one connection
   * delivers notifications in commit order, so when the event arrives the rest has.
   */
  async function heardAll() {
    const token = randomUUID();
    let heard = false;
    const stop = await a.changes!.onEvent((p) => {
      if (p.includes(token)) heard = true;
    });
    await b.db.execute(
      sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ topic: 'barrier', data: { token } })})`,
    );
    await until(() => heard, 'A has heard every commit so far');
    stop();
  }

  beforeAll(async () => {
    owner = await createTestDb();
    // A's generation moves only for writes, never on the clock, so every move below has a cause.
    a = await openDatabase({ kind: 'postgres', url: owner.url!, migrate: false, maxReuseMs: 3_600_000 });
    b = await openDatabase({ kind: 'postgres', url: owner.url!, migrate: false });
    await untilTrusted(a);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await owner?.close();
  });

  /**
   * Process C, which reaches the database through a proxy the test can cut or stall, as a
   * network outage would; only a notification moves its generation (never the clock).
   */
  async function processBehindProxy(warn?: (err: unknown, message: string) => void) {
    const url = new URL(owner.url!);
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    const c = await openDatabase({
      kind: 'postgres',
      url: url.toString(),
      migrate: false,
      maxReuseMs: 3_600_000,
      ...(warn ? { warn } : {}),
    });
    return { c, proxy };
  }

  it("moves after this process's own writes at once, never after its plain reads", async () => {
    await heardAll();
    const g0 = gen();
    await a.db.select().from(user);
    expect(gen(), 'a SELECT writes nothing').toBe(g0);
    const { id } = await insertUser(a.db);
    const g1 = gen();
    expect(g1, 'no waiting for a notification: the statement itself moved it').toBeGreaterThan(g0);
    await expect(
      a.db.transaction(async (tx) => {
        await tx.update(user).set({ bio: 'x' }).where(eq(user.id, id));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(gen()).toBeGreaterThan(g1);
  });

  it("moves once for another process's commit to the member rows, and not for its other writes", async () => {
    const { id } = await insertUser(b.db);
    await heardAll();
    const g0 = gen();
    // A write no cached read depends on sends nothing; the user write after it sends one
    // notification. One connection hears them in commit order, so once the second has arrived,
    // the first would have too: the generation moved by exactly one.
    await b.db.execute(sql`update session set user_agent = 'x' where false`);
    await b.db.update(user).set({ bio: 'from B' }).where(eq(user.id, id));
    await until(() => gen() !== g0, "A hears B's commit");
    expect(gen()).toBe(g0 + 1);

    // A transaction is heard once, at its commit, however many statements it ran.
    const g1 = gen();
    await b.db.transaction(async (tx) => {
      await tx.update(user).set({ bio: 'one' }).where(eq(user.id, id));
      await tx.update(user).set({ bio: 'two' }).where(eq(user.id, id));
      await tx.execute(sql`update list_versions set version = version + 1 where list = 'projects'`);
    });
    await until(() => gen() !== g1, "A hears B's transaction");
    expect(gen()).toBe(g1 + 1);
  });

  it("a member's kept row is read again after another process changes it", async () => {
    const { id } = await insertUser(a.db, { name: 'Before' });
    await heardAll();
    const rows = createUserRows(a);
    expect((await rows(id))?.name).toBe('Before');
    const before = a.stats.queries;
    expect((await rows(id))?.name).toBe('Before');
    expect(a.stats.queries - before, 'the repeat costs no statement').toBe(0);
    await b.db.update(user).set({ name: 'After' }).where(eq(user.id, id));
    await until(async () => (await rows(id))?.name === 'After', 'A reads the new row');
  });

  it('an event on the bus arrives after the notification of the write it is about', async () => {
    const { id } = await insertUser(b.db);
    await heardAll();
    const seen: number[] = [];
    const stop = await a.changes!.onEvent(() => seen.push(gen()));
    try {
      const g0 = gen();
      await b.db.update(user).set({ bio: 'evented' }).where(eq(user.id, id));
      await b.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, '{"topic":"t","data":{}}')`);
      await until(() => seen.length > 0, 'the event arrives');
      expect(seen[0], 'the generation had moved when the event was handled').toBeGreaterThan(g0);
    } finally {
      stop();
    }
  });

  it('trusts nothing while its connection is gone, and reads again what changed meanwhile', async () => {
    const { id } = await insertUser(a.db, { name: 'Kept' });
    await heardAll();
    const rows = createUserRows(a);
    expect((await rows(id))?.name).toBe('Kept');
    const g0 = gen();
    // The listener's connection is cut, as by a database restart or pg_terminate_backend.
    await b.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()`,
    );
    await until(() => !a.changes!.listening(), 'A notices the lost connection');
    expect(gen(), 'while not listening, no two calls give the same value').not.toBe(gen());
    // Changed while A hears nothing: this notification is lost.
    await b.db.update(user).set({ name: 'Changed unheard' }).where(eq(user.id, id));
    const before = a.stats.queries;
    expect((await rows(id))?.name, 'read from the database, not the kept row').toBe('Changed unheard');
    expect(a.stats.queries - before).toBe(1);
    await until(() => a.changes!.listening(), 'A listens again (it reconnects by itself)');
    expect(gen()).toBeGreaterThan(g0);
    expect(gen(), 'trusted again once listening').toBe(gen());
    expect((await rows(id))?.name).toBe('Changed unheard');
  }, 60_000);

  it('keeps trying while the database is unreachable, and listens again once it is back', async () => {
    const warnings: string[] = [];
    const { c, proxy } = await processBehindProxy((_err, message) => warnings.push(message));
    try {
      await untilTrusted(c);
      await proxy.cut();
      await until(() => !c.changes!.listening(), 'C notices the cut');
      await until(
        () => warnings.some((w) => w.includes('could not reconnect')),
        'a reconnect has failed (the database is still unreachable)',
      );
      expect(c.writeGeneration!(), 'nothing is trusted meanwhile').not.toBe(c.writeGeneration!());
      await proxy.restore();
      await until(() => c.changes!.listening(), 'C listens again after failed attempts');
      // Heard again: a commit elsewhere moves C's generation.
      const g = c.writeGeneration!();
      await b.db.update(user).set({ bio: 'after the outage' }).where(sql`true`);
      await until(() => c.writeGeneration!() !== g, "C hears B's commit");
    } finally {
      await c.close();
      await proxy.close();
    }
  }, 90_000);

  it('finds a connection that went silent without a reset, and listens on a new one', async () => {
    const { c, proxy } = await processBehindProxy();
    try {
      await untilTrusted(c);
      const before = proxy.connections();
      // Every connection open now carries nothing more, and nothing tells either end.
      proxy.stall();
      await until(() => !c.changes!.listening(), 'C finds its listener silent (the heartbeat)');
      await until(() => c.changes!.listening(), 'C listens on a new connection');
      expect(proxy.connections()).toBeGreaterThan(before);
      const g = c.writeGeneration!();
      await b.db.update(user).set({ bio: 'after the silence' }).where(sql`true`);
      await until(() => c.writeGeneration!() !== g, "C hears B's commit on the new connection");
    } finally {
      await c.close();
      await proxy.close();
    }
  }, 90_000);

  it("hears another process's write to a list alone (list_versions, no member row)", async () => {
    await heardAll();
    const g0 = gen();
    await b.db.insert(resources).values({ title: 'Heard', category: 'Docs', link: 'https://r.example' });
    await until(() => gen() !== g0, "A hears B's new resource");
    expect(gen()).toBe(g0 + 1);
  });

  it('moves when its own write has committed, not when it was sent: a read during the write is not kept', async () => {
    const { id } = await insertUser(a.db, { bio: 'old' });
    await heardAll();
    const rows = createUserRows(a);
    expect((await rows(id))?.bio).toBe('old');
    // Started now (a drizzle query runs when awaited or then'd).
    const write = a.db
      .execute(sql`update "user" set bio = 'new' from (select pg_sleep(0.5)) s where id = ${id}`)
      .then(() => undefined);
    const running = async () => {
      const res = (await b.db.execute(
        sql`select 1 from pg_stat_activity where state = 'active' and query like '%pg_sleep(0.5)%' and pid <> pg_backend_pid()`,
      )) as unknown as { rows: unknown[] };
      return res.rows.length > 0;
    };
    await until(running, 'the write is running');
    // Read while the write runs: it sees the old row, and that read must not be reused after the commit.
    expect((await rows(id))?.bio).toBe('old');
    await write;
    expect((await rows(id))?.bio, "the member's next request sees the write at once").toBe('new');
  });

  it("leaves the generation alone for an untracked write (a session's last seen), which still lands", async () => {
    const { id } = await insertUser(a.db);
    const [s] = await a.db
      .insert(session)
      .values({ id: `s-${id}`, token: `t-${id}`, userId: id, expiresAt: new Date(Date.now() + 60_000) })
      .returning();
    await heardAll();
    const g = gen();
    const later = new Date(s!.lastSeenAt.getTime() + 60_000);
    await untrackedWrite(
      a,
      a.db.update(session).set({ lastSeenAt: later }).where(eq(session.id, s!.id)).toSQL(),
    );
    // Nothing is sent for it either: once a later event is heard, the generation has still not moved.
    await heardAll();
    expect(gen()).toBe(g);
    const [after] = await a.db.select().from(session).where(eq(session.id, s!.id));
    expect(after!.lastSeenAt.getTime()).toBe(later.getTime());
  });
});
