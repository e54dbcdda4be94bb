const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function valid(iso: string): Date | null {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Mar 5, 2026" in the viewer's locale and time zone. */
export function formatDay(iso: string): string {
  const d = valid(iso);
  return d ? dateFormat.format(d) : '';
}

/** "Mar 5, 2026, 3:07 PM" in the viewer's locale and time zone. */
export function formatMoment(iso: string): string {
  const d = valid(iso);
  return d ? dateTimeFormat.format(d) : '';
}

/** "1.2 MB", "340 KB". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
