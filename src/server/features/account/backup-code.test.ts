import { describe, expect, it } from 'vitest';
import { matchBackupCode } from './backup-code';

describe('matchBackupCode', () => {
  const codes = ['abcde-12345', 'QWERT-67890', 'zz9zz-00000'];

  it.each([
    ['the first code', 'abcde-12345', true],
    ['the last code', 'zz9zz-00000', true],
    ['a near miss (last character)', 'abcde-12346', false],
    ['a prefix', 'abcde-1234', false],
    ['a longer string', 'abcde-123456', false],
    ['another case', 'ABCDE-12345', false],
    ['the empty string', '', false],
  ])('%s → %s', (_name, code, want) => {
    expect(matchBackupCode(codes, code)).toBe(want);
  });

  it('matches nothing when no codes are left', () => {
    expect(matchBackupCode([], 'abcde-12345')).toBe(false);
  });
});
