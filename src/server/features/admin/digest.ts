/**
 * The admin's daily overdue digest (issue 18): while any review item waits longer than the
 * 24-hour promise, the admin gets one mail a day that lists the overdue queues; none when
 * nothing is overdue. A pg-boss scheduled job (hourly, UTC) runs the check on one process;
 * the mail is queued (ADR 0013) in the transaction that records the day in admin_digests,
 * so retries, missed hours and several processes still send at most one a day.
 */

import { adminDigests } from '@/db/schema';
import type { AppDeps } from '@/server/context';
import { scheduledJobStarter } from '@/server/lib/scheduled-job';
import { renderMail } from '@/server/mail/templates';
import { REVIEW_PROMISE_MS } from '@/shared/rules/review';
import { queueHealth } from './queue-health';

export const DIGEST_QUEUE = 'admin-digest';
/** Every hour: the first run of a UTC day that finds overdue items sends that day's digest. */
export const DIGEST_CRON = '7 * * * *';

type Deps = Pick<AppDeps, 'handle' | 'mailer' | 'env' | 'now' | 'log'>;

const hoursSince = (now: Date, at: Date) => Math.floor((now.getTime() - at.getTime()) / 3_600_000);

/** Runs the check once, at deps.now(): 'sent' (queued now), 'already' (sent today) or 'none' (nothing overdue). */
export async function sendOverdueDigest(deps: Deps): Promise<'sent' | 'already' | 'none'> {
  const now = deps.now();
  const queues = await queueHealth(deps.handle.db, new Date(now.getTime() - REVIEW_PROMISE_MS));
  const overdue = queues.filter((q) => q.overdue > 0);
  const total = overdue.reduce((n, q) => n + q.overdue, 0);
  if (total === 0) return 'none';
  const day = now.toISOString().slice(0, 10);
  const sent = await deps.handle.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(adminDigests)
      .values({ day, overdue: total, sentAt: now })
      .onConflictDoNothing()
      .returning({ day: adminDigests.day });
    if (!row) return false;
    await deps.mailer.enqueue(
      deps.env.ADMIN_EMAIL,
      renderMail({
        subject: `${total} review ${total === 1 ? 'item is' : 'items are'} overdue`,
        paragraphs: [
          `These items have waited longer than the ${REVIEW_PROMISE_MS / 3_600_000}-hour review promise on /docs:`,
          ...overdue.map(
            (q) =>
              `${q.label}: ${q.overdue} overdue of ${q.pending} pending${q.oldestAt ? `, the oldest waiting ${hoursSince(now, q.oldestAt)} h` : ''}.`,
          ),
          'You get this digest at most once a day, and only while something is overdue.',
        ],
        action: { label: 'Open the admin home', url: `${deps.env.APP_URL}/admin` },
        footer: 'You receive this as the Sysfi Labs admin.',
      }),
      tx,
    );
    return true;
  });
  if (!sent) return 'already';
  void deps.mailer.deliverDue();
  deps.log.info({ day, overdue: total }, 'admin digest queued');
  return 'sent';
}

/** Registers the job's queue, worker and (when `schedule`) hourly schedule; returns a stop function. */
export const startDigest = scheduledJobStarter(DIGEST_QUEUE, DIGEST_CRON, sendOverdueDigest);
