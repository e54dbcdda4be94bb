/**
 * The operator's procedure for a user who lost every second factor (docs/operations.md):
 * never an in-app back door, a command run on the server after the person proved who they
 * are out of band. Removes the TOTP secret and backup codes, turns two-factor off and ends
 * every session of the account, in one transaction; then tells every running app process
 * on PostgreSQL to forget the account's cached sessions (the bus's NOTIFY, ADR 0014).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { session, twoFactor, usedTotpCode, user } from '@/db/schema';
import { SESSIONS_REVOKED_TOPIC } from '@/server/auth/session-cache';
import { CHANNEL } from '@/server/realtime/bus';

export type ResetResult = { userId: string; email: string; sessionsEnded: number } | null;

export async function resetSecondFactor(db: Database, email: string): Promise<ResetResult> {
  const res = await db.transaction(async (tx) => {
    const [u] = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
      .for('update');
    if (!u) return null;
    await tx.delete(twoFactor).where(eq(twoFactor.userId, u.id));
    await tx.delete(usedTotpCode).where(eq(usedTotpCode.userId, u.id));
    await tx.update(user).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, u.id));
    const ended = await tx.delete(session).where(eq(session.userId, u.id)).returning({ id: session.id });
    return { userId: u.id, email: u.email, sessionsEnded: ended.length };
  });
  if (res) {
    const event = { topic: SESSIONS_REVOKED_TOPIC, data: { userId: res.userId } };
    await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
  }
  return res;
}
