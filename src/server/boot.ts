/**
 * Wires the parts together from a validated Env. index.ts uses it to run the
 * server; tests use it with their own Env and database.
 */
import path from 'node:path';
import { type DbHandle, openDatabase } from '../db/client';
import { createApp } from './app';
import { createAuth, type RateLimitRules } from './auth/auth';
import { createSessionCache, obeyRevocations } from './auth/session-cache';
import type { AppDeps } from './context';
import type { Env } from './env';
import { recomputeNameKeys } from './features/account/name-keys';
import { startDigest } from './features/admin/digest';
import { startWinnersReminders } from './features/bounties/winners-reminder';
import { createLeaderboard, obeyLeaderboardChanges } from './features/leaderboard/leaderboard.service';
import { announce } from './features/notifications/inbox';
import { startSeasonResults } from './features/seasons/results';
import { settlePendingReferrals } from './features/xp/ledger';
import { createLogger, type Logger } from './lib/logger';
import { importLegacyOutbox } from './mail/legacy-outbox';
import { createMailer } from './mail/mailer';
import type { MailQueueOptions } from './mail/queue';
import { createLocalBus, createPostgresBus } from './realtime/bus';
import { createSseHub } from './realtime/sse-hub';
import { guardStorage } from './storage/guard';
import { loadImageCodec } from './storage/images';
import { monitorStorage } from './storage/monitor';
import { createS3Storage } from './storage/s3';
import { s3Lister } from './storage/s3-list';
import { createDiskStorage, type Storage } from './storage/storage';
import { scheduleSweeps } from './storage/sweeper';

export type BootOptions = {
  /** Use this database instead of opening one from env (tests). */
  handle?: DbHandle;
  log?: Logger;
  rateLimits?: RateLimitRules | false;
  now?: () => Date;
  clientDir?: string;
  storage?: Storage;
  /** Start background loops (mail retries). Off in most tests, which call deliverDue themselves. */
  background?: boolean;
  /** Mail queue settings (tests shorten the retry delay). */
  mail?: MailQueueOptions;
  /** How long an upload may take before it fails (tests shorten it). */
  storageTimeoutMs?: number;
};

export async function boot(env: Env, opts: BootOptions = {}) {
  const log =
    opts.log ??
    createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV === 'development' && process.stdout.isTTY });
  const handle =
    opts.handle ??
    (env.DATABASE_URL
      ? await openDatabase({
          kind: 'postgres',
          url: env.DATABASE_URL,
          warn: (err, message) => log.warn({ err }, `database listener: ${message}`),
        })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'db') }));
  const mailer = await createMailer({
    handle,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    dataDir: env.DATA_DIR,
    appUrl: env.APP_URL,
    log,
    // pg-boss's cron monitor runs where the background loops run (the admin's daily digest).
    queue: { schedule: opts.background !== false, ...opts.mail },
  });
  await importLegacyOutbox(handle.db, mailer, log);
  const now = opts.now ?? (() => new Date());
  const leaderboard = createLeaderboard(handle.db, now);
  const auth = createAuth({
    env,
    handle,
    mailer,
    log,
    rateLimits: opts.rateLimits,
    now,
    onPointsChanged: (userId) => {
      leaderboard.invalidate();
      void announce(bus, userId); // the referrer's inbox row (called at request time, after boot)
    },
  });
  const storage = monitorStorage(
    guardStorage(opts.storage ?? createStorage(env), { putMs: opts.storageTimeoutMs }),
  );
  const bus =
    handle.kind === 'postgres' && handle.pool && handle.changes
      ? await createPostgresBus({ pool: handle.pool, changes: handle.changes, log })
      : createLocalBus();
  const sessions = createSessionCache();
  // Sessions ended on any process are forgotten here at once (revokeSessions).
  obeyRevocations(bus, sessions);
  // A disable or an enable on any process re-lists the top 50 here at once.
  obeyLeaderboardChanges(bus, leaderboard);
  const deps: AppDeps = {
    env,
    handle,
    auth,
    sessions,
    mailer,
    log,
    storage,
    leaderboard,
    bus,
    sse: createSseHub(),
    now,
  };
  await recomputeNameKeys(handle.db, log);
  if ((await settlePendingReferrals(handle.db, (id) => void announce(bus, id), { mailer, env, now })) > 0)
    leaderboard.invalidate();
  const app = createApp(deps, { clientDir: opts.clientDir });
  const stopSweeps =
    opts.background === false ? async () => {} : scheduleSweeps({ db: handle.db, storage, log });
  if (opts.background !== false) mailer.start();
  // The scheduled jobs (the admin's digest, winners reminders, season results: hourly checks)
  // start a second after the server listens (warmUp): no request needs them, and on PGlite,
  // which runs one statement at a time, theirs would queue ahead of the first requests'.
  // Shutdown drops a start not yet begun, waits for one under way, then stops them.
  let scheduledTimer: ReturnType<typeof setTimeout> | undefined;
  let scheduled: Promise<Array<[string, () => Promise<void>]>> | undefined;
  function startScheduledJobs() {
    const jobs: Array<[string, () => Promise<() => Promise<void>>]> = [
      ['admin digest', () => startDigest(deps, { schedule: true })],
      ['winners reminders', () => startWinnersReminders(deps, { schedule: true })],
      ['season results', () => startSeasonResults(deps, { schedule: true, runNow: true })],
    ];
    scheduled = Promise.all(
      jobs.map(([name, start]) =>
        start().then(
          (stop): [string, () => Promise<void>] => [name, stop],
          (err) => {
            log.error({ err }, `${name}: could not start`);
            return null;
          },
        ),
      ),
    ).then((results) => {
      const started = results.filter((r) => r !== null);
      log.info({ jobs: started.map(([name]) => name) }, 'scheduled jobs started');
      return started;
    });
  }

  /** Stops the mail worker after its current mail, the bus, and the database we opened. */
  async function shutdown(o: { mailGraceMs?: number } = {}) {
    clearTimeout(scheduledTimer);
    for (const [name, stop] of (await scheduled) ?? [])
      await stop().catch((err) => log.warn({ err }, `${name}: stop failed`));
    await mailer.stop(o.mailGraceMs);
    await stopSweeps();
    await bus.close();
    if (!opts.handle) await handle.close();
  }
  /** Work that need not delay the first request: called once the server listens. */
  function warmUp() {
    if (opts.background !== false && !scheduledTimer) scheduledTimer = setTimeout(startScheduledJobs, 1000);
    loadImageCodec().catch((err) => log.error({ err }, 'image uploads will fail: sharp could not be loaded'));
  }
  return { app, deps, shutdown, warmUp };
}

/** Disk under DATA_DIR/uploads, or S3-compatible storage when S3_* is set. */
export function createStorage(env: Env): Storage {
  if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    const cfg = {
      endpoint: env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION}.amazonaws.com`,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
    };
    return { ...createS3Storage(cfg), list: s3Lister(cfg) };
  }
  return createDiskStorage(path.join(env.DATA_DIR, 'uploads'));
}
