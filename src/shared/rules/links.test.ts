import { describe, expect, it } from 'vitest';
import { linkKey, tweetId, tweetLinkProblem } from './links';

describe('tweetId', () => {
  it.each([
    ['https://x.com/sysfi/status/1790000000000000001', '1790000000000000001'],
    ['https://twitter.com/sysfi/status/123', '123'],
    ['https://www.twitter.com/sysfi/status/123?s=20&t=abc', '123'],
    ['https://mobile.twitter.com/sysfi/status/123/', '123'],
    ['https://mobile.x.com/sysfi/status/123/photo/1', '123'],
    ['http://X.COM/Sysfi/status/456', '456'],
    ['https://x.com/i/web/status/789', '789'],
  ])('%s → %s', (url, id) => {
    expect(tweetId(url)).toBe(id);
  });
  it.each([
    'https://x.com/sysfi',
    'https://x.com/sysfi/likes/123',
    'https://x.com.evil.test/sysfi/status/123',
    'https://evil.test/x.com/sysfi/status/123',
    'https://notx.com/sysfi/status/123',
    'https://x.com@evil.test/sysfi/status/123',
    'javascript:alert(1)//x.com/a/status/1',
    'ftp://x.com/a/status/1',
    'x.com/a/status/1',
    'https://x.com/a/status/abc',
    '',
  ])('refuses %s', (url) => {
    expect(tweetId(url)).toBeNull();
  });
});

describe('linkKey', () => {
  // Each row: every spelling of one link, and the one key they all get.
  it.each([
    [
      'the same tweet whatever the host, user name, tracking or slash',
      [
        'https://x.com/sysfi/status/123',
        'https://twitter.com/sysfi/status/123?s=20',
        'https://mobile.twitter.com/SomeoneElse/status/123/',
        'https://www.x.com/i/web/status/123?utm_source=tg',
      ],
      'x.com/status/123',
    ],
    [
      'a plain link however its plain characters are escaped or its tracking is named (outside review)',
      [
        'https://example.com/article/1',
        'https://example.com/article/%31',
        'https://example.com/%61rticle/1?utm=1',
        'https://example.com/article/1?UTM_Campaign=x&msclkid=2&_ga=3',
      ],
      'example.com/article/1',
    ],
    [
      'a post on X sent as a link: root-dotted host, doubled slashes, escapes, mirrors (second outside review)',
      [
        'https://x.com/carol/status/1234567',
        'https://x.com./carol/status/1234567',
        'https://x.com/carol/status/%31234567',
        'https://x.com//carol/status/1234567',
        'https://fxtwitter.com/carol/status/1234567',
        'https://vxtwitter.com/carol/status/1234567',
        'https://fixupx.com/carol/status/1234567/',
      ],
      'x.com/status/1234567',
    ],
    [
      'a plain link with the root dot on its host or runs of slashes (second outside review)',
      [
        'https://blog.example.com/post-1',
        'https://blog.example.com./post-1',
        'https://blog.example.com//post-1',
        'https://blog.example.com/post-1//',
      ],
      'blog.example.com/post-1',
    ],
    [
      'a page with made-up parameters or path parameters (third outside review)',
      [
        'https://blog.example.org/validators-guide',
        'https://blog.example.org/validators-guide?x=1',
        'https://blog.example.org/validators-guide?x=2',
        'https://blog.example.org/validators-guide?x=1&x=1',
        'https://blog.example.org/validators-guide?_=1',
        'https://blog.example.org/validators-guide;x',
        'https://blog.example.org/validators-guide;jsessionid=AB12/',
      ],
      'blog.example.org/validators-guide',
    ],
    [
      'a page named by its parameter, whatever else rides along',
      [
        'https://www.youtube.com/watch?v=abc123',
        'https://m.youtube.com/watch?feature=share&v=abc123',
        'https://youtube.com/watch?v=abc123&t=42&x=1',
        'https://youtube.com/watch?V=abc123&v=other',
      ],
      'youtube.com/watch?v=abc123',
    ],
  ])('is one key for %s', (_what, spellings, key) => {
    expect(new Set(spellings.map(linkKey))).toEqual(new Set([key]));
  });
  it('normalises ordinary links but keeps meaningful query parameters', () => {
    expect(linkKey('https://WWW.Example.com/post/1/?utm_source=a&b=2&a=1#top')).toBe('example.com/post/1');
    expect(linkKey('https://example.com/post/1?id=7')).not.toBe(linkKey('https://example.com/post/1?id=8'));
    expect(linkKey('https://news.ycombinator.com/item?id=8&ref=x')).toBe('news.ycombinator.com/item?id=8');
    expect(linkKey('https://example.com/?p=12')).not.toBe(linkKey('https://example.com/?p=13'));
    expect(linkKey('data:text/html,hi')).toBeNull();
    // Escapes that mean something stay: a slash inside a segment is not a new segment.
    expect(linkKey('https://example.com/a%2fb')).toBe('example.com/a%2Fb');
    expect(linkKey('https://example.com/a%2Fb')).not.toBe(linkKey('https://example.com/a/b'));
    // A mirror is not a tweet for the spec's tweet rule: only x.com and twitter.com are.
    expect(tweetId('https://fxtwitter.com/carol/status/1234567')).toBeNull();
  });
});

describe('tweet ids are numbers', () => {
  it('reads /status/0001234 as /status/1234', () => {
    expect(tweetId('https://x.com/a/status/0001234')).toBe('1234');
    expect(linkKey('https://x.com/a/status/0001234')).toBe(linkKey('https://twitter.com/b/status/1234'));
    expect(tweetId('https://x.com/a/status/0')).toBe('0');
    expect(linkKey('https://x.com/a/status/10')).not.toBe(linkKey('https://x.com/a/status/1'));
  });
});

describe('tweet ids are numbers through every path', () => {
  it('gives every spelling of one status the key of its plain id', () => {
    const plain = linkKey('https://x.com/a/status/1234');
    for (const url of [
      'https://x.com/a/statuses/0001234',
      'https://twitter.com/i/web/status/01234',
      'https://mobile.x.com/i/status/001234/photo/1',
      'http://WWW.TWITTER.COM/A/status/0001234/?s=20',
      // X's ids fit in 20 digits; any number of leading zeros is still the same id
      `https://x.com/a/status/${'0'.repeat(40)}1234`,
    ])
      expect(linkKey(url), url).toBe(plain);
  });
  it('keeps an id of zeros as 0, and a long id whole', () => {
    expect(tweetId(`https://x.com/a/status/${'0'.repeat(30)}`)).toBe('0');
    expect(tweetId('https://x.com/a/status/0001790000000000000001')).toBe('1790000000000000001');
  });
});

describe('tweetLinkProblem', () => {
  it.each<[url: string, username: string, tooLong: boolean]>([
    ['https://x.com/a_very_long_username_1/status/42', 'a_very_long_username_1', true],
    ['https://x.com/abcdefghijklmnop/status/42', 'abcdefghijklmnop', true], // exactly 16 is too long
    ['https://twitter.com/bad-name/status/42', 'bad-name', false],
    ['https://x.com/abcdefghijklmn-/status/42', 'abcdefghijklmn-', false], // 15 with a bad character
    ['https://x.com/b%C3%A9b%C3%A9/status/42', 'bébé', false], // %-escaped, read
    ['https://x.com/bad%E0name/status/42', 'bad%E0name', false], // broken escape, kept as written
  ])('says why %s is refused: username %s, too long %s', (url, username, tooLong) => {
    expect(tweetLinkProblem(url)).toEqual({ username, tooLong });
  });
  it.each([
    'https://x.com/sysfi_labs_fan1/status/42', // a valid username of exactly 15
    'https://x.com/sysfi_fan', // not a status link
    'https://x.com/bad-name/likes/42',
    'https://x.com/a_very_long_username_1/status/42x',
    'https://example.com/a_very_long_username_1/status/42', // not on X
    'not a url',
  ])('knows nothing more about %s', (url) => {
    expect(tweetLinkProblem(url)).toBeNull();
  });
});

describe('linkKey of ordinary links, part by part', () => {
  it('drops www., mobile. and m. and the host’s case, keeps other subdomains and the port', () => {
    for (const host of ['example.com', 'WWW.example.com', 'mobile.example.com', 'm.example.com'])
      expect(linkKey(`https://${host}/a`), host).toBe('example.com/a');
    expect(linkKey('https://blog.example.com/a')).toBe('blog.example.com/a');
    expect(linkKey('https://example.com:8443/a')).toBe('example.com:8443/a');
    expect(linkKey('http://example.com/a')).toBe(linkKey('https://example.com/a'));
  });
  it('drops every tracking parameter, whatever its case, and keeps the rest sorted', () => {
    const tracking = ['utm_campaign', 'UTM_Source', 's', 't', 'ref', 'ref_src', 'ref_url', 'fbclid', 'gclid']
      .concat(['mc_cid', 'mc_eid', 'si', 'igshid'])
      .map((k) => `${k}=1`)
      .join('&');
    expect(linkKey(`https://example.com/a?${tracking}`)).toBe('example.com/a');
    expect(linkKey('https://example.com/a?z=1&sid=2&a=3')).toBe('example.com/a');
  });
  it('keeps a script page’s parameters but its tracking, sorted, each once', () => {
    expect(linkKey('https://forum.example.com/viewtopic.php?t=12&f=3&sid=ab&utm_source=x')).toBe(
      'forum.example.com/viewtopic.php?f=3&t=12',
    );
    expect(linkKey('https://forum.example.com/viewtopic.php?t=12')).not.toBe(
      linkKey('https://forum.example.com/viewtopic.php?t=13'),
    );
    expect(linkKey('https://example.com/show.aspx?Doc=2&doc=9')).toBe('example.com/show.aspx?doc=2');
  });
  it('keeps a single-page app’s route in the fragment of its root, and no other fragment', () => {
    const a = linkKey('https://snapshot.box/#/s:ens.eth/proposal/0xabc');
    expect(a).toBe('snapshot.box#/s:ens.eth/proposal/0xabc');
    expect(a).not.toBe(linkKey('https://snapshot.box/#/s:ens.eth/proposal/0xdef'));
    expect(linkKey('https://app.example.com/#!/vote/7/')).toBe('app.example.com#!/vote/7');
    expect(linkKey('https://blog.example.org/guide#/x')).toBe('blog.example.org/guide');
    expect(linkKey('https://blog.example.org/#top')).toBe('blog.example.org');
  });
  it('drops every trailing slash but keeps the path’s case', () => {
    expect(linkKey('https://example.com/Post///')).toBe('example.com/Post');
    expect(linkKey('https://example.com/')).toBe('example.com');
  });
});

describe('anchors of the link patterns', () => {
  it('drops www./mobile./m. only at the start of the host', () => {
    expect(linkKey('https://team.example.com/a')).toBe('team.example.com/a');
    expect(linkKey('https://fwww.example.com/a')).toBe('fwww.example.com/a');
  });
  it('reads a status only right after the user name, from the start of the path', () => {
    expect(tweetId('https://x.com/foo/a/status/1')).toBeNull();
    expect(tweetLinkProblem('https://x.com/foo/bad-name/status/42')).toBeNull();
  });
});
