/**
 * The formatters are made on first use, not when the module loads: the first Intl
 * object of a page costs some 20 ms (locale data), which would otherwise land in
 * the one task that loads a page's code, ahead of its first render.
 */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

const numberFormat = lazy(() => new Intl.NumberFormat('en-US'));

/**
 * The common cases are printed without an Intl object: the app speaks en-US only, and the
 * first Intl object of a page costs some 20 ms on a phone-class CPU (its locale data),
 * inside the task that renders the page. Each fast path prints exactly what Intl prints
 * (format.test.ts compares them over wide ranges); anything else goes to Intl.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function groupThousands(n: number): string {
  const digits = String(Math.abs(n));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    out = out ? `${part},${out}` : part;
  }
  return n < 0 ? `-${out}` : out;
}

/** 12,345: XP and counters (shown with tabular figures). */
export function formatNumber(n: number): string {
  if (Number.isSafeInteger(n) && !Object.is(n, -0)) return groupThousands(n);
  return numberFormat().format(n);
}

const dateFormat = lazy(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
);
const dateTimeFormat = lazy(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
const momentFormat = lazy(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
);
const relativeFormat = lazy(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Mar 5, 2026 (empty for an invalid date). */
export function formatDate(value: string | number | Date): string {
  const d = toDate(value);
  if (!d) return '';
  const year = d.getFullYear();
  if (year >= 1000 && year <= 9999) return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${year}`;
  return dateFormat().format(d);
}

/** "3:07 PM": the clock as Intl prints it, but always with a plain space before AM/PM. */
function clock(d: Date): string {
  const h = d.getHours();
  return `${h % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * Mar 5, 3:07 PM (empty for an invalid date), in the local time zone. Intl prints the same
 * but for the space before AM/PM, which is a narrow no-break space in newer ICU data and a
 * plain one in older: this always prints a plain space, on every browser alike.
 */
export function formatDateTime(value: string | number | Date): string {
  const d = toDate(value);
  if (!d) return '';
  const year = d.getFullYear();
  if (year < 1000 || year > 9999) return dateTimeFormat().format(d);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${clock(d)}`;
}

/**
 * Mar 5, 2026, 3:07 PM (empty for an invalid date), in the local time zone: a moment that may
 * be in another year (a submission, a deadline's hour). The same space rule as formatDateTime.
 */
export function formatMoment(value: string | number | Date): string {
  const d = toDate(value);
  if (!d) return '';
  const date = formatDate(d);
  const year = d.getFullYear();
  return year < 1000 || year > 9999 ? momentFormat().format(d) : `${date}, ${clock(d)}`;
}

/** "1.2 MB", "340 KB", "12 B": a file's size. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** "just now", "5 minutes ago", "yesterday", … relative to `now`. */
export function formatRelative(value: string | number | Date, now: number = Date.now()): string {
  const d = toDate(value);
  if (!d) return '';
  const sec = Math.round((d.getTime() - now) / 1000);
  const abs = Math.abs(sec);
  if (abs < 45) return 'just now';
  if (abs < 3600) return relative(Math.round(sec / 60), 'minute');
  if (abs < 86_400) return relative(Math.round(sec / 3600), 'hour');
  if (abs < 30 * 86_400) return relative(Math.round(sec / 86_400), 'day');
  return formatDate(d);
}

/** What Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }) prints, for a whole, non-zero amount. */
export function relative(amount: number, unit: 'minute' | 'hour' | 'day'): string {
  if (!Number.isSafeInteger(amount) || amount === 0) return relativeFormat().format(amount, unit);
  if (unit === 'day' && amount === -1) return 'yesterday';
  if (unit === 'day' && amount === 1) return 'tomorrow';
  const n = Math.abs(amount);
  const words = `${groupThousands(n)} ${unit}${n === 1 ? '' : 's'}`;
  return amount < 0 ? `${words} ago` : `in ${words}`;
}
