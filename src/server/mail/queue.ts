/**
 * The mail queue is a pg-boss queue (ADR 0013) in the app's own database, on both
 * engines: PGlite through pg-boss's PGlite adapter, PostgreSQL through its own small
 * pool. This module is the only one that knows pg-boss's schema (health and the
 * admin's list read it directly: pg-boss has no query by state).
 */
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, type JobAttempt, PgBoss } from 'pg-boss';
import { type DbExecutor, type DbHandle, untrackedPglite } from '@/db/client';
import type { Logger } from '../lib/logger';
import type { MailJob } from './transport';

export const MAIL_QUEUE = 'mail';
const SCHEMA = 'pgboss';

export type MailQueueOptions = {
  /** First retry delay in seconds; doubles up to an hour (with jitter). */
  retryDelaySeconds?: number;
  /** Retries before a mail is marked failed: 30 at 30 s doubling to an hour is about a day. */
  retryLimit?: number;
  /** How long a claimed mail stays leased to its worker before another may take it. */
  leaseSeconds?: number;
  /** Run pg-boss's cron monitor (scheduled jobs such as the admin's daily digest); off in tests. */
  schedule?: boolean;
};

export const MAIL_DEFAULTS: Required<MailQueueOptions> = {
  retryDelaySeconds: 30,
  retryLimit: 30,
  leaseSeconds: 120,
  schedule: false,
};

/**
 * pg-boss's instance registry (`registerInstance`, a row per process with a heartbeat every
 * 30 s) is off: nothing here reads it (health and /metrics read the queue itself), and
 * registering cost every start several statements, and every process a write each 30 s.
 */
export async function openMailQueue(handle: DbHandle, log: Logger, o: MailQueueOptions = {}) {
  const opts = { ...MAIL_DEFAULTS, ...o };
  const boss =
    handle.kind === 'pglite' && handle.pglite
      ? new PgBoss({
          db: fromPglite(untrackedPglite(handle.pglite) as never),
          backend: 'pglite',
          schema: SCHEMA,
          schedule: opts.schedule,
          registerInstance: false,
        })
      : new PgBoss({
          connectionString: handle.url!,
          max: 2,
          schema: SCHEMA,
          schedule: opts.schedule,
          registerInstance: false,
        });
  boss.on('error', (err) => log.warn({ err }, 'mail queue: background error'));
  await boss.start();
  const queue = {
    retryLimit: opts.retryLimit,
    retryDelay: opts.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: opts.leaseSeconds,
    // Waiting mail is never deleted; sent and failed mail is kept 30 days for the admin.
    retentionSeconds: 10 * 365 * 24 * 3600,
    deleteAfterSeconds: 30 * 24 * 3600,
  };
  if (await boss.getQueue(MAIL_QUEUE)) await boss.updateQueue(MAIL_QUEUE, queue);
  else
    await boss.createQueue(MAIL_QUEUE, queue).catch(async (err) => {
      // Another process created it in between.
      if (!(await boss.getQueue(MAIL_QUEUE))) throw err;
    });

  return {
    boss,
    /** Queues a mail, inside the caller's transaction when given one. */
    async add(mail: MailJob, tx?: DbExecutor) {
      await boss.send(MAIL_QUEUE, mail, tx ? { db: fromDrizzle(tx as never, sql) } : {});
    },
    /** Claims one due mail with a lease (a short statement of its own). */
    async claim() {
      const [job] = await boss.fetch<MailJob>(MAIL_QUEUE, { batchSize: 1, includeMetadata: true });
      return job ?? null;
    },
    /** Records a sent mail; fenced to this attempt, so a worker whose lease ran out changes nothing. */
    complete: (job: JobAttempt) => boss.complete(MAIL_QUEUE, job),
    /** Records a failed attempt: retried after a back-off, or failed once the budget is spent. */
    fail: (job: JobAttempt, message: string) => boss.fail(MAIL_QUEUE, job, { message }),
    retry: (id: string) => boss.retry(MAIL_QUEUE, id),
    /** Unsent (waiting, retrying or being sent) and failed mail; one read over the queue's rows. */
    async stats(db: DbExecutor) {
      const res = await db.execute(sql`
        SELECT count(*) FILTER (WHERE state IN ('created', 'retry', 'active'))::int AS unsent,
               count(*) FILTER (WHERE state = 'failed')::int AS failed,
               min(created_on) FILTER (WHERE state IN ('created', 'retry', 'active')) AS oldest
        FROM ${sql.raw(SCHEMA)}.job WHERE name = ${MAIL_QUEUE}`);
      const [row] = rowsOf<{ unsent: number; failed: number; oldest: string | Date | null }>(res);
      return {
        unsent: Number(row?.unsent ?? 0),
        failed: Number(row?.failed ?? 0),
        oldestUnsent: row?.oldest ? new Date(row.oldest) : null,
      };
    },
    /** Mail that used up its retries, newest first. */
    async failed(db: DbExecutor, limit = 100) {
      const res = await db.execute(sql`
        SELECT id, data, output, retry_count, created_on, completed_on
        FROM ${sql.raw(SCHEMA)}.job WHERE name = ${MAIL_QUEUE} AND state = 'failed'
        ORDER BY completed_on DESC LIMIT ${limit}`);
      const rows = rowsOf<{
        id: string;
        data: MailJob;
        output: { message?: string } | null;
        retry_count: number;
        created_on: string | Date;
        completed_on: string | Date;
      }>(res);
      return rows.map((r) => ({
        id: r.id,
        to: r.data.to,
        subject: r.data.subject,
        lastError: r.output?.message ?? null,
        attempts: Number(r.retry_count) + 1,
        queuedAt: new Date(r.created_on),
        failedAt: new Date(r.completed_on),
      }));
    },
    /** Finishes the current statements; PostgreSQL's pool is closed, PGlite is the app's to close. */
    stop: () => boss.stop({ graceful: true, timeout: 5000, close: true }),
  };
}

/** Rows of a raw statement: node-postgres and PGlite both answer { rows }. */
function rowsOf<T>(res: unknown): T[] {
  return (res as { rows: T[] }).rows;
}

export type MailQueue = Awaited<ReturnType<typeof openMailQueue>>;
