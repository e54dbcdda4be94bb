/**
 * `npm run demo`, issue 18: a community with a past, so /admin/users, /admin/audit and the
 * /admin/insights charts mean something.
 *
 * - 48 members who joined over the last eight weeks (most verified), a third of them
 *   referred by a demo user and paid through the real referral reward;
 * - their contributions over those weeks: rewarded (through the ledger, under the reward's
 *   own key), rejected, and pending, a few of them past the 24-hour promise;
 * - a trusted member, Rhea, with a long record of rewarded work, made a reviewer (up to
 *   50 XP per item), and Sofia (a demo user one can sign in as), a reviewer too, who
 *   has sent one member's contribution back for changes;
 * - a disabled member, and the admin's XP corrections, a reverted reward and a role change,
 *   each through the same functions the admin's buttons call, so the audit log has them.
 *
 * Idempotent: fixed e-mails, link keys and ledger keys; every action is skipped when its
 * record already exists (a second run changes nothing). The ledger rows and reviews are
 * dated back to when the history says they happened; nothing else is back-dated.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { contributions, pointEvents, user } from '@/db/schema';
import type { AppDeps } from '@/server/context';
import { contributionDecision } from '@/server/features/contributions/review';
import { decide } from '@/server/features/review/decide';
import { correctXp, setDisabled, setRole } from '@/server/features/users/moderation';
import { setReviewer } from '@/server/features/users/reviewers';
import { applyReferralReward, awardPoints } from '@/server/features/xp/ledger';
import { revertReward } from '@/server/features/xp/revert';
import { displayNameKey } from '@/server/lib/display-name';
import { ApiError } from '@/server/lib/errors';
import { linkKey } from '@/shared/rules/links';
import { seedAbuse } from './demo-abuse';
import { seedWinners } from './demo-winners';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const FIRST = ['Ana', 'Bao', 'Chidi', 'Dara', 'Eli', 'Farah', 'Goran', 'Hana', 'Ivo', 'Jae', 'Kira', 'Lior'];
const LAST = ['Byte', 'Chain', 'Delta', 'Forge', 'Gas', 'Merkle', 'Node', 'Oracle', 'Proof', 'Rollup'];
const ROLES = ['builder', 'creator', 'developer', 'Community Member', 'ambassador'] as const;
const TITLES = [
  'Thread on the grants program',
  'Video walkthrough of the SDK',
  'Meetup recap',
  'Tutorial: first bounty',
  'Translation of the docs',
  'Explainer on XP and ranks',
];

/** A stable pseudo-random number in [0, 1) for a label: the same history on every run. */
export function rand(label: string): number {
  return createHash('sha256').update(label).digest().readUInt32BE(0) / 2 ** 32;
}

export type HistoryDeps = Pick<
  AppDeps,
  'handle' | 'mailer' | 'env' | 'now' | 'sessions' | 'bus' | 'log' | 'leaderboard'
>;

/** Runs an admin action; a 409 means it was done by an earlier run (already disabled, same role, reverted). */
async function once(action: () => Promise<unknown>) {
  try {
    await action();
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 409)) throw err;
  }
}

export async function member(
  deps: HistoryDeps,
  m: { email: string; name: string; role: string; joined: Date; verified: boolean; referredBy?: string },
): Promise<string> {
  const { db } = deps.handle;
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, m.email));
  if (existing) return existing.id;
  const id = createHash('sha256').update(m.email).digest('hex').slice(0, 24);
  await db.insert(user).values({
    id,
    name: m.name,
    email: m.email,
    emailVerified: m.verified,
    username: displayNameKey(m.name),
    role: m.role,
    createdAt: m.joined,
    updatedAt: m.joined,
    referredBy: m.referredBy ?? null,
  });
  if (m.referredBy && m.verified) {
    const referrer = await db.transaction((tx) => applyReferralReward(tx, id));
    if (referrer)
      await db.execute(
        sql`update ${pointEvents} set created_at = ${new Date(m.joined.getTime() + HOUR)} where source_id = ${id} and reason = 'referral'`,
      );
  }
  return id;
}

/** One contribution at `at`, decided `reviewHours` later (or pending), with its counters and reward. */
export async function contribution(
  deps: Pick<HistoryDeps, 'handle'>,
  c: {
    userId: string;
    name: string;
    title: string;
    link: string;
    at: Date;
    outcome: 'approved' | 'rejected' | 'pending';
    points: number;
    reviewHours: number;
  },
) {
  const { db } = deps.handle;
  const key = linkKey(c.link)!;
  const [done] = await db
    .select({ id: contributions.id })
    .from(contributions)
    .where(eq(contributions.linkKey, key));
  if (done) return done.id;
  const reviewedAt = c.outcome === 'pending' ? null : new Date(c.at.getTime() + c.reviewHours * HOUR);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contributions)
      .values({
        userId: c.userId,
        title: c.title,
        type: 'tweet',
        contributor: c.name,
        link: c.link,
        linkKey: key,
        status: c.outcome,
        reason: c.outcome === 'rejected' ? 'The link does not mention Sysfi.' : null,
        rewardPoints: c.outcome === 'approved' ? c.points : null,
        createdAt: c.at,
        updatedAt: reviewedAt ?? c.at,
        reviewedAt,
      })
      .returning({ id: contributions.id });
    await tx
      .update(user)
      .set({
        totalContributions: sql`${user.totalContributions} + 1`,
        ...(c.outcome === 'approved' ? { approvedContribution: sql`${user.approvedContribution} + 1` } : {}),
        ...(c.outcome === 'rejected' ? { rejectedContribution: sql`${user.rejectedContribution} + 1` } : {}),
      })
      .where(eq(user.id, c.userId));
    if (c.outcome === 'approved') {
      await awardPoints(tx, {
        userId: c.userId,
        delta: c.points,
        reason: 'contribution',
        sourceId: row!.id,
        key: `contribution:${row!.id}`,
      });
      await tx
        .update(pointEvents)
        .set({ createdAt: reviewedAt! })
        .where(eq(pointEvents.idempotencyKey, `contribution:${row!.id}`));
    }
    return row!.id;
  });
}

export async function seedHistory(deps: HistoryDeps, ids: Map<string, string>, adminId: string) {
  const now = deps.now().getTime();
  const referrers = ['ada@demo.sysfi.local', 'grace@demo.sysfi.local', 'sofia@demo.sysfi.local'];
  let n = 0;

  // 48 members over eight weeks, more of them recently; each with a few contributions.
  for (let i = 0; i < 48; i++) {
    const label = `history-${i}`;
    const joined = new Date(now - Math.floor((1 - Math.sqrt(rand(`${label}:joined`))) * 56 * DAY) - 2 * HOUR);
    const verified = rand(`${label}:verified`) < 0.8;
    const referred = rand(`${label}:referred`) < 0.35;
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i >= 120 ? i : ''}`;
    const id = await member(deps, {
      email: `member${String(i).padStart(2, '0')}@demo.sysfi.local`,
      name,
      role: ROLES[i % ROLES.length]!,
      joined,
      verified,
      ...(referred ? { referredBy: ids.get(referrers[i % referrers.length]!)! } : {}),
    });
    if (!verified) continue;
    const count = Math.floor(rand(`${label}:count`) * 5);
    for (let k = 0; k < count; k++) {
      const at = new Date(joined.getTime() + rand(`${label}:${k}:at`) * (now - joined.getTime()));
      const roll = rand(`${label}:${k}:outcome`);
      const age = now - at.getTime();
      // Recent items may still wait; a few are past the 24-hour promise (the queue-health card).
      const outcome =
        age < 2 * HOUR || (age < 3 * DAY && roll < 0.5) ? 'pending' : roll < 0.72 ? 'approved' : 'rejected';
      const reviewHours = Math.min(age / HOUR - 1, 1 + Math.floor(rand(`${label}:${k}:review`) ** 2 * 60));
      await contribution(deps, {
        userId: id,
        name,
        title: TITLES[(i + k) % TITLES.length]!,
        link: `https://x.com/sysfi_history/status/${19_000_000 + i * 10 + k}`,
        at,
        outcome,
        points: 10 + Math.floor(rand(`${label}:${k}:points`) * 8) * 5,
        reviewHours: Math.max(1, reviewHours),
      });
      n += 1;
    }
  }

  // Rhea: trusted, steady work rewarded every week: the reviewer-to-be.
  const rhea = await member(deps, {
    email: 'rhea@demo.sysfi.local',
    name: 'Rhea Reviewer',
    role: 'ambassador',
    joined: new Date(now - 60 * DAY),
    verified: true,
  });
  await deps.handle.db
    .update(user)
    .set({ bio: 'Trusted community member for two months; reviews contributions.' })
    .where(and(eq(user.id, rhea), sql`${user.bio} is null`));
  for (let w = 0; w < 8; w++) {
    await contribution(deps, {
      userId: rhea,
      name: 'Rhea Reviewer',
      title: TITLES[w % TITLES.length]!,
      link: `https://x.com/sysfi_rhea/status/${19_500_000 + w}`,
      at: new Date(now - (56 - w * 7) * DAY),
      outcome: 'approved',
      points: 40,
      reviewHours: 6 + w,
    });
  }

  // A spammer: posts the same link as others, then the admin disables the account.
  const spam = await member(deps, {
    email: 'spam@demo.sysfi.local',
    name: 'Sly Spammer',
    role: 'builder',
    joined: new Date(now - 5 * DAY),
    verified: true,
  });
  await contribution(deps, {
    userId: spam,
    name: 'Sly Spammer',
    title: 'Free airdrop!!!',
    link: 'https://x.com/sysfi_spam/status/19900000',
    at: new Date(now - 2 * DAY),
    outcome: 'pending',
    points: 0,
    reviewHours: 0,
  });
  await once(() => setDisabled(deps, spam, true, 'Posting airdrop scam links in contributions.', adminId));

  // The admin's corrections, each audited: a grant, a deduction, a reverted reward, a role change.
  const grace = ids.get('grace@demo.sysfi.local')!;
  const kofi = ids.get('kofi@demo.sysfi.local')!;
  await correctXp(
    deps,
    rhea,
    { delta: 150, reason: 'Hosted the community call', key: 'demo-rhea-call' },
    adminId,
  );
  await correctXp(
    deps,
    grace,
    { delta: -20, reason: 'Bounty XP counted twice', key: 'demo-grace-twice' },
    adminId,
  );
  // Rhea's first reward turns out to be a duplicate of another member's thread: reverted.
  const [rheaReward] = await deps.handle.db
    .select({ id: pointEvents.id })
    .from(pointEvents)
    .where(and(eq(pointEvents.userId, rhea), sql`${pointEvents.idempotencyKey} like 'contribution:%'`))
    .orderBy(pointEvents.id)
    .limit(1);
  if (rheaReward)
    await once(() =>
      revertReward(
        deps,
        rhea,
        { eventId: String(rheaReward.id), reason: 'Same thread rewarded twice' },
        adminId,
      ),
    );
  await once(() => setRole(deps, kofi, 'ambassador', 'Runs the Accra meetups now', adminId));

  // Reviewers (issue 18): Rhea (up to 50 XP per contribution) and Sofia, whom a visitor
  // can sign in as (up to 40 XP). Sofia has sent one member's contribution back for changes.
  const sofia = ids.get('sofia@demo.sysfi.local');
  await once(() => setReviewer(deps, rhea, 50, 'Two months of steady, accurate work', adminId));
  if (sofia) {
    await once(() => setReviewer(deps, sofia, 40, 'Knows the community; helps with the queue', adminId));
    const [waiting] = await deps.handle.db
      .select({ id: contributions.id })
      .from(contributions)
      .innerJoin(user, eq(user.id, contributions.userId))
      .where(
        and(
          eq(contributions.status, 'pending'),
          sql`${contributions.userId} not in (${sofia}, ${spam})`,
          sql`${user.referredBy} is distinct from ${sofia}`,
          sql`${user.disabledAt} is null`,
        ),
      )
      .orderBy(contributions.createdAt)
      .limit(1);
    const [sentBack] = await deps.handle.db
      .select({ id: contributions.id })
      .from(contributions)
      .where(eq(contributions.status, 'changes_requested'))
      .limit(1);
    if (waiting && !sentBack)
      await once(() =>
        decide(
          deps,
          contributionDecision,
          waiting.id,
          { action: 'changes', note: 'Please link the first tweet of the thread, not a reply.' },
          { userId: sofia, role: 'reviewer' },
        ),
      );
  }
  // One of each abuse signal for /admin/insights, on Rhea's second thread for the shared link.
  await seedAbuse(deps, now, 'https://x.com/sysfi_rhea/status/19500001');
  // A bounty with its winners announced (issue 19).
  await seedWinners(deps, ids);
  return { contributions: n };
}
