/**
 * The day-5 reminder (issue 19): a requester whose bounty passed its deadline
 * LIMITS.winnersReminderDay days ago, with no winners announced, gets one mail saying how
 * long they have left. A pg-boss scheduled job (hourly) runs the check on one process; each
 * bounty is claimed by setting winners_reminded_at in the transaction that queues its mail
 * (ADR 0013), so retries and several processes still send it once.
 */
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { bounties, user } from '@/db/schema';
import type { AppDeps } from '@/server/context';
import { scheduledJobStarter } from '@/server/lib/scheduled-job';
import { renderMail } from '@/server/mail/templates';
import { LIMITS } from '@/shared/limits';
import { MSG } from '@/shared/messages';
import { winnersDue } from '@/shared/rules/bounty';

export const WINNERS_REMINDER_QUEUE = 'bounty-winners-reminder';
export const WINNERS_REMINDER_CRON = '17 * * * *';

type Deps = Pick<AppDeps, 'handle' | 'mailer' | 'env' | 'now' | 'log'>;

/** Sends every reminder due at deps.now(); returns how many were queued. */
export async function sendWinnersReminders(deps: Deps): Promise<number> {
  const now = deps.now();
  const since = new Date(now.getTime() - LIMITS.winnersReminderDay * 86_400_000);
  const sent = await deps.handle.db.transaction(async (tx) => {
    const claimed = await tx
      .update(bounties)
      .set({ winnersRemindedAt: now })
      .where(
        and(
          isNull(bounties.winnersAnnouncedAt),
          isNull(bounties.winnersRemindedAt),
          isNotNull(bounties.deadline),
          isNotNull(bounties.requesterId),
          lte(bounties.deadline, since),
        ),
      )
      .returning({
        id: bounties.id,
        title: bounties.title,
        deadline: bounties.deadline,
        requesterId: bounties.requesterId,
      });
    let n = 0;
    for (const b of claimed) {
      const [who] = await tx
        .select({ email: user.email, name: user.name, disabledAt: user.disabledAt })
        .from(user)
        .where(eq(user.id, b.requesterId!));
      if (!who || who.disabledAt) continue;
      const due = winnersDue(b.deadline, null, now);
      const left = due && !due.overdue ? `${due.daysLeft + 1} ${due.daysLeft === 0 ? 'day' : 'days'}` : null;
      await deps.mailer.enqueue(
        who.email,
        renderMail({
          subject: MSG.winners.reminderSubject(b.title),
          name: who.name,
          paragraphs: [
            `The deadline of your bounty “${b.title}” has passed. Winners are picked within ${LIMITS.winnersDueDays} days of the deadline${left ? `: you have ${left} left` : ''}.`,
            `Until they are announced you cannot request a new bounty once those ${LIMITS.winnersDueDays} days are over.`,
          ],
          action: {
            label: 'Pick the winners',
            url: `${deps.env.APP_URL}/bounties?winners=${encodeURIComponent(b.id)}`,
          },
        }),
        tx,
      );
      n += 1;
    }
    return n;
  });
  if (sent > 0) {
    void deps.mailer.deliverDue();
    deps.log.info({ sent }, 'bounty winners reminders queued');
  }
  return sent;
}

/** Registers the job's queue, worker and (when `schedule`) hourly schedule; returns a stop function. */
export const startWinnersReminders = scheduledJobStarter(
  WINNERS_REMINDER_QUEUE,
  WINNERS_REMINDER_CRON,
  sendWinnersReminders,
);
