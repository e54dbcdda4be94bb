/**
 * Mail goes through the `mail_outbox` table: `enqueue` writes a row (inside the
 * caller's transaction when given one), `deliverDue` sends what is due and retries
 * failures with back-off. Without SMTP_URL, delivery writes an .eml file to
 * DATA_DIR/outbox and logs the links, so a local install needs no mail server.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database, DbExecutor } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Logger } from '../lib/logger';
import type { MailContent } from './templates';

const MAX_ATTEMPTS = 8;

export type Mailer = ReturnType<typeof createMailer>;

export function createMailer(opts: {
  db: Database;
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: Logger;
}) {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outboxDir = path.join(opts.dataDir, 'outbox');
  let running: Promise<void> | null = null;
  let again = false;

  async function deliverOne(row: typeof mailOutbox.$inferSelect) {
    const info = await transport.sendMail({
      from: opts.from,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
    });
    if (!opts.smtpUrl) {
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${row.id}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      const links = row.text.match(/https?:\/\/\S+/g) ?? [];
      opts.log.info({ to: row.to, subject: row.subject, links, file }, 'mail written to outbox');
    }
  }

  /** Sends every due mail; rows are claimed with SKIP LOCKED so several processes can share the table. */
  async function deliverDueOnce() {
    for (;;) {
      const sent = await opts.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(mailOutbox)
          .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
          .orderBy(asc(mailOutbox.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return false;
        try {
          await deliverOne(row);
          await tx
            .update(mailOutbox)
            .set({ sentAt: new Date(), attempts: row.attempts + 1 })
            .where(eq(mailOutbox.id, row.id));
        } catch (err) {
          const attempts = row.attempts + 1;
          const delayS = Math.min(3600, 2 ** attempts * 5);
          opts.log.warn({ err, to: row.to, attempts }, 'mail delivery failed; will retry');
          await tx
            .update(mailOutbox)
            .set({
              attempts,
              lastError: String((err as Error).message ?? err).slice(0, 500),
              // After MAX_ATTEMPTS the mail stays unsent, visible to operators, and is not retried.
              nextAttemptAt:
                attempts >= MAX_ATTEMPTS ? new Date('9999-01-01') : new Date(Date.now() + delayS * 1000),
            })
            .where(eq(mailOutbox.id, row.id));
        }
        return true;
      });
      if (!sent) return;
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
        } while (again);
      } catch (err) {
        opts.log.error({ err }, 'mail delivery loop failed');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    /** Queues a mail. Pass the transaction when the mail belongs to a state change. */
    async enqueue(to: string, content: MailContent, tx?: DbExecutor) {
      await (tx ?? opts.db).insert(mailOutbox).values({ to, ...content });
    },
    /** Queues and starts delivery at once (outside any transaction). */
    async send(to: string, content: MailContent) {
      await opts.db.insert(mailOutbox).values({ to, ...content });
      void deliverDue();
    },
    deliverDue,
    /** Starts the retry loop; returns a stop function. */
    start(intervalMs = 15_000) {
      const timer = setInterval(() => void deliverDue(), intervalMs);
      timer.unref();
      void deliverDue();
      return () => clearInterval(timer);
    },
    /** Waits for the current delivery loop (tests, graceful shutdown). */
    async idle() {
      while (running) await running;
    },
    close: () => transport.close(),
  };
}
