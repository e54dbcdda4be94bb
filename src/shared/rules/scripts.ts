/**
 * Which writing systems a display name uses (UTS #39 mixed-script detection). Shared
 * by the sign-up form and the server; no data file, only the regular expressions'
 * Unicode script properties.
 */

/** Scripts a letter can belong to, tested with Script_Extensions. */
const SCRIPT_NAMES = [
  'Adlam',
  'Arabic',
  'Armenian',
  'Balinese',
  'Bamum',
  'Batak',
  'Bengali',
  'Bopomofo',
  'Braille',
  'Buginese',
  'Buhid',
  'Canadian_Aboriginal',
  'Chakma',
  'Cham',
  'Cherokee',
  'Coptic',
  'Cyrillic',
  'Devanagari',
  'Ethiopic',
  'Georgian',
  'Glagolitic',
  'Gothic',
  'Greek',
  'Gujarati',
  'Gurmukhi',
  'Han',
  'Hangul',
  'Hanunoo',
  'Hebrew',
  'Hiragana',
  'Javanese',
  'Kannada',
  'Katakana',
  'Kayah_Li',
  'Khmer',
  'Lao',
  'Latin',
  'Lepcha',
  'Limbu',
  'Lisu',
  'Malayalam',
  'Mandaic',
  'Meetei_Mayek',
  'Mongolian',
  'Myanmar',
  'New_Tai_Lue',
  'Nko',
  'Ogham',
  'Ol_Chiki',
  'Oriya',
  'Osage',
  'Runic',
  'Samaritan',
  'Saurashtra',
  'Sinhala',
  'Sundanese',
  'Syloti_Nagri',
  'Syriac',
  'Tagalog',
  'Tagbanwa',
  'Tai_Le',
  'Tai_Tham',
  'Tai_Viet',
  'Tamil',
  'Telugu',
  'Thaana',
  'Thai',
  'Tibetan',
  'Tifinagh',
  'Vai',
  'Yi',
];
/**
 * The scripts' patterns, made on first use: some 80 Unicode-property expressions take a
 * long task to compile on a phone-class CPU, and every page that loads this module (its
 * schemas check display names) would pay it while it starts, not only a name's check.
 */
let scripts: { name: string; re: RegExp }[] | undefined;
function scriptPatterns() {
  scripts ??= SCRIPT_NAMES.flatMap((name) => {
    try {
      return [{ name, re: new RegExp(`^\\p{Script_Extensions=${name}}$`, 'u') }];
    } catch {
      return [];
    }
  });
  return scripts;
}
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
/** Han is written beside kana (Japanese), Bopomofo (Chinese) and Hangul (Korean): UTS #39 "augmented" sets. */
const AUGMENT: Record<string, string[]> = {
  Han: ['Jpan', 'Hanb', 'Kore'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Bopomofo: ['Hanb'],
  Hangul: ['Kore'],
};
const EAST_ASIAN = new Set(['Jpan', 'Hanb', 'Kore']);

function scriptsOf(ch: string): Set<string> | null {
  if (NEUTRAL.test(ch)) return null; // digits, spaces, punctuation, combining marks go with anything
  const set = new Set<string>();
  for (const s of scriptPatterns()) {
    if (!s.re.test(ch)) continue;
    set.add(s.name);
    for (const a of AUGMENT[s.name] ?? []) set.add(a);
  }
  if (set.size === 0) set.add(`U+${ch.codePointAt(0)!.toString(16)}`); // a script not listed: its own
  return set;
}

function intersect(a: Set<string> | null, b: Set<string>): Set<string> {
  if (!a) return new Set(b);
  return new Set([...a].filter((x) => b.has(x)));
}

/**
 * True when the name mixes scripts in a way no language does (UTS #39 "highly
 * restrictive"): every letter must share one script, except that Latin may go with
 * Japanese (Han + kana), Chinese (Han + Bopomofo) or Korean (Han + Hangul).
 */
export function mixesScripts(displayName: string): boolean {
  let all: Set<string> | null = null;
  let nonLatin: Set<string> | null = null;
  let latin = false;
  for (const ch of displayName.normalize('NFKC')) {
    const s = scriptsOf(ch);
    if (!s) continue;
    all = intersect(all, s);
    if (s.has('Latin') && s.size === 1) latin = true;
    else nonLatin = intersect(nonLatin, s);
  }
  if (!all || all.size > 0) return false;
  // Not one script: allowed only as Latin beside one East Asian writing system.
  return !(latin && nonLatin && [...nonLatin].some((x) => EAST_ASIAN.has(x)));
}
