/** `npm run check-integrity`: verifies counters against records and the XP ledger on the configured database. */
import path from 'node:path';
import { openDatabase } from '@/db/client';
import { EnvError, loadEnv } from '@/server/env';
import { checkIntegrity } from '@/server/integrity';

async function main() {
  const env = loadEnv();
  const handle = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, max: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'db') });
  try {
    const violations = await checkIntegrity(handle.db);
    if (violations.length === 0) {
      console.info(`integrity ok (${handle.kind})`);
      return;
    }
    for (const v of violations) console.error(`✗ ${v.check} — ${v.detail}`);
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
});
