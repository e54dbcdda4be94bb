/**
 * Seasons and the leaderboard's time windows (issue 19; the sums are windows.ts):
 *
 *   GET  /api/seasons                  the current season, past ones (newest first), upcoming ones
 *   GET  /api/leaderboard/window       a window's top 50 (week | month | season, a past one by id) and the viewer's rank
 *   POST /api/admin/seasons            a new season: name, start, end; never overlapping another
 *
 * A season that has ended is frozen: no award falls in it any more. Its top 3 and top 10
 * get a badge on their public profiles (seasonBadges).
 */
import { randomUUID } from 'node:crypto';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { seasons } from '@/db/schema';
import type { AppBindings } from '@/server/context';
import { recordAudit } from '@/server/features/audit/audit';
import { currentUser } from '@/server/lib/access';
import { ApiError } from '@/server/lib/errors';
import { routes } from '@/server/lib/route';
import { MSG } from '@/shared/messages';
import {
  type Season,
  seasonInputSchema,
  seasonSchema,
  seasonsSchema,
  windowBoardSchema,
} from '@/shared/schemas/seasons';
import { sendSeasonResults } from './results';
import { fillSeason, type WindowKind, windowKeyAt, windowRange, windowRank, windowTop } from './windows';

type Row = typeof seasons.$inferSelect;
const view = (s: Row, now: Date): Season => ({
  id: s.id,
  name: s.name,
  startsAt: s.startsAt.toISOString(),
  endsAt: s.endsAt.toISOString(),
  status: now < s.startsAt ? 'upcoming' : now < s.endsAt ? 'current' : 'ended',
});

export async function currentSeason(db: DbExecutor, now: Date): Promise<Row | null> {
  const [s] = await db
    .select()
    .from(seasons)
    .where(and(sql`${seasons.startsAt} <= ${now}`, gt(seasons.endsAt, now)))
    .limit(1);
  return s ?? null;
}

/** The ended seasons where the user finished in the top 10: their badges (top 3 or top 10). */
export async function seasonBadges(db: DbExecutor, userId: string, now: Date) {
  const ended = await db
    .select()
    .from(seasons)
    .where(lt(seasons.endsAt, now))
    .orderBy(desc(seasons.endsAt))
    .limit(50);
  const out: Array<{ seasonId: string; name: string; rank: number; badge: 'top3' | 'top10' }> = [];
  for (const s of ended) {
    const { rank } = await windowRank(db, `season:${s.id}`, userId);
    if (rank && rank <= 10)
      out.push({ seasonId: s.id, name: s.name, rank, badge: rank <= 3 ? 'top3' : 'top10' });
  }
  return out;
}

const listRoute = routes.leaderboard('get', '/seasons', {
  summary: 'Seasons: the current one, past ones (frozen, newest first) and upcoming ones',
  ok: seasonsSchema,
});

const windowRoute = routes.leaderboard('get', '/leaderboard/window', {
  summary:
    'The top 50 of this week, this month or a season (the current one, or a past one by id), summed from the XP ledger; the signed-in viewer’s rank in it',
  query: z.object({
    window: z.enum(['week', 'month', 'season']),
    season: z.string().max(64).optional(),
  }),
  ok: windowBoardSchema,
  errors: [404],
});

const createSeasonRoute = routes.admin('post', '/admin/seasons', {
  summary: 'Define a season (name, start, end); it may not overlap another; audited',
  access: 'admin',
  body: seasonInputSchema,
  ok: z.object({ season: seasonSchema }),
  created: true,
  errors: [409],
});

export function seasonRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(listRoute, async (c) => {
    const { handle, now } = c.get('deps');
    const t = now();
    const all = await handle.db.select().from(seasons).orderBy(asc(seasons.startsAt)).limit(500);
    const views = all.map((s) => view(s, t));
    c.header('cache-control', 'no-cache');
    return c.json(
      {
        current: views.find((s) => s.status === 'current') ?? null,
        past: views.filter((s) => s.status === 'ended').reverse(),
        upcoming: views.filter((s) => s.status === 'upcoming'),
      },
      200,
    );
  });

  app.openapi(windowRoute, async (c) => {
    const { handle, now } = c.get('deps');
    const db = handle.db;
    const q = c.req.valid('query');
    const t = now();
    let key: string;
    let label: string;
    let range: { startsAt: Date; endsAt: Date };
    if (q.window === 'season') {
      const s = q.season
        ? (await db.select().from(seasons).where(eq(seasons.id, q.season)))[0]
        : await currentSeason(db, t);
      if (!s) throw new ApiError(404, 'NO_SEASON', MSG.seasons.none);
      key = `season:${s.id}`;
      label = s.name;
      range = { startsAt: s.startsAt, endsAt: s.endsAt };
    } else {
      key = windowKeyAt(q.window as Exclude<WindowKind, 'season'>, t);
      label = q.window === 'week' ? 'This week' : 'This month';
      range = windowRange(key)!;
    }
    const me = c.get('user');
    const [entries, mine] = await Promise.all([windowTop(db, key), me ? windowRank(db, key, me.id) : null]);
    c.header('cache-control', 'no-cache');
    return c.json(
      {
        window: {
          kind: q.window,
          key,
          label,
          startsAt: range.startsAt.toISOString(),
          endsAt: range.endsAt.toISOString(),
          frozen: range.endsAt <= t,
        },
        updatedAt: t.toISOString(),
        entries,
        me: mine,
      },
      200,
    );
  });

  app.openapi(createSeasonRoute, async (c) => {
    const { handle, now } = c.get('deps');
    const input = c.req.valid('json');
    const startsAt = new Date(input.startsAt);
    const endsAt = new Date(input.endsAt);
    const actor = currentUser(c).id;
    const row = await handle.db.transaction(async (tx) => {
      // One season at a time is written: the overlap check below sees every other.
      await tx.execute(sql`lock table seasons in share row exclusive mode`);
      const [clash] = await tx
        .select({ name: seasons.name })
        .from(seasons)
        .where(and(lt(seasons.startsAt, endsAt), gt(seasons.endsAt, startsAt)))
        .limit(1);
      if (clash) throw new ApiError(409, 'SEASON_OVERLAP', MSG.seasons.overlap(clash.name));
      const [s] = await tx
        .insert(seasons)
        .values({ id: randomUUID(), name: input.name, startsAt, endsAt, createdAt: now() })
        .returning();
      // Awards already made in its range count toward it.
      await fillSeason(tx, s!.id, startsAt, endsAt);
      await recordAudit(tx, {
        actorId: actor,
        action: 'season.create',
        targetType: 'season',
        targetId: s!.id,
        before: null,
        after: { name: s!.name, startsAt: input.startsAt, endsAt: input.endsAt },
        reason: null,
      });
      return s!;
    });
    // A season recorded after it ended: its members hear their results now, not at the next hourly run.
    if (row.endsAt <= now())
      void sendSeasonResults(c.get('deps')).catch((err) =>
        c.get('deps').log.warn({ err }, 'season results failed'),
      );
    return c.json({ season: view(row, now()) }, 201);
  });
}
