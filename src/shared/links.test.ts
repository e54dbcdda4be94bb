import { describe, expect, it } from 'vitest';
import { isHttpUrl, withScheme } from './links';

describe('withScheme', () => {
  it('completes an address typed without its scheme with https://', () => {
    const typed = {
      'tidal.example': 'https://tidal.example',
      '  github.com/orbit-swap  ': 'https://github.com/orbit-swap',
      'www.orbit.xyz/docs?page=2#top': 'https://www.orbit.xyz/docs?page=2#top',
      'x.com/sysfi/status/123': 'https://x.com/sysfi/status/123',
      'tidal.example:8080/app': 'https://tidal.example:8080/app',
    };
    for (const [input, sent] of Object.entries(typed)) {
      expect(withScheme(input), input).toBe(sent);
      expect(isHttpUrl(withScheme(input)), input).toBe(true);
    }
  });

  it('leaves alone what is blank, already has a scheme, or is no host', () => {
    const kept = ['', '   ', 'https://tidal.example', 'http://tidal.example', 'javascript:alert(1)'];
    kept.push(
      'mailto:ada@tidal.example',
      '//tidal.example',
      'ada@tidal.example',
      'not a link',
      'localhost',
      'tidal.',
    );
    for (const input of kept) expect(withScheme(input), JSON.stringify(input)).toBe(input);
  });
});
