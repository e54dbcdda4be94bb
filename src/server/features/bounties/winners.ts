/**
 * Bounty submissions and winners (issue 19). /docs promises "bounty winners are picked
 * within 7 days"; this makes it true:
 *
 * - an applicant submits their work (a link and a note) and edits it until the deadline;
 *   the requester and the admin see the submissions;
 * - after the deadline the requester or the admin announces up to 3 winners in podium
 *   order, each with an optional XP prize: one decision through review/decide.ts (the
 *   bounty row locked, so a second announcement answers 409), prizes through the ledger
 *   under a key per place (paid once under any concurrency), each winner told by inbox
 *   and mail;
 * - the requester sees a 7-day countdown (shared/rules/bounty.ts winnersDue), gets a
 *   reminder on day 5 (winners-reminder.ts), and cannot request a new bounty while one of
 *   theirs is more than 7 days past its deadline without winners (overdueBountyOf).
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '@/db/client';
import { bounties, bountyApplicants, bountySubmissions, bountyWinners, user } from '@/db/schema';
import { profileShown } from '@/server/features/profile/shown';
import type { DecisionFlow } from '@/server/features/review/decide';
import { refuseIfDisabled } from '@/server/features/users/moderation';
import { ownerEnabled } from '@/server/features/users/owner-enabled';
import { ApiError, notFound } from '@/server/lib/errors';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { canPickWinners, isPastDeadline, placeLabel } from '@/shared/rules/bounty';
import type { Bounty, BountySubmission } from '@/shared/schemas/bounties';
import { awardPoints } from '../xp/ledger';

type BountyRow = typeof bounties.$inferSelect;
export type WinnersDecision = { winners: Array<{ userId: string; prizeXp: number }> };

const W = MSG.winners;

/** The bounty, or a 404. */
export async function bountyOr404(db: DbExecutor, id: string): Promise<BountyRow> {
  const [b] = await db.select().from(bounties).where(eq(bounties.id, id));
  if (!b) throw notFound();
  return b;
}

/** Only the requester and the admin see a bounty's submissions and pick its winners. */
export function assertRequesterOrAdmin(b: BountyRow, userId: string, isAdmin: boolean): void {
  if (!isAdmin && b.requesterId !== userId) throw new ApiError(403, 'FORBIDDEN', W.onlyRequester);
}

/** An applicant's submission, created or edited until the deadline (the applicant row is the right to submit). */
export async function saveSubmission(
  db: DbExecutor & { transaction: Database['transaction'] },
  bountyId: string,
  userId: string,
  input: { link: string; note: string },
  now: Date,
): Promise<BountySubmission> {
  return db.transaction(async (tx) => {
    // Under a share lock on the bounty: an announcement (which locks it for update) either
    // came first and closes submissions, or waits for this one.
    const [b] = await tx.select().from(bounties).where(eq(bounties.id, bountyId)).for('share');
    if (!b) throw notFound();
    if (isPastDeadline(b.deadline, now) || b.winnersAnnouncedAt)
      throw new ApiError(409, 'SUBMISSIONS_CLOSED', W.submissionClosed);
    const [applied] = await tx
      .select({ id: bountyApplicants.id })
      .from(bountyApplicants)
      .where(and(eq(bountyApplicants.bountyId, bountyId), eq(bountyApplicants.userId, userId)));
    if (!applied) throw new ApiError(403, 'NOT_APPLICANT', W.submitApplyFirst);
    await refuseIfDisabled(tx, userId);
    const [row] = await tx
      .insert(bountySubmissions)
      .values({ bountyId, userId, link: input.link, note: input.note, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [bountySubmissions.bountyId, bountySubmissions.userId],
        set: { link: input.link, note: input.note, updatedAt: now },
      })
      .returning();
    return submissionView(row!, '');
  });
}

function submissionView(r: typeof bountySubmissions.$inferSelect, displayName: string): BountySubmission {
  return {
    userId: r.userId,
    displayName,
    link: r.link,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The viewer's own submission to a bounty, or null. */
export async function mySubmission(db: DbExecutor, bountyId: string, userId: string) {
  const [row] = await db
    .select()
    .from(bountySubmissions)
    .where(and(eq(bountySubmissions.bountyId, bountyId), eq(bountySubmissions.userId, userId)));
  return row ? submissionView(row, '') : null;
}

/** Every submission to a bounty, oldest first, without disabled accounts' (issue 18). */
export async function submissionsOf(db: DbExecutor, bountyId: string): Promise<BountySubmission[]> {
  const rows = await db
    .select({ s: bountySubmissions, name: user.name })
    .from(bountySubmissions)
    .innerJoin(user, eq(user.id, bountySubmissions.userId))
    .where(and(eq(bountySubmissions.bountyId, bountyId), ownerEnabled(bountySubmissions.userId)))
    .orderBy(asc(bountySubmissions.createdAt), asc(bountySubmissions.id))
    .limit(500);
  return rows.map((r) => submissionView(r.s, r.name));
}

/** The podiums of these bounties (announced ones only), by bounty id. */
export async function winnersOf(db: DbExecutor, ids: string[]): Promise<Map<string, Bounty['winners']>> {
  const out = new Map<string, Bounty['winners']>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      bountyId: bountyWinners.bountyId,
      place: bountyWinners.place,
      userId: bountyWinners.userId,
      displayName: user.name,
      profile: profileShown(),
      prizeXp: bountyWinners.prizeXp,
    })
    .from(bountyWinners)
    .innerJoin(user, eq(user.id, bountyWinners.userId))
    .where(inArray(bountyWinners.bountyId, ids))
    .orderBy(asc(bountyWinners.bountyId), asc(bountyWinners.place));
  for (const r of rows) {
    const list = out.get(r.bountyId) ?? [];
    list.push({
      place: r.place,
      userId: r.userId,
      displayName: r.displayName,
      profile: r.profile,
      prizeXp: r.prizeXp,
    });
    out.set(r.bountyId, list);
  }
  return out;
}

/** The bounties a user won, newest first (their public profile shows them). */
export async function bountiesWonBy(db: DbExecutor, userId: string) {
  return db
    .select({
      bountyId: bounties.id,
      title: bounties.title,
      reward: bounties.reward,
      place: bountyWinners.place,
      prizeXp: bountyWinners.prizeXp,
      announcedAt: bounties.winnersAnnouncedAt,
    })
    .from(bountyWinners)
    .innerJoin(bounties, eq(bounties.id, bountyWinners.bountyId))
    .where(eq(bountyWinners.userId, userId))
    .orderBy(sql`${bounties.winnersAnnouncedAt} desc`)
    .limit(50);
}

/**
 * A bounty of this requester more than LIMITS.winnersDueDays past its deadline with no
 * winners announced, or null. A new bounty request is refused while there is one.
 */
export async function overdueBountyOf(db: DbExecutor, requesterId: string, now: Date) {
  const [row] = await db
    .select({ id: bounties.id, title: bounties.title, deadline: bounties.deadline })
    .from(bounties)
    .where(
      and(
        eq(bounties.requesterId, requesterId),
        isNull(bounties.winnersAnnouncedAt),
        isNotNull(bounties.deadline),
        lt(bounties.deadline, new Date(now.getTime() - LIMITS.winnersDueDays * 86_400_000)),
      ),
    )
    .orderBy(asc(bounties.deadline))
    .limit(1);
  return row ? { id: row.id, title: row.title, deadline: row.deadline!.toISOString() } : null;
}

/** Announcing the winners: one decision (review/decide.ts), the bounty row locked. */
export const winnersDecision: DecisionFlow<BountyRow, WinnersDecision, BountyRow> = {
  subject: 'bounty_winners',
  lock: async (tx, id) => (await tx.select().from(bounties).where(eq(bounties.id, id)).for('update'))[0],
  ownerOf: (b) => b.requesterId ?? '',
  ownerRule: (b, userId) => b.requesterId === userId,
  check() {
    // The time rule needs the decision's instant: apply() checks it (canPickWinners).
  },
  async apply(tx, b, decision, at) {
    if (b.winnersAnnouncedAt) throw new ApiError(409, 'ALREADY_ANNOUNCED', W.alreadyAnnounced);
    if (!canPickWinners(b.deadline, b.winnersAnnouncedAt, at)) throw new ApiError(409, 'NOT_YET', W.notYet);
    const ids = decision.winners.map((w) => w.userId);
    if (b.requesterId && ids.includes(b.requesterId))
      throw new ApiError(409, 'REQUESTER_CANNOT_WIN', W.requesterCannotWin);
    const submitted = await tx
      .select({ userId: bountySubmissions.userId })
      .from(bountySubmissions)
      .where(
        and(
          eq(bountySubmissions.bountyId, b.id),
          inArray(bountySubmissions.userId, ids),
          ownerEnabled(bountySubmissions.userId),
        ),
      );
    if (submitted.length !== ids.length) throw new ApiError(409, 'NOT_SUBMITTED', W.winnerNotSubmitted);
    await tx.insert(bountyWinners).values(
      decision.winners.map((w, i) => ({
        bountyId: b.id,
        place: i + 1,
        userId: w.userId,
        prizeXp: w.prizeXp,
        createdAt: at,
      })),
    );
    for (const [i, w] of decision.winners.entries()) {
      if (w.prizeXp > 0)
        await awardPoints(tx, {
          userId: w.userId,
          delta: w.prizeXp,
          reason: `bounty: ${placeLabel(i + 1)} place in “${b.title}”`,
          sourceId: b.id,
          key: `bounty-win:${b.id}:${i + 1}`,
        });
    }
    const [row] = await tx
      .update(bounties)
      .set({ winnersAnnouncedAt: at })
      .where(eq(bounties.id, b.id))
      .returning();
    // The audit log names the winners as they were called when they won: "1st Ada (100 XP)".
    const names = new Map(
      (await tx.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, ids))).map((u) => [
        u.id,
        u.name,
      ]),
    );
    return {
      result: row!,
      record: {
        action: `winners:${decision.winners.map((w) => `${w.userId}=${w.prizeXp}`).join(',')}`,
        note: null,
        shown: decision.winners
          .map((w, i) => `${placeLabel(i + 1)} ${names.get(w.userId) ?? w.userId} (${w.prizeXp} XP)`)
          .join(', '),
      },
      notice: null,
      notices: decision.winners.map((w, i) => ({
        userId: w.userId,
        notice: {
          what: `submission to the bounty “${b.title}”`,
          approved: true,
          outcome: `awarded ${placeLabel(i + 1)} place`,
          extra: w.prizeXp > 0 ? `You earned ${w.prizeXp} XP.` : undefined,
          path: '/bounties',
          label: 'See the bounty',
        },
      })),
    };
  },
};
