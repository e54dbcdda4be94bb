/**
 * Mail goes through a queue in the database (ADR 0005, ADR 0013): `enqueue` adds a
 * job (inside the caller's transaction when given one), the worker claims one due
 * mail with a lease in a statement of its own, sends it with no transaction open and
 * no lock held, and records the outcome in another statement. A crash between the
 * send and the record can send a mail twice (same Message-ID) but never loses it.
 * After its retry budget a mail is marked failed, logged at error, counted in
 * /api/health and listed for the admin, who can send it again.
 */
import { randomUUID } from 'node:crypto';
import type { Database, DbExecutor, DbHandle } from '@/db/client';
import type { Logger } from '../lib/logger';
import { type MailQueue, type MailQueueOptions, openMailQueue } from './queue';
import type { MailContent } from './templates';
import { createTransport, type MailJob } from './transport';

export type Mailer = Awaited<ReturnType<typeof createMailer>>;

export type MailStats = { unsent: number; failed: number; oldestUnsent: Date | null };

/** Health asks often; the queue is read at most this often. */
const STATS_TTL_MS = 5000;

export async function createMailer(opts: {
  handle: DbHandle;
  smtpUrl?: string;
  from: string;
  dataDir: string;
  appUrl: string;
  log: Logger;
  queue?: MailQueueOptions;
}) {
  const db: Database = opts.handle.db;
  const transport = createTransport(opts);
  const queue: MailQueue = await openMailQueue(opts.handle, opts.log, opts.queue);
  const domain = new URL(opts.appUrl).hostname || 'sysfi.local';
  const counters = { sent: 0, failedAttempts: 0, failed: 0 };
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  let stats: { at: number; value: MailStats } | null = null;

  const job = (to: string, content: MailContent): MailJob => ({
    to,
    ...content,
    messageId: `<${randomUUID()}@${domain}>`,
  });

  /** Sends due mail, one at a time, until none is due or the worker is stopping. */
  async function deliverDueOnce() {
    while (!stopping) {
      const claimed = await queue.claim();
      if (!claimed) return;
      try {
        await transport.deliver(claimed.data);
      } catch (err) {
        const message = String((err as Error).message ?? err).slice(0, 500);
        const last = claimed.retryCount >= claimed.retryLimit;
        counters.failedAttempts += 1;
        if (last) {
          counters.failed += 1;
          opts.log.error(
            {
              err,
              to: claimed.data.to,
              subject: claimed.data.subject,
              id: claimed.id,
              attempts: claimed.retryCount + 1,
            },
            'mail failed after its last retry; listed for the admin at /admin/mail',
          );
        } else {
          opts.log.warn(
            { err, to: claimed.data.to, attempt: claimed.retryCount + 1 },
            'mail delivery failed; will retry',
          );
        }
        await queue.fail(claimed, message);
        stats = null;
        continue;
      }
      counters.sent += 1;
      // If this write fails, the lease runs out and the mail goes again (at least once).
      await queue.complete(claimed);
      stats = null;
    }
  }

  /** Coalesces concurrent kicks into one running loop. */
  function deliverDue(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await deliverDueOnce();
        } while (again && !stopping);
      } catch (err) {
        opts.log.error({ err }, 'mail delivery loop failed; retrying on the next tick');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    transportKind: transport.kind,
    /** The pg-boss instance the mail queue runs on: other scheduled jobs (the admin digest) share it. */
    jobs: queue.boss,
    counters,
    /** Queues a mail. Pass the transaction when the mail belongs to a state change. */
    async enqueue(to: string, content: MailContent, tx?: DbExecutor) {
      await queue.add(job(to, content), tx);
      stats = null;
    },
    /** Queues and starts delivery at once (outside any transaction). */
    async send(to: string, content: MailContent) {
      await queue.add(job(to, content));
      stats = null;
      void deliverDue();
    },
    deliverDue,
    /** Starts the retry loop. */
    start(intervalMs = 5000) {
      timer = setInterval(() => void deliverDue(), intervalMs);
      timer.unref();
      void deliverDue();
    },
    /** Waits for the current delivery loop (tests). */
    async idle() {
      while (running) await running;
    },
    /**
     * Stops after the mail being sent now; nothing new is claimed. A send still hanging
     * after `graceMs` is abandoned: its lease runs out and another worker sends it.
     */
    async stop(graceMs = 5000) {
      stopping = true;
      if (timer) clearInterval(timer);
      if (running) {
        let t: NodeJS.Timeout | undefined;
        await Promise.race([running, new Promise((r) => (t = setTimeout(r, graceMs)))]);
        clearTimeout(t);
      }
      await queue.stop().catch((err) => opts.log.warn({ err }, 'mail queue: stop failed'));
      transport.close();
    },
    /** Unsent and failed mail, read at most every few seconds. */
    async stats(): Promise<MailStats> {
      if (stats && Date.now() - stats.at < STATS_TTL_MS) return stats.value;
      const value = await queue.stats(db);
      stats = { at: Date.now(), value };
      return value;
    },
    listFailed: (limit?: number) => queue.failed(db, limit),
    /** Sends a failed mail once more. */
    async retry(id: string) {
      const res = await queue.retry(id);
      stats = null;
      void deliverDue();
      return (res as { affected?: number }).affected === 1;
    },
  };
}
