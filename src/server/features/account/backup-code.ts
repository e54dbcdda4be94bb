/**
 * Backup codes compared in constant time (issue 21).
 *
 * better-auth's plugin checks a backup code with `codes.includes(code)`: a string compare
 * that stops at the first differing character. So before a backup code reaches it, this
 * module compares it with every stored code through `timingSafeEqual` over SHA-256
 * digests, never stopping early. Only a code that matched is passed on; any other is
 * replaced by the empty string, which `includes` refuses on length alone without reading
 * a stored code. better-auth still counts the failure (its account lockout and rate
 * limit stay in force) and consumes a matching code once, as before.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { symmetricDecrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { twoFactor } from '@/db/schema';
import type { AppDeps } from '@/server/context';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Whether `code` is one of `codes`, in time that depends only on how many codes there are. */
export function matchBackupCode(codes: readonly string[], code: string): boolean {
  const want = digest(code);
  let hit = 0;
  for (const candidate of codes) hit |= timingSafeEqual(digest(candidate), want) ? 1 : 0;
  return hit === 1;
}

/** The user's unused backup codes, decrypted as better-auth does (empty when none). */
async function storedBackupCodes(deps: AppDeps, userId: string): Promise<string[]> {
  const [row] = await deps.handle.db
    .select({ backupCodes: twoFactor.backupCodes })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!row?.backupCodes) return [];
  try {
    const ctx = await deps.auth.$context;
    const parsed: unknown = JSON.parse(
      await symmetricDecrypt({ key: ctx.secretConfig, data: row.backupCodes }),
    );
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The code to hand to better-auth's verify-backup-code for this pending sign-in: the
 * typed code when it matches one of the user's codes (compared in constant time), else
 * '' (refused by length, counted as a failure by better-auth).
 */
export async function backupCodeForAuth(deps: AppDeps, userId: string | null, code: string): Promise<string> {
  if (!userId) return '';
  return matchBackupCode(await storedBackupCodes(deps, userId), code) ? code : '';
}
