/**
 * The one way a periodic job runs (the admin digest, the winners reminder, season results):
 * a pg-boss queue on the mail queue's instance, a worker, and a cron schedule in UTC. pg-boss
 * hands each scheduled run to one process, and every job claims its rows in its own
 * transaction, so several processes and retries still act once.
 */
import type { PgBoss } from 'pg-boss';

export type ScheduledJob = {
  queue: string;
  /** Cron, UTC. */
  cron: string;
  run: () => Promise<unknown>;
};

export type StartOptions = { schedule: boolean; pollingIntervalSeconds?: number; runNow?: boolean };

/** Registers the queue, its worker and (when `schedule`) its schedule; returns a stop function. */
export async function startScheduledJob(
  boss: PgBoss,
  job: ScheduledJob,
  o: StartOptions,
): Promise<() => Promise<void>> {
  if (!(await boss.getQueue(job.queue)))
    await boss.createQueue(job.queue, { retryLimit: 3, retryDelay: 60 }).catch(async (err) => {
      if (!(await boss.getQueue(job.queue))) throw err; // another process created it in between
    });
  await boss.work(
    job.queue,
    { pollingIntervalSeconds: o.pollingIntervalSeconds ?? 60, batchSize: 1 },
    async () => {
      await job.run();
    },
  );
  if (o.schedule) await boss.schedule(job.queue, job.cron, {}, { tz: 'UTC' });
  // One run soon after start (singletonKey: one queued at a time however many processes start).
  if (o.runNow) await boss.send(job.queue, {}, { singletonKey: 'start' });
  return () => boss.offWork(job.queue);
}

/**
 * A feature's start function for its job: `start(deps, o)` runs `run(deps)` on the queue
 * and cron given, on the mail queue's pg-boss instance (deps.mailer.jobs).
 */
export function scheduledJobStarter<D extends { mailer: { jobs: PgBoss } }>(
  queue: string,
  cron: string,
  run: (deps: D) => Promise<unknown>,
): (deps: D, o: StartOptions) => Promise<() => Promise<void>> {
  return (deps, o) => startScheduledJob(deps.mailer.jobs, { queue, cron, run: () => run(deps) }, o);
}
