/**
 * The only code that changes a user's points (principle 2, docs/architecture.md). Each award is
 * one ledger row and one balance update in the caller's transaction; the unique
 * idempotency key makes a repeat a no-op, whatever raced to get here.
 */

import { createHash } from 'node:crypto';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '@/db/client';
import { pointEvents, SCORE_BAND_WIDTH, scoreBands, scoreBuckets, user } from '@/db/schema';
import type { AppDeps } from '@/server/context';
import { lockUser } from '@/server/lib/user-lock';
import { referralMail } from '@/server/mail/templates';
import { LIMITS } from '@/shared/limits';
import { mailboxKey, sameMailbox } from '@/shared/rules/mailbox';
import { addNotification } from '../notifications/inbox';
import { queueCategoryMail } from '../notifications/unsubscribe-link';
import { addToWindows, setWindowsListed } from '../seasons/windows';

export type Award = { userId: string; delta: number; reason: string; sourceId?: string; key: string };

/** Returns true when the points were added now, false when this key was already awarded. */
export async function awardPoints(tx: Tx, award: Award): Promise<boolean> {
  // Lock the user row first: concurrent awards to one user serialise here, so the
  // balance we read is the balance we write.
  const row = await lockUser(tx, award.userId, {
    pointBalance: user.pointBalance,
    disabledAt: user.disabledAt,
  });
  if (!row) throw new Error(`awardPoints: no user ${award.userId}`);
  const balanceAfter = row.pointBalance + award.delta;
  const inserted = await tx
    .insert(pointEvents)
    .values({
      userId: award.userId,
      delta: award.delta,
      balanceAfter,
      reason: award.reason,
      sourceId: award.sourceId,
      idempotencyKey: award.key,
    })
    .onConflictDoNothing({ target: pointEvents.idempotencyKey })
    .returning({ id: pointEvents.id, createdAt: pointEvents.createdAt });
  if (inserted.length === 0) return false;
  // This week's, this month's and the season's boards (issue 19, ADR 0019), in this transaction.
  await addToWindows(tx, award.userId, award.delta, inserted[0]!.createdAt, !row.disabledAt);
  await tx
    .update(user)
    .set({ pointBalance: balanceAfter, scoreReachedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(user.id, award.userId));
  // A disabled user's score is out of the histogram until they are enabled (setScoreListed).
  if (!row.disabledAt) await moveScoreBucket(tx, row.pointBalance, balanceAfter);
  return true;
}

/**
 * Takes a user's score out of the rank histogram and every window's board (disabled: off
 * the leaderboards, counted in nobody's rank) or puts it back (enabled), in the caller's
 * transaction, which holds the user row lock and changes user.disabled_at with it.
 * check-integrity counts only enabled users in the histogram and the window bands.
 */
export async function setScoreListed(tx: Tx, userId: string, points: number, listed: boolean): Promise<void> {
  if (listed) await moveScoreBucket(tx, 0, points);
  else await moveScoreBucket(tx, points, 0);
  await setWindowsListed(tx, userId, listed);
}

/** Keeps the score histogram (users per positive score, and per band of scores) in step with a balance change. */
async function moveScoreBucket(tx: Tx, from: number, to: number) {
  if (from === to) return;
  const fromBand = Math.floor(from / SCORE_BAND_WIDTH);
  const toBand = Math.floor(to / SCORE_BAND_WIDTH);
  if (from > 0) {
    await tx
      .update(scoreBuckets)
      .set({ users: sql`${scoreBuckets.users} - 1` })
      .where(eq(scoreBuckets.points, from));
    await tx.delete(scoreBuckets).where(and(eq(scoreBuckets.points, from), sql`${scoreBuckets.users} <= 0`));
    if (fromBand !== toBand || to <= 0) {
      await tx
        .update(scoreBands)
        .set({ users: sql`${scoreBands.users} - 1` })
        .where(eq(scoreBands.band, fromBand));
    }
  }
  if (to > 0) {
    await tx
      .insert(scoreBuckets)
      .values({ points: to, users: 1 })
      .onConflictDoUpdate({ target: scoreBuckets.points, set: { users: sql`${scoreBuckets.users} + 1` } });
    if (fromBand !== toBand || from <= 0) {
      await tx
        .insert(scoreBands)
        .values({ band: toBand, users: 1 })
        .onConflictDoUpdate({ target: scoreBands.band, set: { users: sql`${scoreBands.users} + 1` } });
    }
  }
}

/** What the referral mail is sent with (the bonus is paid without it, as in unit tests of the ledger). */
export type ReferralMail = Pick<AppDeps, 'mailer' | 'env' | 'now'>;

/**
 * Spec §4 referral reward: once a referred user is verified, the referrer gets
 * +1 referral and +100 XP, exactly once. Safe to call any number of times, from
 * any process: the user row lock and the ledger key make every call but one a no-op.
 * The key is the invitee's mailbox (shared/rules/mailbox.ts), so `a+1@x`, `a+2@x` and
 * Gmail's dotted spellings pay once between them, and an invitee whose mailbox is the
 * referrer's own pays nothing. The referrer gets an inbox row with the bonus; the caller
 * announces it (notifications/inbox.ts `announce`) after the commit.
 *
 * A referrer who has not verified their own address is owed the bonus, not paid it: XP (and
 * a place on the board) goes only to an account someone proved an address for. It is paid
 * when they verify (payReferralsOwedTo); an account nobody verifies is never paid.
 */
/** Returns the referrer's id when the bonus was paid now, null otherwise. */
export async function applyReferralReward(
  tx: Tx,
  userId: string,
  mail?: ReferralMail,
): Promise<string | null> {
  const u = await lockUser(tx, userId, {
    email: user.email,
    name: user.name,
    emailVerified: user.emailVerified,
    referredBy: user.referredBy,
    referralRewarded: user.referralRewarded,
  });
  if (!u?.emailVerified || !u.referredBy || u.referralRewarded) return null;
  const [referrer] = await tx
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      mailOptOut: user.mailOptOut,
    })
    .from(user)
    .where(eq(user.id, u.referredBy));
  if (referrer && !referrer.emailVerified) return null; // owed until the referrer verifies
  await tx.update(user).set({ referralRewarded: true }).where(eq(user.id, userId));
  // The referrer's inbox row is written below, in this transaction, once the bonus is paid.
  if (!referrer || sameMailbox(referrer.email, u.email)) return null;
  const mailbox = createHash('sha256').update(mailboxKey(u.email)).digest('hex').slice(0, 32);
  const awarded = await awardPoints(tx, {
    userId: referrer.id,
    delta: LIMITS.referralRewardPoints,
    reason: 'referral',
    sourceId: userId,
    key: `referral:mailbox:${mailbox}`,
  });
  if (awarded) {
    await tx
      .update(user)
      .set({ referralCount: sql`${user.referralCount} + 1` })
      .where(and(eq(user.id, referrer.id)));
    const told = await addNotification(tx, {
      userId: referrer.id,
      category: 'referrals',
      title: `You earned ${LIMITS.referralRewardPoints} XP for a referral`,
      body: `${u.name} verified their e-mail after joining with your referral link.`,
      link: '/dashboard',
      key: `referral:${mailbox}`,
    });
    // And by mail, unless the referrer turned this category off.
    if (told && mail)
      await queueCategoryMail(
        tx,
        mail,
        referrer,
        'referrals',
        referralMail({
          name: referrer.name,
          invitee: u.name,
          points: LIMITS.referralRewardPoints,
          url: `${mail.env.APP_URL}/dashboard`,
        }),
      );
  }
  return awarded ? referrer.id : null;
}

/**
 * A referrer has just verified: the bonuses for invitees who verified before them are paid
 * now, one transaction each, as applyReferralReward would have. Returns how many were paid.
 */
export async function payReferralsOwedTo(
  db: Database,
  referrerId: string,
  mail?: ReferralMail,
): Promise<number> {
  const owed = await db
    .select({ id: user.id })
    .from(user)
    .where(
      and(eq(user.referredBy, referrerId), eq(user.emailVerified, true), eq(user.referralRewarded, false)),
    );
  let paid = 0;
  for (const { id } of owed) if (await db.transaction((tx) => applyReferralReward(tx, id, mail))) paid += 1;
  return paid;
}

/**
 * Pays the referral bonuses a crash left unpaid (the process died between the
 * verification and the reward's transaction). Run once at boot, before serving:
 * a GET never changes state, so no request settles them.
 */
export async function settlePendingReferrals(
  db: Database,
  onPaid?: (referrerId: string) => void,
  mail?: ReferralMail,
): Promise<number> {
  // Not those owed to a referrer who has not verified yet: their verification pays them.
  const referrer = alias(user, 'referrer');
  const pending = await db
    .select({ id: user.id })
    .from(user)
    .leftJoin(referrer, eq(referrer.id, user.referredBy))
    .where(
      and(
        eq(user.emailVerified, true),
        isNotNull(user.referredBy),
        eq(user.referralRewarded, false),
        or(isNull(referrer.id), eq(referrer.emailVerified, true)),
      ),
    );
  let paid = 0;
  for (const { id } of pending) {
    const referrer = await db.transaction((tx) => applyReferralReward(tx, id, mail));
    if (referrer) {
      paid += 1;
      onPaid?.(referrer);
    }
  }
  return paid;
}
