/**
 * What an audit entry's target is called today (its title or name), so the admin reads
 * "Contribution “Thread about Sysfi”" rather than a bare id. One statement per kind of
 * target on the page (at most 20 ids each), never one per entry. A target deleted since,
 * and the kinds with nothing to name (a session, an export), have no label: the id stays.
 */
import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '@/db/client';
import {
  bounties,
  bountyApplications,
  contributions,
  grants,
  projectApplications,
  projects,
  seasons,
  user,
} from '@/db/schema';
import { formatAmount } from '@/shared/schemas/grants';

type Named = { id: string; label: string };
type Lookup = (db: DbExecutor, ids: string[]) => Promise<Named[]>;

/** Each row's id and one text column, for the given ids. */
const column =
  (table: PgTable, id: PgColumn, label: PgColumn): Lookup =>
  (db, ids) =>
    db.select({ id, label }).from(table).where(inArray(id, ids)) as Promise<Named[]>;

const grantLabels: Lookup = async (db, ids) => {
  const rows = await db
    .select({ id: grants.id, project: projects.title, amount: grants.amount, currency: grants.currency })
    .from(grants)
    .leftJoin(projects, eq(projects.id, grants.projectId))
    .where(inArray(grants.id, ids));
  return rows.map((r) => ({
    id: r.id,
    label: `${r.project ?? 'No project'} · ${formatAmount(Number(r.amount), r.currency)}`,
  }));
};

/** The target types audit entries are written with (decide.ts's subjects, moderation, seasons). */
const LOOKUPS: Record<string, Lookup> = {
  contribution: column(contributions, contributions.id, contributions.title),
  bounty_application: column(bountyApplications, bountyApplications.id, bountyApplications.title),
  bounty_winners: column(bounties, bounties.id, bounties.title),
  grant: grantLabels,
  project_application: column(projectApplications, projectApplications.id, projectApplications.name),
  season: column(seasons, seasons.id, seasons.name),
  user: column(user, user.id, user.name),
};

/** `type:id` → label, for the entries of one page. */
export async function targetLabels(
  db: DbExecutor,
  entries: { targetType: string; targetId: string }[],
): Promise<Map<string, string>> {
  const ids = new Map<string, Set<string>>();
  for (const e of entries) {
    if (!LOOKUPS[e.targetType]) continue;
    const set = ids.get(e.targetType) ?? new Set<string>();
    set.add(e.targetId);
    ids.set(e.targetType, set);
  }
  const found = await Promise.all(
    [...ids].map(async ([type, set]) =>
      (await LOOKUPS[type]!(db, [...set])).map((r) => [`${type}:${r.id}`, r.label] as const),
    ),
  );
  return new Map(found.flat());
}
