/**
 * Recomputes the display-name key (`user.username`) of rows made under an older
 * displayNameKey (migration 0005 marks them and clears their key). Oldest account first:
 * when two existing names now look alike, the older keeps the key and the newer one keeps
 * its name but gets a private key (`<key>\u0001<id>`), logged for the admin; nobody can
 * register a third look-alike. Runs at boot before serving; batches lock their rows
 * (skip locked), so two processes booting together share the work.
 */
import { and, asc, eq, lt, ne } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { USERNAME_SCHEME, user } from '@/db/schema';
import { displayNameKey } from '@/server/lib/display-name';
import type { Logger } from '@/server/lib/logger';

const BATCH = 200;

export async function recomputeNameKeys(
  db: Database,
  log: Logger,
): Promise<{ updated: number; collisions: number }> {
  let updated = 0;
  let collisions = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: user.id, name: user.name })
        .from(user)
        .where(lt(user.usernameScheme, USERNAME_SCHEME))
        .orderBy(asc(user.createdAt), asc(user.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const r of rows) {
        let key = displayNameKey(r.name);
        const [holder] = await tx
          .select({ id: user.id, name: user.name })
          .from(user)
          .where(and(eq(user.username, key), ne(user.id, r.id)))
          .limit(1);
        if (holder) {
          collisions += 1;
          log.warn(
            { userId: r.id, name: r.name, looksLike: holder.id },
            'display name looks like an older one: kept, under a private key',
          );
          key = `${key}\u0001${r.id}`;
        }
        await tx
          .update(user)
          .set({ username: key, usernameScheme: USERNAME_SCHEME })
          .where(eq(user.id, r.id));
        updated += 1;
      }
      return rows.length < BATCH;
    });
    if (done) break;
  }
  if (updated > 0) log.info({ updated, collisions }, 'display-name keys recomputed');
  return { updated, collisions };
}
