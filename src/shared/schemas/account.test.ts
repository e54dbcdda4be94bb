import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { firstIssue, issueWith, newPasswordCases } from '../test-support';
import {
  emailOnlySchema,
  firstMessage,
  loginSchema,
  meSchema,
  resetPasswordSchema,
  signUpSchema,
  verifyWithPasswordSchema,
} from './account';
import { changePasswordSchema } from './security';

const ok = { email: 'a@b.co', displayName: 'Alice', password: 'secret', confirmPassword: 'secret' };
const msg = (input: Record<string, unknown>) => {
  const r = signUpSchema.safeParse(input);
  return r.success ? null : firstMessage(r.error);
};

describe('signUpSchema (spec §5 sign-up)', () => {
  it('accepts a complete form, role optional', () => {
    expect(msg(ok)).toBeNull();
    expect(msg({ ...ok, role: 'startup' })).toBeNull();
    expect(msg({ ...ok, role: 'Community Member' })).toBeNull();
    expect(msg({ ...ok, role: '' })).toBeNull();
    expect(msg({ ...ok, role: 'builder' })).toBeNull(); // the default, picked explicitly
  });
  it.each(['email', 'displayName', 'password', 'confirmPassword'])('requires %s', (field) => {
    expect(msg({ ...ok, [field]: '  ' })).toBe(MSG.signup.required);
  });
  it('checks fields in the spec order: required, then match, then length', () => {
    expect(msg({ ...ok, password: 'abc', confirmPassword: 'abd' })).toBe(MSG.signup.mismatch);
    expect(msg({ ...ok, password: 'abcde', confirmPassword: 'abcde' })).toBe(MSG.signup.tooShort);
    expect(msg({ ...ok, password: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
  it('refuses bad e-mails, unknown roles, hidden characters and overlong names', () => {
    expect(msg({ ...ok, email: 'nope' })).toBe(MSG.signup.invalidEmail);
    expect(msg({ ...ok, role: 'admin' })).toBe(MSG.signup.invalidRole);
    expect(msg({ ...ok, displayName: 'A\u200Db' })).toBe(MSG.signup.nameInvalid);
    expect(msg({ ...ok, displayName: 'x'.repeat(41) })).toBe(MSG.signup.nameTooLong);
  });
});

describe('loginSchema (spec §5 login)', () => {
  it('requires both fields', () => {
    for (const v of [
      { email: '', password: 'x' },
      { email: 'a@b.co', password: '' },
      { email: ' ', password: '' },
    ]) {
      const r = loginSchema.safeParse(v);
      expect(r.success).toBe(false);
      if (!r.success) expect(firstMessage(r.error)).toBe(MSG.login.required);
    }
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });
});

const signUp = issueWith(signUpSchema, ok);
const resetForm = { token: 't', password: 'abcdef', confirmPassword: 'abcdef' };
const reset = issueWith(resetPasswordSchema, resetForm);
const changePassword = issueWith(changePasswordSchema, {
  currentPassword: 'old-pass',
  newPassword: 'new-pass',
  confirmPassword: 'new-pass',
});

// Every form that sets a new password, with the field that names it.
describe.each([
  ['signUpSchema', signUp, 'password'],
  ['resetPasswordSchema', reset, 'password'],
  ['changePasswordSchema', changePassword, 'newPassword'],
])('%s: a password of 6–128 characters, confirmed', (_schema, check, field) => {
  const newPassword = newPasswordCases(field);
  it.each(newPassword.accepted)('accepts %s', (_, fields) => {
    expect(check(fields)).toBeNull();
  });
  it.each(newPassword.refused)('refuses %s, on its field', (_, fields, issue) => {
    expect(check(fields)).toMatchObject(issue);
  });
});

describe('signUpSchema: which field each message belongs to, at each limit', () => {
  it.each(['email', 'displayName', 'password', 'confirmPassword'])('puts "required" on %s', (field) => {
    expect(signUp({ [field]: '' })).toEqual({ path: field, message: MSG.signup.required });
  });
  it('reports one problem at a time, in the spec order', () => {
    const r = signUpSchema.safeParse({ email: '', displayName: '', password: '', confirmPassword: '' });
    expect(r.error?.issues).toHaveLength(1);
    expect(firstIssue(r)).toEqual({ path: 'email', message: MSG.signup.required });
    expect(signUp({ email: 'nope', password: 'abc', confirmPassword: 'abd' })?.path).toBe('email');
    expect(signUp({ password: 'abc', confirmPassword: 'abd', displayName: 'A\u200Db' })?.path).toBe(
      'confirmPassword',
    );
    expect(signUp({ password: 'abc', confirmPassword: 'abc', displayName: 'A\u200Db' })?.path).toBe(
      'password',
    );
    expect(signUp({ displayName: `A\u200D${'x'.repeat(41)}` })?.message).toBe(MSG.signup.nameInvalid);
    expect(signUp({ displayName: `S\u0430t${'x'.repeat(41)}` })?.message).toBe(MSG.signup.nameTooLong);
    expect(signUp({ displayName: 'S\u0430toshi', role: 'admin' })?.message).toBe(MSG.signup.nameMixedScripts);
  });
  it('checks the e-mail after trimming it, on the email field', () => {
    expect(signUp({ email: '  a@b.co  ' })).toBeNull();
    expect(signUp({ email: 'a@' })).toEqual({ path: 'email', message: MSG.signup.invalidEmail });
    expect(signUp({ email: `${'a'.repeat(64)}@${'b'.repeat(186)}.co` })).toBeNull(); // 254
    expect(signUp({ email: `${'a'.repeat(64)}@${'b'.repeat(187)}.co` })?.message).toBe(
      MSG.signup.invalidEmail,
    );
  });
  it('display name: 40 characters accepted (after squishing spaces), 41 refused', () => {
    expect(signUp({ displayName: 'x'.repeat(40) })).toBeNull();
    expect(signUp({ displayName: `  ${'x'.repeat(20)}    ${'x'.repeat(19)}  ` })).toBeNull();
    expect(signUp({ displayName: 'x'.repeat(41) })).toEqual({
      path: 'displayName',
      message: MSG.signup.nameTooLong,
    });
    expect(signUp({ displayName: 'A\u200Db' })).toEqual({
      path: 'displayName',
      message: MSG.signup.nameInvalid,
    });
  });
  it('refuses a name that mixes alphabets (a look-alike), on displayName', () => {
    expect(signUp({ displayName: 'S\u0430toshi' })).toEqual({
      path: 'displayName',
      message: MSG.signup.nameMixedScripts,
    });
  });
  it('refuses an unknown role on role; ref and timeZone are bounded', () => {
    expect(signUp({ role: 'admin' })).toEqual({ path: 'role', message: MSG.signup.invalidRole });
    expect(signUp({ role: null, ref: null, timeZone: null })).toBeNull();
    expect(signUp({ ref: 'r'.repeat(64), timeZone: 'Europe/Paris' })).toBeNull();
    expect(signUp({ ref: 'r'.repeat(65) })).not.toBeNull();
    expect(signUp({ timeZone: 't'.repeat(65) })).not.toBeNull();
  });
});

describe('loginSchema: the message sits on the first empty field', () => {
  it('names email when the e-mail is blank, else password', () => {
    expect(firstIssue(loginSchema.safeParse({ email: ' ', password: 'x' }))).toEqual({
      path: 'email',
      message: MSG.login.required,
    });
    expect(firstIssue(loginSchema.safeParse({ email: ' a@b.co ', password: '' }))).toEqual({
      path: 'password',
      message: MSG.login.required,
    });
  });
});

describe('the other account forms', () => {
  it('emailOnlySchema: a valid address of at most 254 characters', () => {
    expect(emailOnlySchema.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
    expect(firstIssue(emailOnlySchema.safeParse({ email: 'nope' }))?.message).toBe(MSG.signup.invalidEmail);
    expect(emailOnlySchema.safeParse({ email: `${'a'.repeat(64)}@${'b'.repeat(186)}.co` }).success).toBe(
      true,
    );
    expect(emailOnlySchema.safeParse({ email: `${'a'.repeat(64)}@${'b'.repeat(187)}.co` }).success).toBe(
      false,
    );
  });
  it('resetPasswordSchema: token 1–512, mismatch before length', () => {
    expect(resetPasswordSchema.parse(resetForm)).toEqual(resetForm);
    expect(reset({ token: '' })).not.toBeNull();
    expect(reset({ token: 't'.repeat(512) })).toBeNull();
    expect(reset({ token: 't'.repeat(513) })).not.toBeNull();
    expect(reset({ password: 'abc', confirmPassword: 'abd' })).toEqual({
      path: 'confirmPassword',
      message: MSG.signup.mismatch,
    });
  });
  it('verifyWithPasswordSchema: token 1–4096, a password of 1–128 characters', () => {
    const verify = issueWith(verifyWithPasswordSchema, { token: 't', password: 'x' });
    expect(verifyWithPasswordSchema.parse({ token: 't', password: 'x' })).toEqual({
      token: 't',
      password: 'x',
    });
    expect(verify({ token: '' })).not.toBeNull();
    expect(verify({ token: 't'.repeat(4096) })).toBeNull();
    expect(verify({ token: 't'.repeat(4097) })).not.toBeNull();
    expect(verify({ password: '' })).toEqual({ path: 'password', message: MSG.login.required });
    expect(verify({ password: 'p'.repeat(128) })).toBeNull();
    expect(verify({ password: 'p'.repeat(129) })).not.toBeNull();
  });
  it('meSchema keeps every field the server sends', () => {
    const me = {
      uid: 'u1',
      email: 'a@b.co',
      emailVerified: true,
      displayName: 'Alice',
      username: 'alice',
      photoURL: null,
      role: 'builder',
      status: 'pending',
      pointBalance: 100,
      referralCount: 0,
      referredBy: null,
      referralRewarded: false,
      totalContributions: 0,
      approvedContribution: 0,
      rejectedContribution: 0,
      bio: null,
      twitterHandle: null,
      githubHandle: null,
      personalWebsite: null,
      timeZone: 'UTC',
      pendingTimeZone: { timeZone: 'Asia/Tokyo', from: '2026-08-11T00:00:00.000Z' },
      createdAt: '2026-08-10T00:00:00.000Z',
      updatedAt: '2026-08-10T00:00:00.000Z',
      isAdmin: false,
      isReviewer: true,
      reviewerMaxPoints: 40,
      twoFactorEnabled: false,
      profileHidden: false,
      unreadNotifications: 3,
      mailPreferences: {
        contributions: true,
        launchpad: false,
        bounties: true,
        grants: true,
        referrals: true,
        seasons: true,
      },
    };
    expect(meSchema.parse(me)).toEqual(me);
  });
  it('firstMessage falls back to a generic sentence when there is no issue', () => {
    expect(firstMessage({ issues: [] } as unknown as Parameters<typeof firstMessage>[0])).toBe(
      MSG.common.invalidInput,
    );
  });
});
