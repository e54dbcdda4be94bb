const numberFormat = new Intl.NumberFormat('en-US');

/** 12,345: XP and counters (shown with tabular figures). */
export function formatNumber(n: number): string {
  return numberFormat.format(n);
}
