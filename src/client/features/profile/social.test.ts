import { describe, expect, it } from 'vitest';
import { displayUrl, socialLinks } from './social';

describe('socialLinks', () => {
  it('builds x.com and github.com links from handles, with or without @', () => {
    expect(
      socialLinks({ twitterHandle: '@sysfi_labs', githubHandle: 'octo-cat', personalWebsite: null }),
    ).toEqual({
      twitter: 'https://x.com/sysfi_labs',
      github: 'https://github.com/octo-cat',
      website: null,
    });
  });

  it('renders nothing for anything that is not a plain handle', () => {
    const r = socialLinks({
      twitterHandle: 'https://x.com/evil',
      githubHandle: 'a/../../b',
      personalWebsite: null,
    });
    expect(r.twitter).toBeNull();
    expect(r.github).toBeNull();
  });

  it('keeps only http(s) websites', () => {
    expect(
      socialLinks({ twitterHandle: null, githubHandle: null, personalWebsite: 'https://a.dev' }).website,
    ).toBe('https://a.dev');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.com', 'ftp://x.org']) {
      expect(
        socialLinks({ twitterHandle: null, githubHandle: null, personalWebsite: bad }).website,
      ).toBeNull();
    }
  });

  it('shows a short website text', () => {
    expect(displayUrl('https://www.example.com/')).toBe('example.com');
    expect(displayUrl('https://example.com/blog/')).toBe('example.com/blog');
  });
});
