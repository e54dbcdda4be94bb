/**
 * Display names that look alike must collide (spec: unique display names). Server-side
 * only: it carries Unicode's confusables data (the unhomoglyph package's copy of UTS #39
 * confusables.txt, about 100 KB); the mixed-script rule the forms share is in shared/rules/scripts.ts.
 *
 * The key under which a name is unique (`user.username`, unique index):
 *   1. NFKC (full-width and compatibility forms: 'Ａ' → 'A'), after a first skeleton pass;
 *   2. generic combining diacritics dropped ('ȯ', 'o' + U+0307 → 'o', 'é' → 'e');
 *   3. the UTS #39 skeleton of the name as written (so 'I' → 'l', '0' → 'O', 'օ' → 'o',
 *      'ɑ' → 'a', 'm' → 'rn'), then case folded, then the skeleton again (lower-case
 *      look-alikes such as Cyrillic 'а'), folded again;
 *   4. 'i' → 'l': names are unique whatever their case, and capital I looks like l, so
 *      i, I, l, 1 and | are one letter here; white space squished.
 * The key is never shown; it is only compared.
 */
import confusables from 'unhomoglyph/data.json' with { type: 'json' };
import { squish } from '@/shared/text';

const MAP = confusables as Record<string, string>;
/** Diacritics shared by Latin, Greek and Cyrillic (not the vowel signs of other scripts). */
const GENERIC_MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/gu;

/** UTS #39 skeleton: NFD, each character replaced by its prototype, NFD again. */
export function skeleton(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFD')) out += MAP[ch] ?? ch;
  return out.normalize('NFD');
}

/** Full case folding as far as JavaScript offers it ('ß' → 'ss', 'ς' → 'σ'). */
function fold(text: string): string {
  return text.toUpperCase().toLowerCase();
}

const stripMarks = (text: string) => text.normalize('NFD').replace(GENERIC_MARKS, '');

/** The key under which a display name must be unique (see above). */
export function displayNameKey(displayName: string): string {
  // The skeleton also before NFKC: NFKC turns some look-alikes into something else ('˛' → ' ' + ogonek).
  const base = stripMarks(skeleton(displayName).normalize('NFKC'));
  const once = stripMarks(fold(skeleton(base)));
  return squish(
    fold(stripMarks(skeleton(once)))
      .replaceAll('i', 'l')
      .normalize('NFC'),
  );
}

/** Words only the team's own accounts may carry in a name, as keys (so 'Admіn' with a Cyrillic 'і' is one). */
const STAFF_WORDS = new Set(
  ['admin', 'administrator', 'moderator', 'staff', 'official', 'support', 'sysfi', 'sysfilabs'].map(
    displayNameKey,
  ),
);
const BRAND = displayNameKey('sysfi');

/**
 * Whether a name passes for the team's: a staff word as a word of its own ('Ada 🛡️ Admin'), or
 * the brand anywhere once spaces, punctuation and symbols are gone ('S y s f i Team', 'sysfi_ops').
 * Only new members' names are checked; the admin's own account is not (ADMIN_EMAIL).
 */
export function impersonatesStaff(displayName: string): boolean {
  const words = displayNameKey(displayName)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.some((w) => STAFF_WORDS.has(w)) || words.join('').includes(BRAND);
}
