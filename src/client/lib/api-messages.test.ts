import { describe, expect, it } from 'vitest';
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
