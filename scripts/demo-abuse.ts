/**
 * The demo's abuse signals (issue 18): enough for /admin/insights to flag one of each,
 * none of which is acted on automatically.
 *
 * - Bo Botley posts exactly the daily limit (5) on six days in a row.
 * - Three accounts invited by Bo sign up within the hour from one IP address.
 * - Ivy Echo applies to a bounty with the link of another member's rewarded contribution.
 *
 * Idempotent like the rest of the seed: members are found by e-mail, contributions by link,
 * sessions and the bounty application by their own unique keys.
 */
import { createHash } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { bounties, bountyApplicants, session } from '@/db/schema';
import { LIMITS } from '@/shared/limits';
import { contribution, type HistoryDeps, member } from './demo-history';

const DAY = 86_400_000;
const MINUTE = 60_000;
const CLUSTER_IP = '203.0.113.7';

const stable = (label: string) => createHash('sha256').update(label).digest('hex').slice(0, 32);

export async function seedAbuse(deps: HistoryDeps, now: number, sharedLink: string): Promise<void> {
  const { db } = deps.handle;
  const bo = await member(deps, {
    email: 'bo@demo.sysfi.local',
    name: 'Bo Botley',
    role: 'builder',
    joined: new Date(now - 20 * DAY),
    verified: true,
  });
  const today = Math.floor(now / DAY) * DAY;
  for (let d = 2; d <= 7; d++) {
    for (let i = 0; i < LIMITS.contributionsPerDay; i++) {
      await contribution(deps, {
        userId: bo,
        name: 'Bo Botley',
        title: `gm ${d}.${i + 1}`,
        link: `https://x.com/sysfi_bo/status/${19_700_000 + d * 10 + i}`,
        // Five within one UTC day (Bo's zone): 10:00, 10:15, …
        at: new Date(today - d * DAY + 10 * 60 * MINUTE + i * 15 * MINUTE),
        outcome: i < 2 ? 'approved' : 'rejected',
        points: 5,
        reviewHours: 8,
      });
    }
  }

  // Bo's invitees: three sign-ups within 40 minutes, each first seen from one address.
  const joinedAt = today - 3 * DAY + 14 * 60 * MINUTE;
  for (let k = 0; k < 3; k++) {
    const email = `bo.friend${k + 1}@demo.sysfi.local`;
    const at = new Date(joinedAt + k * 20 * MINUTE);
    const id = await member(deps, {
      email,
      name: `Bo Friend ${k + 1}`,
      role: 'builder',
      joined: at,
      verified: true,
      referredBy: bo,
    });
    await db
      .insert(session)
      .values({
        id: stable(`session:${email}`),
        token: stable(`token:${email}`),
        userId: id,
        ipAddress: CLUSTER_IP,
        userAgent: 'Mozilla/5.0 (demo)',
        createdAt: at,
        updatedAt: at,
        lastSeenAt: at,
        expiresAt: new Date(now + 30 * DAY),
      })
      .onConflictDoNothing();
  }

  // Ivy reuses another member's link in a bounty application.
  const ivy = await member(deps, {
    email: 'ivy@demo.sysfi.local',
    name: 'Ivy Echo',
    role: 'builder',
    joined: new Date(now - 4 * DAY),
    verified: true,
  });
  const [bounty] = await db
    .select({ id: bounties.id })
    .from(bounties)
    .orderBy(asc(bounties.createdAt))
    .limit(1);
  if (bounty)
    await db
      .insert(bountyApplicants)
      .values({
        bountyId: bounty.id,
        userId: ivy,
        pitch: 'I already wrote about this, see my thread.',
        link: sharedLink,
        createdAt: new Date(now - 1 * DAY),
      })
      .onConflictDoNothing();
}
