import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { firstIssue } from '../test-support';
import { PROFILE_LIMITS, profileUpdateSchema } from './profile';

const first = (patch: Record<string, unknown>) => firstIssue(profileUpdateSchema.safeParse(patch));

describe('profileUpdateSchema (spec §2 Profile)', () => {
  it('trims every text field; blank means cleared (null), missing means unchanged', () => {
    expect(profileUpdateSchema.parse({})).toEqual({});
    expect(
      profileUpdateSchema.parse({
        bio: '  Hi  ',
        twitterHandle: ' ',
        githubHandle: '',
        personalWebsite: '  ',
      }),
    ).toEqual({ bio: 'Hi', twitterHandle: null, githubHandle: null, personalWebsite: null });
    expect(profileUpdateSchema.parse({ bio: null })).toEqual({ bio: null });
  });

  it('bio: 500 characters accepted, 501 refused; no invisible format characters', () => {
    expect(first({ bio: 'b'.repeat(PROFILE_LIMITS.bio) })).toBeNull();
    expect(first({ bio: 'b'.repeat(PROFILE_LIMITS.bio + 1) })).toEqual({
      path: 'bio',
      message: 'Bio must be at most 500 characters.',
    });
    expect(first({ bio: 'Hi\u200Bthere' })).toEqual({
      path: 'bio',
      message: 'Bio contains characters that are not allowed.',
    });
  });

  it('twitter handle: a leading @ dropped, 1–15 letters, digits or _', () => {
    const message = 'Twitter handle must be 1–15 letters, digits or _ (no URL).';
    expect(profileUpdateSchema.parse({ twitterHandle: ' @sysfi_labs ' })).toEqual({
      twitterHandle: 'sysfi_labs',
    });
    expect(profileUpdateSchema.parse({ twitterHandle: 'a'.repeat(15) })).toEqual({
      twitterHandle: 'a'.repeat(15),
    });
    for (const bad of ['a'.repeat(16), 'https://x.com/sysfi', 'sys-fi', '@', 'x@sysfi'])
      expect(first({ twitterHandle: bad }), bad).toEqual({ path: 'twitterHandle', message });
  });

  it('GitHub handle: a leading @ dropped, up to 39 characters, single inner hyphens', () => {
    const message = 'GitHub handle must be a GitHub username (no URL).';
    expect(profileUpdateSchema.parse({ githubHandle: '@sysfi-labs' })).toEqual({
      githubHandle: 'sysfi-labs',
    });
    expect(first({ githubHandle: 'a'.repeat(39) })).toBeNull();
    expect(first({ githubHandle: 'a1-b2-c3' })).toBeNull();
    for (const bad of ['a'.repeat(40), '-sysfi', 'sysfi-', 'sys--fi', 'github.com/sysfi', 'x@sysfi'])
      expect(first({ githubHandle: bad }), bad).toEqual({ path: 'githubHandle', message });
  });

  it('website: an http(s) URL of at most 200 characters, without hidden characters', () => {
    const url = `https://a.io/${'x'.repeat(PROFILE_LIMITS.website - 13)}`;
    expect(first({ personalWebsite: url })).toBeNull();
    expect(first({ personalWebsite: `${url}x` })).toEqual({
      path: 'personalWebsite',
      message: 'Website is too long.',
    });
    for (const bad of ['javascript:alert(1)', 'example.com', 'https://exa\u200Bmple.com'])
      expect(first({ personalWebsite: bad }), bad).toEqual({
        path: 'personalWebsite',
        message: 'Website must be an http(s) URL.',
      });
  });

  it('time zone: an IANA zone, else the profile message', () => {
    expect(profileUpdateSchema.parse({ timeZone: 'Asia/Tokyo' })).toEqual({ timeZone: 'Asia/Tokyo' });
    expect(first({ timeZone: 'Mars/Base' })).toEqual({
      path: 'timeZone',
      message: MSG.profile.timeZoneInvalid,
    });
  });

  it('refuses the fields that are the server’s (XP, role, status, referral)', () => {
    for (const field of ['pointBalance', 'role', 'status', 'referredBy'])
      expect(profileUpdateSchema.safeParse({ [field]: 'x' }).success, field).toBe(false);
  });
});
