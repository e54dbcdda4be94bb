import { describe, expect, it } from 'vitest';
import { MSG } from '@/shared/messages';
import { adminErrorMessage, notAdmin } from './admin-error';
import { ApiError, errorMessage } from './api';
import { refusalMessage } from './refusal-message';

describe('a failure line', () => {
  const refused = new ApiError(409, 'CONFLICT', 'You already have a pending application.', true);
  const broken = new ApiError(500, 'INTERNAL', 'Something went wrong on our side.', true);
  const offline = new ApiError(0, 'NETWORK', 'You seem to be offline.', false);

  it("a form shows the server's reason for a refusal, and its own line for anything else", () => {
    expect(refusalMessage(refused, 'Could not send.')).toBe('You already have a pending application.');
    expect(refusalMessage(broken, 'Could not send.')).toBe('Could not send.');
    expect(refusalMessage(offline, 'Could not send.')).toBe('Could not send.');
    expect(refusalMessage(new Error('boom'), 'Could not send.')).toBe('Could not send.');
  });

  it('a page shows any message the server wrote, and the fallback for one it did not', () => {
    expect(errorMessage(broken, 'x')).toBe('Something went wrong on our side.');
    expect(errorMessage(offline, 'x')).toBe('x');
  });
});

describe("an admin screen's failure line", () => {
  const forbidden = new ApiError(403, 'FORBIDDEN', 'Admins only.', true);
  const refused = new ApiError(400, 'INVALID', 'The title is too long.', true);
  const offline = new ApiError(0, 'NETWORK', 'You seem to be offline.', false);

  it('says a 403 is for admins only, with no prefix and whatever the server wrote', () => {
    expect(notAdmin(forbidden)).toBe(true);
    expect(notAdmin(new ApiError(403, 'http-403', 'x', false))).toBe(true);
    expect(adminErrorMessage(forbidden)).toBe('Unauthorized: Admin only.');
    expect(adminErrorMessage(forbidden, 'x', 'Error: ')).toBe(MSG.admin.unauthorized);
  });

  it('says anything else as a page does, after the prefix', () => {
    expect(notAdmin(refused)).toBe(false);
    expect(notAdmin(new Error('boom'))).toBe(false);
    expect(adminErrorMessage(refused, 'x')).toBe('The title is too long.');
    expect(adminErrorMessage(offline, 'x', 'Error: ')).toBe('Error: x');
    expect(adminErrorMessage(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});
