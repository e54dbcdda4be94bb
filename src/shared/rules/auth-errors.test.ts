import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { loginErrorMessage, signUpErrorMessage } from './auth-errors';

type Code = string | null | undefined;

/** A catalogue, as each message it shows and the codes that lead to it. */
type Catalogue = { name: string; message: (code: Code) => string; codesOf: Array<[string, Code[]]> };

const catalogues: Catalogue[] = [
  {
    name: 'login error catalogue (spec §8, substring rules)',
    message: loginErrorMessage,
    codesOf: [
      [MSG.login.invalidEmail, ['auth/invalid-email']],
      [MSG.login.disabled, ['auth/user-disabled', 'BANNED_USER']],
      [MSG.login.notFound, ['auth/user-not-found', 'USER_NOT_FOUND']],
      [
        MSG.login.wrongPassword,
        ['auth/wrong-password', 'WRONG_PASSWORD', 'INVALID_PASSWORD', 'INVALID_EMAIL_OR_PASSWORD'],
      ],
      [MSG.login.tooMany, ['auth/too-many-requests', 'TOO_MANY' /* without "requests" */]],
      [MSG.login.failed, ['something-else', '', null]],
    ],
  },
  {
    name: 'sign-up error catalogue (spec §8)',
    message: signUpErrorMessage,
    codesOf: [
      [MSG.signup.emailInUse, ['auth/email-already-in-use', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL']],
      [MSG.signup.invalidEmail, ['auth/invalid-email', 'VALIDATION_ERROR']],
      [MSG.signup.weakPassword, ['auth/weak-password', 'PASSWORD_TOO_SHORT']],
      [MSG.signup.network, ['auth/network-request-failed']],
      [MSG.signup.nameTaken, ['DISPLAY_NAME_TAKEN']],
      [MSG.signup.other, ['whatever', null, undefined]],
    ],
  },
];

describe.each(catalogues)('$name', ({ message, codesOf }) => {
  const cases = codesOf.flatMap(([expected, codes]) => codes.map((code) => [code, expected] as const));
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
