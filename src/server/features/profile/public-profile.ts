/**
 * Public profiles (issue 19): /u/{name} for anyone, signed in or not. What it shows is
 * public by nature (name, avatar, role, bio, links, XP and all-time rank, approved
 * contributions, bounties won, projects, approved grants), never the e-mail. A hidden
 * profile, a disabled account and an unknown name all answer the same 404.
 *
 *   GET /api/u/{name}                 the profile
 *   GET /api/u/{name}/contributions   its approved contributions, keyset pages
 *
 * The page's first paint and its Open Graph tags are drawn by the server from the same
 * read (public-page.ts).
 */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { contributions, grants, projects, user } from '@/db/schema';
import type { AppBindings } from '@/server/context';
import { bountiesWonBy } from '@/server/features/bounties/winners';
import { userContributionsPage } from '@/server/features/contributions/contributions.data';
import type { LeaderboardService } from '@/server/features/leaderboard/leaderboard.service';
import { seasonBadges } from '@/server/features/seasons/seasons.index';
import { displayNameKey } from '@/server/lib/display-name';
import { notFound } from '@/server/lib/errors';
import { routes } from '@/server/lib/route';
import {
  type PublicContributions,
  type PublicProfile,
  publicContributionsSchema,
  publicProfileSchema,
} from '@/shared/schemas/public-profile';

const PAGE = 10;

/** The visible user a name (as typed, any case) names, or null: hidden and disabled ones are not found. */
export async function findPublicUser(db: DbExecutor, name: string) {
  const key = displayNameKey(name.slice(0, 200));
  if (!key) return null;
  const [u] = await db
    .select()
    .from(user)
    .where(and(eq(user.username, key), eq(user.profileHidden, false), isNull(user.disabledAt)));
  return u?.emailVerified ? u : null;
}

export async function publicProfile(
  db: DbExecutor,
  board: Pick<LeaderboardService, 'rankOf'>,
  name: string,
  now: Date,
): Promise<PublicProfile | null> {
  const u = await findPublicUser(db, name);
  if (!u) return null;
  const [rank, badges, won, owned, granted] = await Promise.all([
    board.rankOf(u.pointBalance),
    seasonBadges(db, u.id, now),
    bountiesWonBy(db, u.id),
    db
      .select({ id: projects.id, title: projects.title, website: projects.website })
      .from(projects)
      .where(eq(projects.ownerId, u.id))
      .orderBy(desc(projects.createdAt))
      .limit(20),
    db
      .select({ id: grants.id, project: projects.title, amount: grants.amount, currency: grants.currency })
      .from(grants)
      .leftJoin(projects, eq(projects.id, grants.projectId))
      .where(and(eq(grants.applicantId, u.id), eq(grants.status, 'approved')))
      .orderBy(desc(grants.decidedAt))
      .limit(20),
  ]);
  return {
    profile: {
      uid: u.id,
      displayName: u.name,
      photoURL: u.image,
      role: u.role,
      bio: u.bio,
      twitterHandle: u.twitterHandle,
      githubHandle: u.githubHandle,
      personalWebsite: u.personalWebsite,
      xp: u.pointBalance,
      rank,
      joinedAt: u.createdAt.toISOString(),
    },
    badges,
    bountiesWon: won.map((w) => ({
      bountyId: w.bountyId,
      title: w.title,
      place: w.place,
      prizeXp: w.prizeXp,
    })),
    projects: owned,
    grants: granted.map((g) => ({ ...g, amount: String(g.amount) })),
  };
}

/** One keyset page of the user's approved contributions, newest first. */
export async function publicContributions(
  db: DbExecutor,
  userId: string,
  cursor: string | undefined,
): Promise<PublicContributions> {
  const { items, nextCursor } = await userContributionsPage(
    db,
    userId,
    cursor,
    eq(contributions.status, 'approved'),
    PAGE,
  );
  return {
    items: items.map((c) => ({
      id: c.id,
      title: c.title,
      type: c.type,
      link: c.link,
      rewardPoints: c.rewardPoints,
      reviewedAt: c.reviewedAt?.toISOString() ?? null,
    })),
    nextCursor,
  };
}

const nameParam = z.object({ name: z.string().min(1).max(200) });

const profileRoute = routes.profile('get', '/u/{name}', {
  summary:
    'A public profile by display name (any case); 404 when hidden, disabled or unknown. Never the e-mail.',
  params: nameParam,
  ok: publicProfileSchema,
  errors: [404],
});

const contributionsRoute = routes.profile('get', '/u/{name}/contributions', {
  summary: 'A public profile’s approved contributions, newest first, 10 per page (cursor = nextCursor)',
  params: nameParam,
  query: z.object({ cursor: z.string().max(200).optional() }),
  ok: publicContributionsSchema,
  errors: [404],
});

export function publicProfileRoutes(app: OpenAPIHono<AppBindings>) {
  app.openapi(profileRoute, async (c) => {
    const { handle, leaderboard, now } = c.get('deps');
    const out = await publicProfile(handle.db, leaderboard, c.req.valid('param').name, now());
    if (!out) throw notFound();
    c.header('cache-control', 'no-cache');
    return c.json(out, 200);
  });
  app.openapi(contributionsRoute, async (c) => {
    const db = c.get('deps').handle.db;
    const u = await findPublicUser(db, c.req.valid('param').name);
    if (!u) throw notFound();
    return c.json(await publicContributions(db, u.id, c.req.valid('query').cursor), 200);
  });
}
