/**
 * Helpers for the unit tests of src/shared. Not a test file itself, so it must not import
 * vitest (.dependency-cruiser.cjs, "shared-test-deps-only-in-tests"); and it sits outside
 * rules/ and schemas/ so that Stryker does not mutate it (stryker.config.json).
 */
import { MSG } from './messages';

/** A zod `safeParse` result, as far as `firstIssue` reads it. */
type ParseResult = {
  success: boolean;
  error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };
};

/** A form's first problem: the field it sits on and its message. */
export type Issue = { path?: string; message?: string };

/** The first problem as the form shows it: field and message; null when the input is accepted. */
export const firstIssue = (r: ParseResult): Issue | null =>
  r.success ? null : { path: r.error?.issues[0]?.path.join('.'), message: r.error?.issues[0]?.message };

/**
 * The first problem of a form whose valid input is `valid`, once `patch` changes some of
 * its fields (none: the valid input itself, which should give null).
 */
export const issueWith =
  (schema: { safeParse(input: unknown): ParseResult }, valid: Record<string, unknown>) =>
  (patch: Record<string, unknown> = {}) =>
    firstIssue(schema.safeParse({ ...valid, ...patch }));

/**
 * The rules of every form that sets a new password: 6 to 128 characters, and a confirmation
 * that matches. `field` names the new password (`password`, or `newPassword` when changing it);
 * the confirmation is always `confirmPassword`. Over 128 characters zod gives its own message,
 * so that row names only the field. Which rule a form checks first is the form's own test.
 */
export const newPasswordCases = (field: string) => {
  const pair = (password: string, confirm = password) => ({ [field]: password, confirmPassword: confirm });
  const max = 'p'.repeat(128);
  const accepted: Array<[label: string, fields: Record<string, string>]> = [
    ['6 characters', pair('abcdef')],
    ['128 characters', pair(max)],
  ];
  const refused: Array<[label: string, fields: Record<string, string>, issue: Issue]> = [
    [
      'a confirmation that differs',
      pair('abcdef', 'abcdeg'),
      { path: 'confirmPassword', message: MSG.signup.mismatch },
    ],
    ['5 characters', pair('abcde'), { path: field, message: MSG.signup.tooShort }],
    ['129 characters', pair(`${max}p`), { path: field }],
  ];
  return { accepted, refused };
};
