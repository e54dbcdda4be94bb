/**
 * A list's filters as a link carries them (/admin/audit?actor=…, /admin/users?role=…): each
 * known key's value, trimmed, when the list's API would take it. The page reads its filters
 * from the URL this way and sets aside, with a word, what a hand-edited or stale link holds
 * that the API would refuse, rather than failing. Each list names its keys and checks in its
 * own rules file (audit-filters.ts, users-filters.ts), tested against its API query schema.
 */
export function linkFilters<K extends string>(
  keys: readonly K[],
  accepts: Record<K, (value: string) => boolean>,
  read: (key: K) => string | null,
): { filters: { [P in K]?: string }; ignored: K[] } {
  const filters: { [P in K]?: string } = {};
  const ignored: K[] = [];
  for (const key of keys) {
    const value = read(key)?.trim();
    // An empty value is no filter; keys the list does not filter by are left alone.
    if (!value) continue;
    if (accepts[key](value)) filters[key] = value;
    else ignored.push(key);
  }
  return { filters, ignored };
}
