import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { issueWith } from '../test-support';
import { changePasswordSchema, devicesSchema, endByLinkSchema } from './security';

const first = issueWith(changePasswordSchema, {
  currentPassword: 'old-pass',
  newPassword: 'new-pass',
  confirmPassword: 'new-pass',
});

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
  // Its new password's length and confirmation: with every such form's, in account.test.ts.
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
