/** Display rules shared by every screen. */

/**
 * Spec §2 Profile: 'Smart Connection' count abbreviated with k at 1,000 and M at
 * 1,000,000, one decimal, a trailing .0 dropped (1500 → 1.5k, 1000 → 1k).
 * Rounds down so 999,999 never shows as '1000k'.
 */
export function abbreviateCount(n: number): string {
  const one = (x: number) => {
    const v = Math.floor(x * 10) / 10;
    return Number.isInteger(v) ? v.toFixed(0) : v.toFixed(1);
  };
  if (n >= 1_000_000) return `${one(n / 1_000_000)}M`;
  if (n >= 1_000) return `${one(n / 1_000)}k`;
  return String(n);
}

/** Spec §2 Leaderboard fallback names: the rank tables and the user cell use different ones. */
export const FALLBACK_NAME = {
  rankTable: 'Sysfi contributor',
  userCell: 'SYSFI Contributor user',
} as const;

export function displayNameOr(name: string | null | undefined, fallback: string): string {
  const n = name?.trim();
  return n ? n : fallback;
}

/** Spec §9 success rate: approved / total × 100 to one decimal; 0 when nothing was submitted. */
export function successRate(approved: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((approved / total) * 1000) / 10;
}
