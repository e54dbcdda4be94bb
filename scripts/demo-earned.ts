/**
 * `npm run demo`, issue 20: the named demo users earned their XP the way real members do.
 * Each one's contribution XP is a run of rewarded contributions spread over the last six
 * weeks (the reward's ledger row dated to its review), with a rejected one here and there;
 * their bounty XP is one ledger row dated to when the bounty was won. So the dashboard's
 * 30-day chart climbs instead of spiking today, and a user's contribution count fits their XP.
 *
 * Idempotent: fixed links (the contribution's unique link key) and ledger keys. A database
 * seeded before this (each user's XP as one lump row, key `demo:<email>:0`) keeps its rows.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { pointEvents } from '@/db/schema';
import { awardPoints } from '@/server/features/xp/ledger';
import { contribution, rand } from './demo-history';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** What the demo members post about, so no two feeds read alike. */
const TITLES = [
  'Thread: what the Sysfi fee market means for dApp builders',
  'Walkthrough: deploying a first contract with the SDK',
  'Recap of the community call',
  'Short video: staking in two minutes',
  'Translated the quick-start into Portuguese',
  'Bug report: wallet connect drops on mobile',
  'Explainer: how XP and ranks work',
  'Photo thread from the Lisbon meetup',
  'Guide: running a validator on a home server',
  'Comparison of Sysfi and other L1 bridges',
  'Tutorial: reading events with the JSON-RPC API',
  'Thread: five grant-funded projects to watch',
  'Podcast clip: the road to mainnet',
  'Infographic of the token unlock schedule',
];

/** `total` XP as rewards of 20–80 (multiples of 5), in a stable order for this user. */
function split(total: number, label: string): number[] {
  const parts: number[] = [];
  let left = total;
  for (let k = 0; left > 0; k++) {
    const want = 20 + Math.floor(rand(`${label}:${k}`) * 13) * 5;
    const take = left - want < 20 ? left : want;
    parts.push(take);
    left -= take;
  }
  return parts;
}

export type EarnedUser = { email: string; name: string; xp: [string, number][] };

export async function seedEarned(db: Database, u: EarnedUser, userId: string, now: number): Promise<void> {
  const [lump] = await db
    .select({ id: pointEvents.id })
    .from(pointEvents)
    .where(eq(pointEvents.idempotencyKey, `demo:${u.email}:0`));
  if (lump) return;
  const handle = u.email.split('@')[0]!;
  const seed = Number.parseInt(createHash('sha256').update(u.email).digest('hex').slice(0, 6), 16);
  for (const [reason, total] of u.xp) {
    if (reason !== 'contribution') {
      const key = `demo:${u.email}:${reason}`;
      const wonAt = new Date(now - (8 + Math.floor(rand(`${key}:at`) * 20)) * DAY);
      await db.transaction(async (tx) => {
        await awardPoints(tx, { userId, delta: total, reason, key });
        await tx.update(pointEvents).set({ createdAt: wonAt }).where(eq(pointEvents.idempotencyKey, key));
      });
      continue;
    }
    const rewards = split(total, u.email);
    // A rejected one among them, as a real feed has.
    const items = [
      ...rewards.map((points) => ({ points, outcome: 'approved' as const })),
      { points: 0, outcome: 'rejected' as const },
    ];
    for (const [k, item] of items.entries()) {
      // Spread over the last six weeks, oldest first, none in the last day.
      const at = new Date(
        now -
          (42 - ((k + 0.5) / items.length) * 41) * DAY -
          Math.floor(rand(`${u.email}:${k}:h`) * 12) * HOUR,
      );
      await contribution(
        { handle: { db } as never },
        {
          userId,
          name: u.name,
          title: TITLES[(seed + k * 5) % TITLES.length]!,
          link: `https://x.com/${handle}_demo/status/${17_000_000_000_000_000n + BigInt(seed) * 100n + BigInt(k)}`,
          at,
          outcome: item.outcome,
          points: item.points,
          reviewHours: 2 + Math.floor(rand(`${u.email}:${k}:r`) * 20),
        },
      );
    }
  }
}
