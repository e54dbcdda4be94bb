/** Text normalisation shared by the browser and the server. */

/** Invisible format and control characters (zero-width joiners, bidi overrides, NUL…). */
const HIDDEN_CHARS = /[\p{Cc}\p{Cf}]/u;

export function hasHiddenChars(value: string): boolean {
  return HIDDEN_CHARS.test(value);
}

/** Collapses runs of white space and trims. */
export function squish(value: string): string {
  return value.replace(/\s+/gu, ' ').trim();
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Words as a reader counts them: runs of non-space characters (any script, any white space). */
export function countWords(text: string): number {
  const t = text.trim();
  return t ? t.split(/\s+/u).length : 0;
}

/** Folds text for searching: case-insensitive and accent-insensitive ('Café' matches 'cafe'). */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
