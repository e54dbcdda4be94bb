import { describe, expect, it } from 'vitest';
import { assignRanks } from './leaderboard';

describe('assignRanks', () => {
  it('gives tied scores one rank and skips the places they take', () => {
    const ranks = assignRanks(
      [500, 300, 300, 300, 100, 50, 50].map((pointBalance) => ({ pointBalance })),
    ).map((r) => r.rank);
    expect(ranks).toEqual([1, 2, 2, 2, 5, 6, 6]);
  });
  it('handles an empty board', () => {
    expect(assignRanks([])).toEqual([]);
  });
});
