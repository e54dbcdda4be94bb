import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { loginErrorMessage, signUpErrorMessage } from './auth-errors';

type Case = [code: string | null | undefined, message: string];

const catalogues: Array<{
  name: string;
  message: (code: string | null | undefined) => string;
  cases: Case[];
}> = [
  {
    name: 'login error catalogue (spec §8, substring rules)',
    message: loginErrorMessage,
    cases: [
      ['auth/invalid-email', MSG.login.invalidEmail],
      ['auth/user-disabled', MSG.login.disabled],
      ['BANNED_USER', MSG.login.disabled],
      ['auth/user-not-found', MSG.login.notFound],
      ['USER_NOT_FOUND', MSG.login.notFound],
      ['auth/wrong-password', MSG.login.wrongPassword],
      ['WRONG_PASSWORD', MSG.login.wrongPassword],
      ['INVALID_PASSWORD', MSG.login.wrongPassword],
      ['INVALID_EMAIL_OR_PASSWORD', MSG.login.wrongPassword],
      ['auth/too-many-requests', MSG.login.tooMany],
      ['TOO_MANY', MSG.login.tooMany], // without "requests"
      ['something-else', MSG.login.failed],
      ['', MSG.login.failed],
      [null, MSG.login.failed],
    ],
  },
  {
    name: 'sign-up error catalogue (spec §8)',
    message: signUpErrorMessage,
    cases: [
      ['auth/email-already-in-use', MSG.signup.emailInUse],
      ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', MSG.signup.emailInUse],
      ['auth/invalid-email', MSG.signup.invalidEmail],
      ['VALIDATION_ERROR', MSG.signup.invalidEmail],
      ['auth/weak-password', MSG.signup.weakPassword],
      ['PASSWORD_TOO_SHORT', MSG.signup.weakPassword],
      ['auth/network-request-failed', MSG.signup.network],
      ['DISPLAY_NAME_TAKEN', MSG.signup.nameTaken],
      ['whatever', MSG.signup.other],
      [null, MSG.signup.other],
      [undefined, MSG.signup.other],
    ],
  },
];

describe.each(catalogues)('$name', ({ message, cases }) => {
  it.each(cases)('%s → %s', (code, expected) => {
    expect(message(code)).toBe(expected);
  });
});

describe('the HTTP status', () => {
  it('login: 429 means too many attempts whatever the code; another status changes nothing', () => {
    expect(loginErrorMessage('', 429)).toBe(MSG.login.tooMany);
    expect(loginErrorMessage(undefined, 500)).toBe(MSG.login.failed);
  });
  it('sign-up: 429 means too many attempts whatever the code', () => {
    expect(signUpErrorMessage('DISPLAY_NAME_TAKEN', 429)).toBe(MSG.common.tooMany);
  });
});
