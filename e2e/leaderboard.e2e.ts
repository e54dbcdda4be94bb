/**
 * Issue 16 in Chromium: the all-time leaderboard beyond the top 50. With 51 members
 * on the board, "Show all 50" lists the top 50 and "Load more" adds the 51st, with
 * its rank, on a desktop table and on a phone's list.
 */
import { MSG } from '@/shared/messages';
import { signUp, type TestUser, verify } from './support/api';
import { MOBILE, screenshot } from './support/browser';
import { expect, test } from './support/fixtures';

test.describe('leaderboard beyond the top 50', () => {
  // Everything the board lists is this test's: a world of its own.
  test.use({ freshWorld: true });

  test('"Load more" adds the members after the top 50, each once, with their rank', async ({
    app,
    mail,
    createUser,
    newPage,
  }) => {
    // A chain of invitations: each member invites the next, and each verified invitee earns the
    // inviter the referral bonus, paid once the inviter has verified too. 52 verified sign-ups
    // put 51 members on the board (the last invited nobody).
    const chain: TestUser[] = [];
    for (let i = 0; i < 52; i++) chain.push(await signUp(app, i ? { ref: chain[i - 1]!.uid } : {}));
    for (let i = 0; i < chain.length; i += 8) {
      await Promise.all(chain.slice(i, i + 8).map((u) => verify(app, mail, u)));
    }
    const onBoard = chain.slice(0, 51).map((u) => u.displayName);

    const viewer = await createUser();
    for (const viewport of [undefined, MOBILE]) {
      const page = await newPage({ as: viewer, viewport });
      await page.goto('/dashboard');
      const board = page.getByTestId('leaderboard');
      const rows = viewport
        ? board.getByRole('list', { name: MSG.leaderboard.title }).getByRole('listitem')
        : board.getByRole('table', { name: MSG.leaderboard.title }).locator('tbody tr');
      await board.getByRole('button', { name: 'Show all 50' }).click();
      await expect(rows).toHaveCount(50);
      const first = await rows.allInnerTexts();

      await board.getByRole('button', { name: 'Load more contributors' }).click();
      await expect(rows).toHaveCount(51);
      await expect(board.getByRole('button', { name: 'Load more contributors' })).toHaveCount(0);
      const all = await rows.allInnerTexts();
      expect(all.slice(0, 50)).toEqual(first);
      // The one added is the member the top 50 left out, tied with everyone: rank 1.
      const added = onBoard.filter((name) => !first.some((row) => row.includes(name)));
      expect(added).toHaveLength(1);
      expect(all[50]).toContain(added[0]!);
      expect(all[50]).toMatch(/^\s*(Rank\s*)?1\b/);
      await screenshot(page, `leaderboard-load-more-${viewport ? '375' : '1280'}`);
    }
  });
});
