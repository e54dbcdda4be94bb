/**
 * Every public list and queue leaves out the rows of disabled owners, with one lookup per
 * row shown (features/users/owner-enabled.ts). That lookup must stay one probe by id,
 * whatever the number of disabled accounts: through the only index on them before migration
 * 0037, keyed by join date, each lookup read all of them (found at 1,000,000 members with
 * 1,000 disabled: ten index pages per row, 250 for one page of the bounty board).
 *
 * The statements checked are the bounty board's own (boardPage, recorded as it runs), at
 * 100,000 members with 100 disabled: there PostgreSQL (and PGlite) chose the join-date index
 * for the lookup before the migration.
 */
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbHandle } from '@/db/client';
import * as schema from '@/db/schema';
import { boardPage } from '@/server/features/bounties/board.data';
import { createTestDb } from '../support/db';

type PlanNode = { 'Node Type'?: string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodesOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];
const rowsOf = (r: unknown) =>
  ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Record<string, unknown>[];

describe('the disabled-owner lookup of lists and queues', () => {
  let t: DbHandle;
  beforeAll(async () => {
    t = await createTestDb();
    await t.db.execute(sql`
      insert into "user" (id, name, email, username, created_at, updated_at, disabled_at)
      select 'o' || i, 'Owner ' || i, 'o' || i || '@example.test', 'owner ' || i,
        now() - i * interval '1 minute', now(), case when i % 1000 = 0 then now() end
      from generate_series(1, 100000) i`);
    await t.db.execute(sql`
      insert into bounties (id, requester_id, title, description, reward, deadline)
      select 'b' || i, 'o' || (1 + i * 7 % 100000), 'Bounty ' || i, 'Build it', '100 USDC',
        now() + i * interval '1 hour'
      from generate_series(1, 2000) i`);
    // The soonest bounty, first on the board, belongs to a disabled member.
    await t.db.execute(sql`update bounties set requester_id = 'o1000' where id = 'b1'`);
    await t.db.execute(sql`analyze "user"`);
    await t.db.execute(sql`analyze bounties`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('probes the disabled accounts by id on the board’s own statements, and leaves their bounties out', async () => {
    const statements: Array<{ query: string; params: unknown[] }> = [];
    const logger = {
      logQuery: (query: string, params: unknown[]) => void statements.push({ query, params }),
    };
    const db = (t.pglite
      ? drizzlePglite(t.pglite, { schema, logger })
      : drizzlePg(t.pool!, { schema, logger })) as unknown as Database;
    const page = await boardPage(db, { id: 'o2' }, new Date(), { filter: 'all', limit: 24 });
    const ids = page.bounties.map((b) => b.id);
    expect(ids).not.toContain('b1');
    expect(ids).toContain('b2');

    const checked = statements.filter((s) => s.query.includes('"disabled_at" is not null'));
    expect(checked.length, 'the board checks its owners').toBeGreaterThan(0);
    for (const s of checked) {
      const [row] = rowsOf(await t.db.execute(sql.raw(`explain (format json) ${inline(s)}`)));
      const explained = Object.values(row!)[0];
      const plan = (typeof explained === 'string' ? JSON.parse(explained) : explained)[0].Plan as PlanNode;
      const onUser = nodesOf(plan).filter((n) => n['Relation Name'] === 'user');
      expect(onUser.length, s.query).toBeGreaterThan(0);
      for (const scan of onUser) {
        // Never a walk of every member, nor of every disabled one (the join-date index).
        expect(scan['Node Type'], JSON.stringify(onUser)).not.toBe('Seq Scan');
        expect(scan['Index Name'], JSON.stringify(onUser)).not.toBe('user_disabled_idx');
      }
    }
  });
});

/** A statement with its values written in (EXPLAIN here takes no parameters). */
function inline(s: { query: string; params: unknown[] }): string {
  return s.query.replace(/\$(\d+)/g, (_, n) => {
    const v = s.params[Number(n) - 1];
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    const text = v instanceof Date ? v.toISOString() : String(v);
    return `'${text.replace(/'/g, "''")}'`;
  });
}
