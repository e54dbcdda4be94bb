import { describe, expect, it } from 'vitest';
import { dashboardSchema } from './dashboard';
import { mailQueueSchema } from './mail';

describe('the dashboard and mail-queue answers keep every field', () => {
  it('dashboardSchema', () => {
    const item = { id: 'i1', title: 'T', date: null, status: 'pending' };
    const d = {
      stats: { myProjects: 1, bounties: 2, grants: 3, totalContributions: 4 },
      recent: { projects: [item], bounties: [], grants: [], contributions: [item] },
      leaderboard: {
        updatedAt: '2026-08-10T09:00:00.000Z',
        entries: [
          { rank: 1, uid: 'u1', displayName: 'Alice', photoURL: null, pointBalance: 100, profile: true },
        ],
        nextCursor: null,
      },
      myRank: { rank: 1, pointBalance: 100 },
      xpHistory: [{ at: '2026-08-10T09:00:00.000Z', balance: 100 }],
    };
    expect(dashboardSchema.parse(d)).toEqual(d);
  });
  it('mailQueueSchema', () => {
    const q = {
      unsent: 1,
      oldestUnsentSeconds: 30,
      failed: 1,
      failedMail: [
        {
          id: 'm1',
          to: 'a@b.co',
          subject: 'Hi',
          lastError: null,
          attempts: 5,
          queuedAt: '2026-08-10T09:00:00.000Z',
          failedAt: '2026-08-10T10:00:00.000Z',
        },
      ],
    };
    expect(mailQueueSchema.parse(q)).toEqual(q);
  });
});
