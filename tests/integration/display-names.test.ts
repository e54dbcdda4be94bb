/**
 * Look-alike display names. The review registered names that look like an existing
 * member's as distinct accounts: Armenian օ for o, digit 0 for o, a combining dot above,
 * capital I for l, Latin alpha ɑ for a. Each must now collide with the name it imitates
 * (409), or be refused as a mix of alphabets (400); the unique index on the key settles races.
 */
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '@/db/schema';
import { recomputeNameKeys } from '@/server/features/account/name-keys';
import { displayNameKey } from '@/server/lib/display-name';
import { MSG } from '@/shared/messages';
import { insertUser } from '../support/fixtures';
import { identity, signUp, startTestServer, type TestServer } from '../support/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const tryName = (displayName: string) => {
  const id = identity('look');
  return t.client().post('/api/account/sign-up', {
    email: id.email,
    displayName,
    password: id.password,
    confirmPassword: id.password,
  });
};

describe('look-alike display names', () => {
  it.each([
    ['Bob Lopez', 'B0b L0pez', 'digit zero for o'],
    ['Bob Lopez', 'Bo\u0307b Lopez', 'combining dot above'],
    ['Bob Lopez', 'B\u022Fb Lopez', 'precomposed o with dot above'],
    ['Ilya Park', 'llya Park', 'capital I for small l'],
    ['Alma Rosa', '\u0251lma Rosa', 'Latin alpha for a'],
    ['Marco Bell', 'rnarco BeII', 'rn for m, II for ll'],
  ])('%s vs %s (%s): the second is refused as taken', async (original, spoof) => {
    const unique = ` ${Date.now().toString(36)}`.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!);
    expect((await tryName(original + unique)).status).toBe(201);
    const res = await tryName(spoof + unique);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MSG.signup.nameTaken);
  });

  it('refuses a name that mixes alphabets (Armenian օ in a Latin name), before it could collide', async () => {
    const res = await tryName('B\u0585b Ross');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MSG.signup.nameMixedScripts);
    // One script, or Latin with a Japanese, Chinese or Korean name, is fine.
    for (const name of ['Вера Павлова', '山田 Taro', 'Kim 김민수'])
      expect((await tryName(name)).status).toBe(201);
  });
});

describe('keys of existing accounts (migration 0005)', () => {
  it('are recomputed at boot, oldest first; a newer look-alike keeps its name under a private key', async () => {
    // Made under the old key, which told "Kelvin" and "KeIvin" (capital I) apart.
    const old = (name: string, createdAt: string) =>
      insertUser(t.db, { name, username: `old:${name.toLowerCase()}`, createdAt: new Date(createdAt) });
    const older = await old('Kelvin Moss', '2025-01-01T00:00:00Z');
    const newer = await old('KeIvin Moss', '2025-02-01T00:00:00Z');
    const other = await old('Nadia Ruiz', '2025-03-01T00:00:00Z');
    const ids = [older.id, newer.id, other.id];
    // As migration 0005 leaves them: scheme 1, old keys cleared.
    for (const id of ids)
      await t.db
        .update(user)
        .set({ usernameScheme: 1, username: `\u0001${id}` })
        .where(eq(user.id, id));

    const again = await startTestServer({ handle: t.deps.handle, keepHandle: true }); // boot recomputes
    await again.close();
    const rows = await t.db.select().from(user).where(inArray(user.id, ids));
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[older.id]).toMatchObject({ username: displayNameKey('Kelvin Moss'), usernameScheme: 2 });
    expect(byId[newer.id]).toMatchObject({
      name: 'KeIvin Moss',
      username: `${displayNameKey('Kelvin Moss')}\u0001${newer.id}`,
      usernameScheme: 2,
    });
    expect(byId[other.id]).toMatchObject({ username: displayNameKey('Nadia Ruiz'), usernameScheme: 2 });
    // Nobody can register a third look-alike.
    expect((await tryName('Kelvln Moss')).status).toBe(409);
    // Nothing left to do on the next boot.
    expect(await recomputeNameKeys(t.db, pino({ level: 'silent' }))).toEqual({ updated: 0, collisions: 0 });
  });

  it('are computed for new accounts under the current scheme', async () => {
    const u = await signUp(t, { displayName: 'Quentin Blue', verify: false });
    const [row] = await t.db.select().from(user).where(eq(user.id, u.uid));
    expect(row).toMatchObject({ username: displayNameKey('Quentin Blue'), usernameScheme: 2 });
  });
});
