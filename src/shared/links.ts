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
