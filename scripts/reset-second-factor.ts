/**
 * `npm run account:reset-2fa -- <email> --yes`: turns off the second factor of one account
 * whose owner lost every factor (authenticator and backup codes), and ends all its
 * sessions. Only after the person proved who they are out of band (docs/operations.md).
 * With embedded PGlite stop the app first (it holds the database); with PostgreSQL run it
 * any time (running processes are told over LISTEN/NOTIFY to forget the sessions at once).
 */
import path from 'node:path';
import { openDatabase } from '@/db/client';
import { EnvError, loadEnv } from '@/server/env';
import { resetSecondFactor } from '@/server/features/account/reset-second-factor';

async function main() {
  const args = process.argv.slice(2);
  const email = args.find((a) => !a.startsWith('--'));
  if (!email) throw new EnvError('usage: npm run account:reset-2fa -- <email> --yes');
  if (!args.includes('--yes'))
    throw new EnvError(
      `This turns off two-factor for ${email} and signs it out everywhere. Add --yes to do it.`,
    );
  const env = loadEnv();
  const handle = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, max: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'db') });
  try {
    const res = await resetSecondFactor(handle.db, email);
    if (!res) {
      console.error(`no account with the e-mail ${email}`);
      process.exitCode = 1;
      return;
    }
    console.info(
      `two-factor turned off for ${res.email} (user ${res.userId}); ${res.sessionsEnded} session(s) ended. ` +
        'They sign in with their password and should set up two-factor again at once.',
    );
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
});
