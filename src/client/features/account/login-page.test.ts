import { describe, expect, it } from 'vitest';
import { continueTo } from './login-page';

describe('continueTo (why the visitor is asked to log in)', () => {
  it('names the page logging in goes on to', () => {
    expect(continueTo('/bounties')).toBe('Log in to continue to Bounties.');
    expect(continueTo('/grants?tab=mine')).toBe('Log in to continue to Grants.');
    expect(continueTo('/contribution-hub')).toBe('Log in to continue to Contribution Hub.');
    expect(continueTo('/admin/users/abc')).toBe('Log in to continue to User (admin).');
  });
  it('keeps the welcome when there is no page, or none it can name', () => {
    const welcome = continueTo(undefined);
    expect(welcome).toMatch(/^Log in to track your XP/);
    expect(continueTo('/')).toBe(welcome);
    expect(continueTo('/no-such-page')).toBe(welcome);
  });
});
