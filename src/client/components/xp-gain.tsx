import { formatNumber } from '@/client/lib/format';

/** XP won or earned, "+300 XP" in the approved colour; nothing when there is none (null or 0). */
export function XpGain({ points }: { points: number | null }) {
  return points ? <span className="tabular-nums text-approved">+{formatNumber(points)} XP</span> : null;
}
