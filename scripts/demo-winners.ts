/**
 * The demo's bounty with winners (issue 19): the expired "Translate the docs to Spanish"
 * bounty gets three applicants with their submissions, and its requester announces the
 * podium with XP prizes through the same decision the app uses. Idempotent: applicants and
 * submissions by their unique keys; an announced bounty is left alone.
 */
import { eq } from 'drizzle-orm';
import { bounties, bountyApplicants, bountySubmissions } from '@/db/schema';
import { winnersDecision } from '@/server/features/bounties/winners';
import { decide } from '@/server/features/review/decide';
import type { HistoryDeps } from './demo-history';

const DAY = 86_400_000;

export async function seedWinners(deps: HistoryDeps, ids: Map<string, string>): Promise<void> {
  const { db } = deps.handle;
  const [b] = await db.select().from(bounties).where(eq(bounties.title, 'Translate the docs to Spanish'));
  if (!b?.requesterId || b.winnersAnnouncedAt || !b.deadline) return;
  const people = [
    [
      'sofia@demo.sysfi.local',
      'https://github.com/sofia-l10n/sysfi-docs-es',
      'All 6,000 words, reviewed by two native speakers.',
      300,
    ],
    [
      'mira@demo.sysfi.local',
      'https://github.com/mira-writes/docs-es',
      'Getting started done, Staking half done.',
      150,
    ],
    ['grace@demo.sysfi.local', 'https://github.com/grace-hash/docs-es', 'Machine draft, edited by hand.', 0],
  ] as const;
  const winners: Array<{ userId: string; prizeXp: number }> = [];
  for (const [i, [email, link, note, prize]] of people.entries()) {
    const userId = ids.get(email);
    if (!userId) continue;
    const at = new Date(b.deadline.getTime() - (5 - i) * DAY);
    await db
      .insert(bountyApplicants)
      .values({ bountyId: b.id, userId, pitch: 'I can do this.', createdAt: at })
      .onConflictDoNothing();
    await db
      .insert(bountySubmissions)
      .values({ bountyId: b.id, userId, link, note, createdAt: at, updatedAt: at })
      .onConflictDoNothing();
    winners.push({ userId, prizeXp: prize });
  }
  if (winners.length === 0) return;
  await decide(deps, winnersDecision, b.id, { winners }, { userId: b.requesterId, role: 'owner' });
}
