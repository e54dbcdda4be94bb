import { describe, expect, it } from 'vitest';
import { ApiError } from '@/client/lib/api';
import { MSG } from '@/shared/messages';
import { UPLOADS } from '@/shared/uploads';
import { photoProblem } from './photo-upload';
import { saveErrorMessage } from './profile-form';
import { reasonLabel } from './xp-history';

const PHOTO_MAX_BYTES = UPLOADS.profilePhoto.maxBytes;

describe('photoProblem', () => {
  it('accepts images up to the limit', () => {
    expect(photoProblem({ type: 'image/png', size: PHOTO_MAX_BYTES })).toBeNull();
  });
  it('refuses other files and images over 5 MB with the spec messages', () => {
    expect(photoProblem({ type: 'application/pdf', size: 10 })).toBe(MSG.profile.photoInvalid);
    expect(photoProblem({ type: '', size: 10 })).toBe(MSG.profile.photoInvalid);
    expect(photoProblem({ type: 'image/jpeg', size: PHOTO_MAX_BYTES + 1 })).toBe(MSG.profile.photoTooLarge);
  });
});

describe('saveErrorMessage', () => {
  it("shows the server's validation message", () => {
    const err = new ApiError(400, 'VALIDATION_ERROR', 'Website must be an http(s) URL.', true);
    expect(saveErrorMessage(err)).toBe('Website must be an http(s) URL.');
  });
  it("falls back to 'Failed to update profile'", () => {
    expect(saveErrorMessage(new ApiError(500, 'x', 'boom', true))).toBe(MSG.profile.failed);
    expect(saveErrorMessage(new ApiError(0, 'network-request-failed', 'net', false))).toBe(
      MSG.profile.failed,
    );
    expect(saveErrorMessage(new Error('x'))).toBe(MSG.profile.failed);
  });
});

describe('reasonLabel', () => {
  it('names known ledger reasons and tidies unknown ones', () => {
    expect(reasonLabel('referral')).toBe('Referral reward');
    expect(reasonLabel('grant_award')).toBe('Grant award');
    expect(reasonLabel('')).toBe('XP change');
  });
});
