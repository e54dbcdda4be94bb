/**
 * Wires the parts together from a validated Env. index.ts uses it to run the
 * server; tests use it with their own Env and database.
 */
import path from 'node:path';
import { type DbHandle, openDatabase } from '../db/client';
import { createApp } from './app';
import { createAuth, type RateLimitRules } from './auth/auth';
import { createSessionCache } from './auth/session-cache';
import type { AppDeps } from './context';
import type { Env } from './env';
import { createLeaderboard } from './features/leaderboard/leaderboard.service';
import { createLogger, type Logger } from './lib/logger';
import { createMailer } from './mail/mailer';
import { createLocalBus, createPostgresBus } from './realtime/bus';
import { createS3Storage } from './storage/s3';
import { createDiskStorage, type Storage } from './storage/storage';

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
};

export async function boot(env: Env, opts: BootOptions = {}) {
  const log =
    opts.log ??
    createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV === 'development' && process.stdout.isTTY });
  const handle =
    opts.handle ??
    (env.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'db') }));
  const mailer = createMailer({
    db: handle.db,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    dataDir: env.DATA_DIR,
    log,
  });
  const now = opts.now ?? (() => new Date());
  const leaderboard = createLeaderboard(handle.db, now);
  const auth = createAuth({
    env,
    handle,
    mailer,
    log,
    rateLimits: opts.rateLimits,
    onPointsChanged: () => leaderboard.invalidate(),
  });
  const storage = opts.storage ?? createStorage(env);
  const bus =
    handle.kind === 'postgres' && handle.pool && handle.url
      ? await createPostgresBus({ url: handle.url, pool: handle.pool, log })
      : createLocalBus();
  const deps: AppDeps = {
    env,
    handle,
    auth,
    sessions: createSessionCache(),
    mailer,
    log,
    storage,
    leaderboard,
    bus,
    now,
  };
  const app = createApp(deps, { clientDir: opts.clientDir });
  const stopMail = opts.background === false ? () => {} : mailer.start();

  async function shutdown() {
    stopMail();
    await bus.close();
    await mailer.idle();
    mailer.close();
    if (!opts.handle) await handle.close();
  }
  return { app, deps, shutdown };
}

/** Disk under DATA_DIR/uploads, or S3-compatible storage when S3_* is set. */
export function createStorage(env: Env): Storage {
  if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return createS3Storage({
      endpoint: env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION}.amazonaws.com`,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
    });
  }
  return createDiskStorage(path.join(env.DATA_DIR, 'uploads'));
}
