import { describe, expect, it } from 'vitest';
import { documentTitle } from './titles';

describe('document titles (issue 20)', () => {
  it('names every route, routes with a parameter, and the 404', () => {
    expect(documentTitle('/bounties')).toBe('Bounties · Sysfi Labs');
    expect(documentTitle('/bounties/')).toBe('Bounties · Sysfi Labs');
    expect(documentTitle('/admin')).toBe('Admin · Sysfi Labs');
    expect(documentTitle('/admin/users/u_123')).toBe('User · Admin · Sysfi Labs');
    expect(documentTitle('/no-such-page')).toBe('Page not found · Sysfi Labs');
  });
});
