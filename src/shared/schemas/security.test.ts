import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { firstIssue, newPasswordCases } from '../test-support';
import { changePasswordSchema, devicesSchema, endByLinkSchema } from './security';

const first = (patch: Record<string, unknown>) =>
  firstIssue(
    changePasswordSchema.safeParse({
      currentPassword: 'old-pass',
      newPassword: 'new-pass',
      confirmPassword: 'new-pass',
      ...patch,
    }),
  );

describe('changePasswordSchema', () => {
  it('requires the current password (1–128 characters)', () => {
    expect(first({})).toBeNull();
    expect(first({ currentPassword: '' })).toEqual({
      path: 'currentPassword',
      message: MSG.security.passwordRequired,
    });
    expect(first({ currentPassword: 'p'.repeat(128) })).toBeNull();
    expect(first({ currentPassword: 'p'.repeat(129) })?.path).toBe('currentPassword');
  });
  it('checks the new password’s length before the confirmation', () => {
    expect(first({ newPassword: 'abcde', confirmPassword: 'other' })).toEqual({
      path: 'newPassword',
      message: MSG.signup.tooShort,
    });
  });
  const newPassword = newPasswordCases('newPassword');
  it.each(newPassword.accepted)('accepts a new password of %s', (_, fields) => {
    expect(first(fields)).toBeNull();
  });
  it.each(newPassword.refused)('refuses %s, on its field', (_, fields, issue) => {
    expect(first(fields)).toMatchObject(issue);
  });
});

describe('endByLinkSchema', () => {
  it('takes a token of 1–512 characters', () => {
    expect(endByLinkSchema.parse({ token: 't' })).toEqual({ token: 't' });
    expect(endByLinkSchema.safeParse({ token: '' }).success).toBe(false);
    expect(endByLinkSchema.safeParse({ token: 't'.repeat(512) }).success).toBe(true);
    expect(endByLinkSchema.safeParse({ token: 't'.repeat(513) }).success).toBe(false);
  });
});

describe('devicesSchema', () => {
  it('keeps every field of a signed-in device', () => {
    const d = {
      devices: [
        {
          id: 's1',
          current: true,
          browser: 'Chrome 140',
          os: null,
          deviceType: 'desktop',
          ip: '127.0.0.1',
          createdAt: '2026-08-10T09:00:00.000Z',
          lastSeenAt: '2026-08-10T09:00:00.000Z',
        },
      ],
    };
    expect(devicesSchema.parse(d)).toEqual(d);
  });
});
