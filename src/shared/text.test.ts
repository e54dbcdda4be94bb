import { describe, expect, it } from 'vitest';
import { displayNameKey, hasHiddenChars, squish } from './text';

describe('display name folding', () => {
  it('folds case, width and spacing so lookalike names collide', () => {
    expect(displayNameKey('  Satoshi   Fan ')).toBe('satoshi fan');
    expect(displayNameKey('Ｓａｔｏｓｈｉ Ｆａｎ')).toBe('satoshi fan');
    expect(displayNameKey('SATOSHI FAN')).toBe(displayNameKey('satoshi fan'));
  });
  it('spots invisible and direction-changing characters', () => {
    expect(hasHiddenChars('Bob')).toBe(false);
    expect(hasHiddenChars('Bo\u200Bb')).toBe(true);
    expect(hasHiddenChars('abc\u202Edef')).toBe(true);
    expect(hasHiddenChars('tab\there')).toBe(true);
    expect(squish(' a \n b ')).toBe('a b');
  });
});
