import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { firstMessage, loginSchema, signUpSchema } from './account';

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
