import { formatNumber } from '@/client/lib/format';
import type { ContributionType, QueueInfo } from '@/shared/schemas/contributions';

/** Labels of the contribution types (the form offers only OFFERED_CONTRIBUTION_TYPES). */
export const TYPE_LABEL: Record<ContributionType, string> = {
  tweet: 'Tweet',
  link: 'Link',
  file: 'File',
};

export function typeLabel(type: string): string {
  return TYPE_LABEL[type as ContributionType] ?? type;
}

/** SR as shown: one decimal and a percent sign; the shared rule already makes it 0 when nothing was submitted. */
export function formatSuccessRate(rate: number): string {
  return `${(Number.isFinite(rate) ? rate : 0).toFixed(1)}%`;
}

/** How long reviews usually take, from the server's median in hours: "~5 h", "~2 days", "under 1 h". */
export function formatReviewTime(hours: number | null): string | null {
  if (hours === null || !Number.isFinite(hours) || hours < 0) return null;
  if (hours < 1) return 'under 1 h';
  if (hours < 48) return `~${Math.round(hours)} h`;
  return `~${Math.round(hours / 24)} days`;
}

/**
 * "#3 in the review queue · reviews usually take ~5 h" (the second half only when known); a place
 * beyond the exact count reads "More than 1,000 ahead in the review queue".
 */
export function queueLine(queue: QueueInfo): string {
  const place = queue.queueDeep
    ? `More than ${formatNumber(queue.queuePosition - 1)} ahead in the review queue`
    : `#${formatNumber(queue.queuePosition)} in the review queue`;
  const time = formatReviewTime(queue.typicalReviewHours);
  return time ? `${place} · reviews usually take ${time}` : place;
}

/** A link shortened for display: host and path, without the scheme and a trailing slash. */
export function shortLink(href: string): string {
  try {
    const u = new URL(href);
    const host = u.host.replace(/^www\./, '');
    const path = u.pathname === '/' ? '' : u.pathname.replace(/\/$/, '');
    return `${host}${path}`;
  } catch {
    return href;
  }
}
