/**
 * Test data written straight to the database (like the demo seed) when a test is
 * about reading it, not about how it was made. Points always go through the ledger.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@/db/client';
import { user } from '@/db/schema';
import { awardPoints } from '@/server/features/xp/ledger';
import { displayNameKey } from '@/server/lib/display-name';

export async function insertUser(db: Database, over: Partial<typeof user.$inferInsert> = {}) {
  const id = over.id ?? randomUUID().replace(/-/g, '').slice(0, 24);
  const name = over.name ?? `Member ${id.slice(0, 8)}`;
  const [row] = await db
    .insert(user)
    .values({
      id,
      name,
      username: displayNameKey(name),
      email: `${id}@fixture.test`,
      emailVerified: true,
      ...over,
    })
    .returning();
  return row!;
}

export async function givePoints(db: Database, userId: string, delta: number, key = randomUUID()) {
  return db.transaction((tx) => awardPoints(tx, { userId, delta, reason: 'test', key }));
}
