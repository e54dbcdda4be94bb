/**
 * Removes stored files that no row references, once they are older than a grace
 * period (an upload is stored before its row is written, and a crash in between
 * leaves a file nobody points at). Run by `npm run storage:sweep` and on a schedule
 * inside the app. Every process may run it: deletes are idempotent.
 */
import { isNotNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { bounties, bountyApplications, contributions, projects, user } from '@/db/schema';
import type { Logger } from '../lib/logger';
import type { Storage } from './storage';

export const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;
export const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

/** Every file URL a row holds: photos, logos, banners, bounty and application images, contribution files. */
export async function referencedUrls(db: Database): Promise<Set<string>> {
  const urls = new Set<string>();
  const add = (rows: Array<{ url: string | null }>) => {
    for (const r of rows) if (r.url) urls.add(r.url);
  };
  add(await db.select({ url: user.image }).from(user).where(isNotNull(user.image)));
  add(await db.select({ url: projects.logoUrl }).from(projects).where(isNotNull(projects.logoUrl)));
  add(await db.select({ url: projects.bannerUrl }).from(projects).where(isNotNull(projects.bannerUrl)));
  add(
    await db
      .select({ url: contributions.fileUrl })
      .from(contributions)
      .where(isNotNull(contributions.fileUrl)),
  );
  add(await db.select({ url: sql<string>`unnest(${bounties.images})` }).from(bounties));
  add(await db.select({ url: sql<string>`unnest(${bountyApplications.images})` }).from(bountyApplications));
  return urls;
}

export type SweepResult = {
  scanned: number;
  orphans: number;
  removed: number;
  tooNew: number;
  failed: number;
};

export async function sweepOrphans(opts: {
  db: Database;
  storage: Storage;
  log: Logger;
  graceMs?: number;
  now?: () => Date;
  dryRun?: boolean;
}): Promise<SweepResult> {
  const res: SweepResult = { scanned: 0, orphans: 0, removed: 0, tooNew: 0, failed: 0 };
  if (!opts.storage.list) return res;
  const cutoff = (opts.now?.() ?? new Date()).getTime() - (opts.graceMs ?? SWEEP_GRACE_MS);
  // Listed first, references read after: a file stored and recorded in between is seen as referenced.
  const stored = [];
  for await (const o of opts.storage.list()) stored.push(o);
  const referenced = await referencedUrls(opts.db);
  for (const o of stored) {
    res.scanned += 1;
    if (referenced.has(o.url)) continue;
    if (o.modified.getTime() > cutoff) {
      res.tooNew += 1;
      continue;
    }
    res.orphans += 1;
    if (opts.dryRun) continue;
    try {
      await opts.storage.removeByUrl(o.url);
      res.removed += 1;
    } catch (err) {
      res.failed += 1;
      opts.log.warn({ err, url: o.url }, 'storage sweep: could not remove an orphan');
    }
  }
  if (res.orphans || res.failed) opts.log.info({ ...res }, 'storage sweep done');
  return res;
}

/** Runs the sweep now and then every `everyMs`; returns the stop function. */
export function scheduleSweeps(
  opts: Parameters<typeof sweepOrphans>[0] & { everyMs?: number; firstAfterMs?: number },
) {
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = sweepOrphans(opts)
      .catch((err) => opts.log.warn({ err }, 'storage sweep failed; will try again'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, opts.firstAfterMs ?? 60_000);
  const timer = setInterval(run, opts.everyMs ?? SWEEP_EVERY_MS);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
