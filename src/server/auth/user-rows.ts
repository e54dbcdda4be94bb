/**
 * The signed-in user's row, loaded once per API request by the session middleware.
 *
 * The row is reused while the database's write generation is unchanged: an unchanged
 * generation proves nothing (points, role, status, counters) was written since the row
 * was read, and a repeat request needs no statement at all. On PGlite one process owns
 * the data directory; on PostgreSQL other processes' writes arrive as notifications,
 * and while none can arrive the row is read on every request (db/write-generation.ts,
 * ADRs 0009 and 0023).
 */
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { DbHandle } from '@/db/client';
import { user } from '@/db/schema';
import type { UserRow } from '../context';

const MAX_ENTRIES = 10_000;

export function createUserRows(handle: DbHandle) {
  const generation = handle.writeGeneration;
  // The members asked for most stay kept; at MAX_ENTRIES the least recently asked for goes.
  const byId = new LRUCache<string, { generation: number; row: UserRow }>({ max: MAX_ENTRIES });
  // Named prepared statement: every API request runs it, so parse and plan once per connection.
  const read = handle.db
    .select()
    .from(user)
    .where(eq(user.id, sql.placeholder('id')))
    .prepare('session_user_row');
  return async function load(id: string): Promise<UserRow | undefined> {
    if (!generation) {
      const [row] = await read.execute({ id });
      return row;
    }
    const hit = byId.get(id);
    if (hit && hit.generation === generation()) return hit.row;
    // Taken before the read: a write committing while it runs changes it, so the
    // entry is dropped at the next request instead of outliving the write.
    const before = generation();
    const [row] = await read.execute({ id });
    if (row) byId.set(id, { generation: before, row: Object.freeze(row) });
    else byId.delete(id);
    return row;
  };
}
