import fc from 'fast-check';
import confusables from 'unhomoglyph/data.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { displayNameKey, impersonatesStaff, skeleton } from './display-name';

const same = (a: string, b: string) => expect(displayNameKey(a), `${a} vs ${b}`).toBe(displayNameKey(b));

describe('displayNameKey', () => {
  it('makes the look-alikes of the security review collide', () => {
    same('Bob', 'B\u0585b'); // Armenian օ
    same('Bob', 'B0b'); // digit zero
    same('Bob', 'Bo\u0307b'); // combining dot above
    same('Bob', 'B\u022Fb'); // precomposed ȯ
    same('Ilya', 'llya'); // capital I, small L
    same('alice', '\u0251lice'); // Latin alpha ɑ
  });

  it('still folds case, width, spacing and the earlier Cyrillic and Greek look-alikes', () => {
    same('  Satoshi   Fan ', 'satoshi fan');
    same('Ｓａｔｏｓｈｉ Ｆａｎ', 'SATOSHI FAN');
    same('\u0430lic\u0435', 'alice');
    same('R\u03BFbin', 'robin');
    same('Al1ce', 'alice');
    same('rnarc', 'Marc');
    same('Straße', 'STRASSE'); // full case folding: ß is ss
  });

  it('keeps different names apart', () => {
    for (const [a, b] of [
      ['alice', 'alicia'],
      ['bob', 'rob'],
      ['Satoshi Fan', 'Satoshi Fans'],
      ['山田', '田中'],
      ['राम', 'श्याम'],
    ])
      expect(displayNameKey(a!), `${a} vs ${b}`).not.toBe(displayNameKey(b!));
  });

  it.each([
    ['0', 'O'],
    ['I', 'l'],
    ['m', 'rn'],
    ['\u0585', 'o'],
    ['é', 'e\u0301'],
  ])('is the UTS #39 skeleton underneath (NFD, prototypes, NFD): %s → %s', (name, expected) => {
    expect(skeleton(name)).toBe(expected);
  });

  // Property: a random Latin name, each letter swapped at random for a case variant or for a
  // character Unicode's confusables.txt lists as looking like it, keeps its key.
  const LOOKALIKES: Record<string, string[]> = {};
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
    const targets = new Set([letter, letter.toUpperCase()]);
    LOOKALIKES[letter] = [
      letter,
      letter.toUpperCase(),
      ...Object.entries(confusables as Record<string, string>)
        .filter(([from, to]) => targets.has(to) && [...from].length === 1)
        .map(([from]) => from),
    ];
  }
  it('gives every look-alike confusables.txt lists for a Latin letter that letter’s key', () => {
    const misses = Object.entries(LOOKALIKES).flatMap(([letter, alts]) =>
      alts
        .filter((a) => displayNameKey(`x${a}x`) !== displayNameKey(`x${letter}x`))
        .map((a) => `${letter}:${a}`),
    );
    expect(misses).toEqual([]);
  });

  it('gives a name the same key whatever look-alike letters replace its own (property)', () => {
    const word = fc.stringMatching(/^[a-z]{1,10}( [a-z]{1,10})?$/);
    fc.assert(
      fc.property(word, fc.array(fc.nat(), { minLength: 20, maxLength: 20 }), (name, picks) => {
        const spoof = [...name]
          .map((ch, i) => {
            const alts = LOOKALIKES[ch];
            return alts ? alts[picks[i % picks.length]! % alts.length]! : ch;
          })
          .join('');
        expect(displayNameKey(spoof), `${name} → ${spoof}`).toBe(displayNameKey(name));
      }),
      { numRuns: 500 },
    );
  });
});

describe('impersonatesStaff', () => {
  it.each([
    'Ada Nakamoto 🛡️ Admin',
    'S y s f i A d m i n',
    'Sysfi Team',
    'sysfi_ops',
    'SysfiLabs',
    'Support',
    'Official Ada',
    'Аdmin Ada', // Cyrillic А
    'Moderator Max',
  ])('catches %s (names an outside review signed up with)', (name) => {
    expect(impersonatesStaff(name)).toBe(true);
  });
  it.each(['Ada Nakamoto', 'Badminton Fan', 'Linus Staffordshire', 'Supporter Sam', 'Team Rocket'])(
    'leaves %s alone (it merely contains the letters)',
    (name) => {
      expect(impersonatesStaff(name)).toBe(false);
    },
  );
});
