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

/**
 * The key under which a display name must be unique: NFKC folds full-width and
 * compatibility forms ('Ａｌｉｃｅ' → 'alice'), then case is folded.
 */
export function displayNameKey(displayName: string): string {
  const folded = squish(displayName.normalize('NFKC')).toLowerCase();
  return [...folded].map((ch) => CONFUSABLES[ch] ?? ch).join('');
}

/**
 * Cyrillic and Greek letters that look like Latin ones: 'аlice' (Cyrillic а) must
 * collide with 'alice', or a look-alike could impersonate a known member.
 */
const CONFUSABLES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ζ: 'z',
};

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
