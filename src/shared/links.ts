/** Links are data, not code (principle 5, docs/architecture.md): only http(s) URLs are stored or rendered. */

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/** The URL if it is http(s), else null: use before rendering any stored link. */
export function safeHref(value: string | null | undefined): string | null {
  return value && isHttpUrl(value) ? value : null;
}

/** The link to a public profile: the display name as written, encoded. */
export const profilePath = (displayName: string) => `/u/${encodeURIComponent(displayName)}`;

/**
 * A web address typed without its scheme ("tidal.example", "github.com/org") completed with
 * https://, as a browser's address bar would; anything else is given back as typed (blank, a
 * full URL, another scheme such as `javascript:`, which the schemas then refuse). The forms'
 * address fields apply it when the field is left, so the person sees what is sent.
 */
export function withScheme(value: string): string {
  const typed = value.trim();
  if (typed === '' || /^[a-z][a-z\d+.-]*:(?!\d)/i.test(typed) || typed.startsWith('//')) return value;
  // A host with a dot and nothing that cannot be in one before the first slash.
  if (!/^[^\s/?#@]+\.[^\s/?#@.]+(?:[/?#]\S*)?$/u.test(typed)) return value;
  return `https://${typed}`;
}
