/** Rows shown before "Show all": the podium and a little more, without a 50-row wall. */
export const COLLAPSED_ROWS = 10;

/**
 * The collapsed board: the first rows, plus the viewer's own row when they are in the top 50
 * but below those (issue 20: their row is highlighted in the main table, so it must be there).
 */
export function collapsedRows<E extends { uid: string }>(all: E[], meUid: string): E[] {
  const top = all.slice(0, COLLAPSED_ROWS);
  const mine = all.findIndex((e) => e.uid === meUid);
  return mine >= COLLAPSED_ROWS ? [...top, all[mine]!] : top;
}
