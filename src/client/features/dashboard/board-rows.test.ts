import { describe, expect, it } from 'vitest';
import { COLLAPSED_ROWS, collapsedRows } from './board-rows';

const board = Array.from({ length: 50 }, (_, i) => ({ uid: `u${i + 1}` }));

describe('collapsedRows (issue 20: the viewer’s row is in the main table when in the top 50)', () => {
  it('shows the first rows, and the viewer’s own row after them when it is further down', () => {
    expect(collapsedRows(board, 'u3')).toHaveLength(COLLAPSED_ROWS);
    const rows = collapsedRows(board, 'u37');
    expect(rows).toHaveLength(COLLAPSED_ROWS + 1);
    expect(rows.at(-1)).toEqual({ uid: 'u37' });
    expect(collapsedRows(board, 'not-in-top-50')).toHaveLength(COLLAPSED_ROWS);
  });
});
