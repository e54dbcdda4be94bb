import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { loginErrorMessage, signUpErrorMessage } from './auth-errors';

describe('login error catalogue (spec §8, substring rules)', () => {
  it.each([
    ['auth/invalid-email', MSG.login.invalidEmail],
    ['auth/user-disabled', MSG.login.disabled],
    ['auth/user-not-found', MSG.login.notFound],
    ['USER_NOT_FOUND', MSG.login.notFound],
    ['auth/wrong-password', MSG.login.wrongPassword],
    ['WRONG_PASSWORD', MSG.login.wrongPassword],
    ['INVALID_EMAIL_OR_PASSWORD', MSG.login.wrongPassword],
    ['auth/too-many-requests', MSG.login.tooMany],
    ['something-else', MSG.login.failed],
    ['', MSG.login.failed],
  ])('%s → %s', (code, message) => {
    expect(loginErrorMessage(code)).toBe(message);
  });
  it('treats HTTP 429 as too many attempts whatever the code', () => {
    expect(loginErrorMessage('', 429)).toBe(MSG.login.tooMany);
  });
});

describe('sign-up error catalogue (spec §8)', () => {
  it.each([
    ['auth/email-already-in-use', MSG.signup.emailInUse],
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', MSG.signup.emailInUse],
    ['auth/invalid-email', MSG.signup.invalidEmail],
    ['auth/weak-password', MSG.signup.weakPassword],
    ['PASSWORD_TOO_SHORT', MSG.signup.weakPassword],
    ['auth/network-request-failed', MSG.signup.network],
    ['DISPLAY_NAME_TAKEN', MSG.signup.nameTaken],
    ['whatever', MSG.signup.other],
  ])('%s → %s', (code, message) => {
    expect(signUpErrorMessage(code)).toBe(message);
  });
});

describe('the other spellings each catalogue knows', () => {
  it('login: too-many without "requests", invalid-password, banned, a missing code', () => {
    expect(loginErrorMessage('TOO_MANY')).toBe(MSG.login.tooMany);
    expect(loginErrorMessage('INVALID_PASSWORD')).toBe(MSG.login.wrongPassword);
    expect(loginErrorMessage('BANNED_USER')).toBe(MSG.login.disabled);
    expect(loginErrorMessage(null)).toBe(MSG.login.failed);
    expect(loginErrorMessage(undefined, 500)).toBe(MSG.login.failed);
  });
  it('sign-up: HTTP 429, validation errors, a missing code', () => {
    expect(signUpErrorMessage('DISPLAY_NAME_TAKEN', 429)).toBe(MSG.common.tooMany);
    expect(signUpErrorMessage('VALIDATION_ERROR')).toBe(MSG.signup.invalidEmail);
    expect(signUpErrorMessage(null)).toBe(MSG.signup.other);
    expect(signUpErrorMessage(undefined)).toBe(MSG.signup.other);
  });
});
