import { formatDate, formatDateTime, formatMoment, formatRelative } from '@/client/lib/format';

const FORMATS = {
  /** Mar 5, 2026 */
  date: formatDate,
  /** Mar 5, 3:07 PM */
  dateTime: formatDateTime,
  /** Mar 5, 2026, 3:07 PM */
  moment: formatMoment,
  /** 5 minutes ago */
  relative: formatRelative,
} as const;

/**
 * A moment on screen: the `<time>` element, which machines and screen readers can read,
 * holding the moment printed the app's one way (client/lib/format.ts).
 */
export function When({ at, as }: { at: string; as: keyof typeof FORMATS }) {
  return <time dateTime={at}>{FORMATS[as](at)}</time>;
}
