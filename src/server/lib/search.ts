/** A `LIKE`/`ILIKE` pattern that finds `q` anywhere, with %, _ and \ matched as themselves; null for an empty query. */
export function containsPattern(q: string | undefined): string | null {
  const term = q?.trim();
  return term ? `%${term.replace(/[%_\\]/g, (m) => `\\${m}`)}%` : null;
}
