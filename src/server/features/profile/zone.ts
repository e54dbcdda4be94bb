import type { Tx } from '@/db/client';
import { user } from '@/db/schema';
import { lockUser } from '@/server/lib/user-lock';
import type { ZoneRecord } from '@/shared/rules/user-zone';

/**
 * Locks the user's row and reads their stored time zone (shared/rules/user-zone.ts).
 * A profile edit that changes the zone and a submit that counts the day by it both
 * read it here, so they see one order.
 */
export async function lockUserZone(tx: Tx, userId: string): Promise<ZoneRecord | undefined> {
  const zone = await lockUser(tx, userId, {
    timeZone: user.timeZone,
    previousTimeZone: user.previousTimeZone,
    timeZoneFrom: user.timeZoneFrom,
  });
  return zone;
}
