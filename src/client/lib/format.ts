/**
 * Spec §2 Profile: counts abbreviated with k and M at 1,000 and 1,000,000, one
 * decimal, a trailing .0 dropped (1000 → 1k, 1250 → 1.3k, 2500000 → 2.5M).
 */
export function compactCount(n: number): string {
  const abs = Math.abs(n);
  const fmt = (v: number, suffix: string) => `${(Math.round(v * 10) / 10).toFixed(1).replace(/\.0$/, '')}${suffix}`;
  if (abs >= 1_000_000) return fmt(n / 1_000_000, 'M');
  if (abs >= 1_000) {
    const k = Math.round((n / 1_000) * 10) / 10;
    // 999,950 rounds to 1000k; show it as 1M instead.
    if (Math.abs(k) >= 1000) return fmt(n / 1_000_000, 'M');
    return fmt(n / 1_000, 'k');
  }
  return String(n);
}

const numberFormat = new Intl.NumberFormat('en-US');

/** 12,345 */
export function formatNumber(n: number): string {
  return numberFormat.format(n);
}
