import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { foldForSearch } from '@/shared/text';

/** A `LIKE`/`ILIKE` pattern that finds `q` anywhere, with %, _ and \ matched as themselves; null for an empty query. */
export function containsPattern(q: string | undefined): string | null {
  const term = q?.trim();
  return term ? `%${term.replace(/[%_\\]/g, (m) => `\\${m}`)}%` : null;
}

// Latin letters with accents and what they fold to (shared/text.ts foldForSearch does the same in JS).
const ACCENTED = 'ÀÁÂÃÄÅÈÉÊËÌÍÎÏÒÓÔÕÖÙÚÛÜÝÇÑàáâãäåèéêëìíîïòóôõöùúûüýÿçñ';
const PLAIN = 'AAAAAAEEEEIIIIOOOOOUUUUYCNaaaaaaeeeeiiiiooooouuuuyycn';

/**
 * `col` contains `q`, ignoring case and (for Latin letters) accents: 'cafe' finds 'Café'.
 * Undefined for an empty query (no condition).
 *
 * `translate` costs about 5 µs a row (27 ms over 5,000 titles), and an all-ASCII text is
 * its own translation, so it runs only for a text with a character outside printable
 * ASCII; the rest are matched by the plain `ilike` (2 ms over the same 5,000).
 */
export function foldedContains(col: AnyColumn | SQL, q: string | undefined): SQL | undefined {
  const pattern = containsPattern(q === undefined ? undefined : foldForSearch(q));
  return pattern
    ? sql`(${col} ilike ${pattern} or (${col} ~ '[^ -~]' and translate(${col}, ${ACCENTED}, ${PLAIN}) ilike ${pattern}))`
    : undefined;
}
