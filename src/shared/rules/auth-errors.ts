import { MSG } from '../messages';

/**
 * Login error messages of spec §8, matched by substring as the spec does. Codes
 * are better-auth's (INVALID_EMAIL_OR_PASSWORD…), ours (USER_NOT_FOUND) or the
 * spec's (auth/wrong-password…); case and separators are ignored.
 */
export function loginErrorMessage(code: string | undefined | null, status?: number): string {
  if (status === 429) return MSG.login.tooMany;
  const c = (code ?? '').toLowerCase().replace(/_/g, '-');
  if (c.includes('too-many-requests') || c.includes('too-many')) return MSG.login.tooMany;
  if (
    c.includes('invalid-email-or-password') ||
    c.includes('wrong-password') ||
    c.includes('invalid-password')
  )
    return MSG.login.wrongPassword;
  if (c.includes('invalid-email')) return MSG.login.invalidEmail;
  if (c.includes('user-disabled') || c.includes('banned')) return MSG.login.disabled;
  if (c.includes('user-not-found')) return MSG.login.notFound;
  return MSG.login.failed;
}

/** Sign-up error messages of spec §8, by code. */
export function signUpErrorMessage(code: string | undefined | null, status?: number): string {
  if (status === 429) return MSG.common.tooMany;
  const c = (code ?? '').toLowerCase().replace(/_/g, '-');
  if (c.includes('display-name-taken')) return MSG.signup.nameTaken;
  if (c.includes('email-already-in-use') || c.includes('user-already-exists')) return MSG.signup.emailInUse;
  if (c.includes('invalid-email') || c.includes('validation-error')) return MSG.signup.invalidEmail;
  if (c.includes('weak-password') || c.includes('password-too-short')) return MSG.signup.weakPassword;
  if (c.includes('network-request-failed')) return MSG.signup.network;
  return MSG.signup.other;
}
