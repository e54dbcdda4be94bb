import { describe, expect, it } from 'vitest';
import { countWords, foldForSearch, hasHiddenChars, squish } from './text';

describe('hidden characters', () => {
  it('spots invisible and direction-changing characters', () => {
    expect(hasHiddenChars('Bob')).toBe(false);
    expect(hasHiddenChars('Bo\u200Bb')).toBe(true);
    expect(hasHiddenChars('abc\u202Edef')).toBe(true);
    expect(hasHiddenChars('tab\there')).toBe(true);
    expect(squish(' a \n b ')).toBe('a b');
  });
});

describe('countWords', () => {
  it('counts words across spaces, tabs, newlines and scripts', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t ')).toBe(0);
    expect(countWords('one')).toBe(1);
    expect(countWords('  one   two\n\nthree\tfour  ')).toBe(4);
    expect(countWords('héllo wörld ñandú')).toBe(3);
    expect(countWords('日本語 テキスト')).toBe(2);
    expect(countWords('a\u00A0b\u2003c')).toBe(3); // no-break and em spaces separate words
    expect(countWords(Array.from({ length: 3001 }, () => 'w').join(' '))).toBe(3001);
  });
});

describe('foldForSearch', () => {
  it('ignores case and accents', () => {
    expect(foldForSearch('Café Crème')).toBe('cafe creme');
    expect(foldForSearch('ÉCOLE')).toContain(foldForSearch('ecole'));
  });
});
