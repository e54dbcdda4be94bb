/**
 * A member's own writes show on their next request on whichever process it lands
 * (src/server/lib/fresh-reads.ts, ADR 0023): the answer to a write sets a short-lived cookie, and
 * a request that carries it reads past every cache keyed by the write generation.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '@/db/client';
import { user } from '@/db/schema';
import { FRESH_COOKIE } from '@/server/lib/fresh-reads';
import { testDbKind, untilTrusted } from '../support/db';
import { signUp, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
let seq = 0;
// Two processes behind one load balancer share the secret that signs session cookies.
const env = { AUTH_SECRET: 'one-secret-for-both-processes-0123456789abcdef' };
beforeAll(async () => {
  t = await startTestServer({ env });
});
afterAll(async () => {
  await t?.close();
});

const freshCookie = (res: { headers: Headers }) =>
  res.headers.getSetCookie().find((c) => c.startsWith(`${FRESH_COOKIE}=`));

describe(`reads after a member's own write (${testDbKind})`, () => {
  it("sets the cookie on a write's answer on PostgreSQL only, never on a read's or a refusal's", async () => {
    const u = await signUp(t);
    expect(freshCookie(await u.client.get('/api/me'))).toBeUndefined();
    const wrote = await u.client.post('/api/contributions', {
      title: 'Fresh',
      type: 'tweet',
      link: `https://x.com/fresh/status/${++seq}`,
    });
    expect(wrote.status).toBe(201);
    const refused = await u.client.post('/api/contributions', { title: '' });
    expect(refused.status).toBe(400);
    expect(freshCookie(refused)).toBeUndefined();
    if (testDbKind === 'postgres') {
      expect(freshCookie(wrote)).toMatch(/^sysfi_fresh=1; Path=\/; Max-Age=5; HttpOnly; SameSite=Lax$/);
    } else {
      // One process owns PGlite's data: it sees every write at once, and nothing is set.
      expect(freshCookie(wrote)).toBeUndefined();
    }
  });
});

describe.skipIf(testDbKind !== 'postgres')('on another process (PostgreSQL)', () => {
  let handleB: DbHandle;
  let b: TestServer;
  beforeAll(async () => {
    // Process B keeps what it read until it hears of a change (the clock never moves it here).
    handleB = await openDatabase({
      kind: 'postgres',
      url: t.deps.handle.url!,
      migrate: false,
      maxReuseMs: 3_600_000,
    });
    b = await startTestServer({ handle: handleB, env });
    await untilTrusted(handleB);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
  });

  it('a request carrying the cookie reads the member as the database has them, even what B never heard of', async () => {
    const u = await signUp(t, { displayName: `Before ${++seq}` });
    // The session alone (signing up was a write, so the client also holds the cookie under test).
    const session = u.client
      .cookieHeader()
      .split('; ')
      .filter((p) => !p.startsWith(`${FRESH_COOKIE}=`))
      .join('; ');
    const onB = async (extra = '') =>
      fetch(`${b.url}/api/me`, { headers: { cookie: session + extra } }).then(
        async (r) => ((await r.json()) as { user: { displayName: string } }).user.displayName,
      );
    const name = await onB();
    expect(name).toMatch(/^Before/);
    // A change B is never told of: written with triggers off, so no notice is sent (a stand-in
    // for one B has not heard of yet).
    const direct = new pg.Client({ connectionString: t.deps.handle.url! });
    await direct.connect();
    try {
      await direct.query(`set session_replication_role = replica`);
      await direct.query(`update "user" set name = 'After' where id = $1`, [u.uid]);
    } finally {
      await direct.end();
    }
    expect(await onB(), 'without the cookie B answers from what it kept').toBe(name);
    const before = handleB.stats.queries;
    expect(await onB(`; ${FRESH_COOKIE}=1`)).toBe('After');
    expect(handleB.stats.queries - before, 'the member row was read').toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select({ name: user.name }).from(user).where(eq(user.id, u.uid));
    expect(row!.name).toBe('After');
  });
});
