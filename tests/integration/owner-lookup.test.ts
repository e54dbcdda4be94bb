/**
 * Every public list and queue leaves out the rows of disabled owners, with one lookup per
 * row shown (features/users/owner-enabled.ts). That lookup must stay one probe of a small
 * index by id, whatever the number of disabled accounts: through the only index on them
 * before migration 0037, keyed by join date, each lookup read all of them (found at
 * 1,000,000 members with 1,000 disabled: ten index pages per row, 250 for one page of the
 * bounty board).
 */
import { and, asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { bounties } from '@/db/schema';
import { ownerEnabled } from '@/server/features/users/owner-enabled';
import { createTestDb } from '../support/db';

type PlanNode = { 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const scansOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(scansOf)];

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
    await t.db.execute(sql`analyze "user"`);
    await t.db.execute(sql`analyze bounties`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('probes the disabled accounts by id, not by walking all of them', async () => {
    const page = t.db
      .select({ id: bounties.id })
      .from(bounties)
      .where(and(ownerEnabled(bounties.requesterId), sql`${bounties.deadline} > now()`))
      .orderBy(asc(bounties.deadline), asc(bounties.id))
      .limit(25)
      .toSQL();
    const explained = await t.db.execute(sql`explain (format json) ${sql.raw(inline(page))}`);
    const rows = (explained as unknown as { rows?: unknown[] }).rows ?? (explained as unknown as unknown[]);
    const first = rows[0] as Record<string, unknown>;
    const plan = (Object.values(first)[0] as Array<{ Plan: PlanNode }>)[0]!.Plan;
    const onUser = scansOf(plan).filter((n) => n['Relation Name'] === 'user');
    expect(onUser.length, JSON.stringify(plan)).toBeGreaterThan(0);
    // The lookup keyed by id: the disabled few's own index, or the primary key.
    for (const scan of onUser) expect(['user_disabled_id_idx', 'user_pkey']).toContain(scan['Index Name']);
    const out = await t.db.execute(sql.raw(inline(page)));
    const found = ((out as unknown as { rows?: unknown[] }).rows ?? (out as unknown as unknown[])).length;
    expect(found).toBe(25);
  });
});

/** The statement with its values written in (EXPLAIN takes no parameters here). */
function inline(q: { sql: string; params: unknown[] }): string {
  return q.sql.replace(/\$(\d+)/g, (_, n) => {
    const v = q.params[Number(n) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
}
