/**
 * `npm run storage:sweep [-- --grace-hours 24] [-- --dry-run]`: removes stored files
 * (disk or S3) that no row references and that are older than the grace period. The app
 * runs the same sweep every 6 hours; with embedded PGlite stop the app first (it holds
 * the database), with PostgreSQL run it any time.
 */
import path from 'node:path';
import pino from 'pino';
import { openDatabase } from '@/db/client';
import { createStorage } from '@/server/boot';
import { EnvError, loadEnv } from '@/server/env';
import { SWEEP_GRACE_MS, sweepOrphans } from '@/server/storage/sweeper';

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--grace-hours');
  const graceMs = at >= 0 ? Number(args[at + 1]) * 3600_000 : SWEEP_GRACE_MS;
  if (!Number.isFinite(graceMs) || graceMs < 0) throw new EnvError('--grace-hours needs a number of hours');
  const dryRun = args.includes('--dry-run');
  const env = loadEnv();
  const handle = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, max: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'db') });
  try {
    const res = await sweepOrphans({
      db: handle.db,
      storage: createStorage(env),
      log: pino({ level: 'warn' }),
      graceMs,
      dryRun,
    });
    console.info(
      `${dryRun ? 'would remove' : 'removed'} ${dryRun ? res.orphans : res.removed} orphan file(s) of ${res.scanned} stored ` +
        `(${res.tooNew} unreferenced but newer than ${graceMs / 3600_000} h kept${res.failed ? `, ${res.failed} failed` : ''})`,
    );
    if (res.failed) process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
});
