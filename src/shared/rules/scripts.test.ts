import { describe, expect, it } from 'vitest';
import { mixesScripts } from './scripts';

describe('mixesScripts (UTS #39 highly restrictive)', () => {
  it('accepts one alphabet, with digits, spaces and punctuation', () => {
    for (const name of ['Alice', 'Zoë', 'John 3', 'Αλίκη', 'Вера', 'אבי', 'राम', 'O’Brien-Smith', '42'])
      expect(mixesScripts(name), name).toBe(false);
  });
  it('accepts Latin beside Japanese, Chinese or Korean, and those scripts with Han', () => {
    for (const name of ['山田 Taro', '田中たろう', 'Kim 김민수', '李 Li', 'ㄅ李', '김 金'])
      expect(mixesScripts(name), name).toBe(false);
  });
  it('refuses two alphabets, including a non-Latin alphabet beside East Asian writing', () => {
    for (const name of [
      'S\u0430t\u043Eshi',
      'B\u0585b',
      'Alice Ωmega',
      'Ali علي',
      'Вера 山田',
      'Αλίκη 김',
      'たろう 김',
    ])
      expect(mixesScripts(name), name).toBe(true);
  });
  it('accepts a letter of a script it does not list alone, never beside Latin', () => {
    expect(mixesScripts('\u{10414}')).toBe(false); // Deseret
    expect(mixesScripts('\u{10414}\u{10414} 7')).toBe(false);
    expect(mixesScripts('Ab\u{10414}')).toBe(true);
  });
});
