import { describe, expect, it } from 'vitest';
import { documentTitle } from './titles';

describe('document titles (issue 20)', () => {
  // Every route, a trailing slash, a route with a parameter, and the 404.
  it.each([
    ['/bounties', 'Bounties · Sysfi Labs'],
    ['/bounties/', 'Bounties · Sysfi Labs'],
    ['/admin', 'Admin · Sysfi Labs'],
    ['/admin/users/u_123', 'User · Admin · Sysfi Labs'],
    ['/no-such-page', 'Page not found · Sysfi Labs'],
  ])('names %s “%s”', (path, title) => {
    expect(documentTitle(path)).toBe(title);
  });
});
