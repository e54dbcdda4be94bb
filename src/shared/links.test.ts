import { describe, expect, it } from 'vitest';
import { isHttpUrl, withScheme } from './links';

describe('withScheme', () => {
  it.each([
    ['tidal.example', 'https://tidal.example'],
    ['  github.com/orbit-swap  ', 'https://github.com/orbit-swap'],
    ['www.orbit.xyz/docs?page=2#top', 'https://www.orbit.xyz/docs?page=2#top'],
    ['x.com/sysfi/status/123', 'https://x.com/sysfi/status/123'],
    ['tidal.example:8080/app', 'https://tidal.example:8080/app'],
  ])('completes %s as %s', (typed, sent) => {
    expect(withScheme(typed)).toBe(sent);
    expect(isHttpUrl(withScheme(typed))).toBe(true);
  });

  it.each([
    '',
    '   ',
    'https://tidal.example',
    'http://tidal.example',
    'javascript:alert(1)',
    'mailto:ada@tidal.example',
    '//tidal.example',
    'ada@tidal.example',
    'not a link',
    'localhost',
    'tidal.',
  ])('leaves %j as typed', (typed) => {
    expect(withScheme(typed)).toBe(typed);
  });
});
