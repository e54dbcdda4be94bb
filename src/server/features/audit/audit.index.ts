/**
 * GET /api/admin/audit: the audit log, newest first, filtered by actor (id, name or
 * e-mail), action, UTC days and target member (the entries about one member), keyset-paged by id (each filter has an index in that
 * order, so a page costs the same on the first page and the thousandth). There is no
 * route that changes or deletes an entry, and the table refuses it (migration 0010).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import { auditLog, user } from '@/db/schema';
import type { AppBindings } from '@/server/context';
import { routes } from '@/server/lib/route';

import { AUDIT_PAGE_SIZE, auditPageSchema, auditQuerySchema } from '@/shared/schemas/audit';
import { targetLabels } from './labels';

const listRoute = routes.admin('get', '/admin/audit', {
  summary:
    'The audit log, newest first: filter by actor, action, day and target member; keyset pages (before = nextCursor)',
  access: 'admin',
  query: auditQuerySchema,
  ok: auditPageSchema,
});

const DAY_MS = 86_400_000;

export function auditRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(listRoute, async (c) => {
    const q = c.req.valid('query');
    const { db } = c.get('deps').handle;
    const where: SQL[] = [];
    if (q.actor) {
      const needle = q.actor.toLowerCase();
      // The actor by id, exact e-mail or display name: resolved to ids first, so the
      // log itself is read through its (actor_id, id) index.
      const actors = await db
        .select({ id: user.id })
        .from(user)
        .where(
          or(
            eq(user.id, q.actor),
            eq(sql`lower(${user.email})`, needle),
            eq(sql`lower(${user.name})`, needle),
          ),
        )
        .limit(20);
      const ids = [q.actor, ...actors.map((a) => a.id)];
      where.push(or(...ids.map((id) => eq(auditLog.actorId, id)))!);
    }
    if (q.action) where.push(eq(auditLog.action, q.action));
    if (q.from) where.push(gte(auditLog.at, new Date(`${q.from}T00:00:00Z`)));
    if (q.to) where.push(lt(auditLog.at, new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS)));
    // The entries about one member (their role, state, XP, reviewer standing): read through
    // the (target_type, target_id, id) index in page order (migration 0040).
    if (q.target) where.push(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, q.target));
    if (q.before) where.push(lt(auditLog.id, Number(q.before)));
    const target = q.target
      ? db.select({ id: user.id, name: user.name }).from(user).where(eq(user.id, q.target))
      : Promise.resolve([]);
    const rows = await db
      .select({
        id: auditLog.id,
        actorId: auditLog.actorId,
        actorName: user.name,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        before: auditLog.before,
        after: auditLog.after,
        reason: auditLog.reason,
        at: auditLog.at,
      })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorId))
      .where(and(...where))
      .orderBy(desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE + 1);
    const page = rows.slice(0, AUDIT_PAGE_SIZE);
    // The distinct actions by a loose index scan: one index probe per action name.
    const actions = (await db.execute(sql`
      with recursive a(action) as (
        (select action from audit_log order by action limit 1)
        union all
        select (select l.action from audit_log l where l.action > a.action order by l.action limit 1)
        from a where a.action is not null
      ) select action from a where action is not null`)) as unknown as { rows: { action: string }[] };
    const labels = await targetLabels(db, page);
    c.header('cache-control', 'no-store');
    return c.json(
      {
        entries: page.map((r) => ({
          ...r,
          targetLabel: labels.get(`${r.targetType}:${r.targetId}`) ?? null,
          id: String(r.id),
          before: r.before as Record<string, unknown> | null,
          after: r.after as Record<string, unknown> | null,
          at: r.at.toISOString(),
        })),
        nextCursor: rows.length > AUDIT_PAGE_SIZE ? String(page.at(-1)!.id) : null,
        actions: actions.rows.map((a) => a.action),
        target: (await target)[0] ?? null,
      },
      200,
    );
  });
}
