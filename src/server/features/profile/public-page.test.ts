import { describe, expect, it } from 'vitest';
import type { PublicProfile } from '@/shared/schemas/public-profile';
import { drawProfilePage } from './public-page';

const SHELL = `<!doctype html><html><head>
    <meta
      name="description"
      content="Sysfi Labs — default."
    />
    <title>Sysfi Labs</title></head><body><div id="root"><header>bar</header><main id="main" tabindex="-1" class="flex-1"><!--$--><div>Loading page</div><!--/$--></main><footer>f</footer></div></body></html>`;

const data = (over: Partial<PublicProfile['profile']> = {}): PublicProfile => ({
  profile: {
    uid: 'u1',
    displayName: 'Ada "<script>alert(1)</script>',
    photoURL: null,
    role: 'developer',
    bio: `$& $' </textarea><img src=x onerror=alert(1)>`,
    twitterHandle: null,
    githubHandle: null,
    personalWebsite: null,
    xp: 1234,
    rank: 7,
    joinedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  },
  badges: [],
  bountiesWon: [],
  projects: [],
  grants: [],
});

describe('drawProfilePage (issue 19: first paint and link previews)', () => {
  it('draws the name, stats and bio into <main>, keeping the page around it', () => {
    const html = drawProfilePage(SHELL, data({ bio: 'Docs writer' }), 'https://app.example');
    expect(html).toContain('<header>bar</header>');
    expect(html).toContain('<footer>f</footer>');
    expect(html).not.toContain('Loading page');
    expect(html).toMatch(/<main id="main"[^>]*><div[^>]*data-first-paint="profile">/);
    expect(html).toContain('1,234 XP · Rank #7');
    expect(html).toContain('Docs writer');
  });

  it('writes Open Graph and Twitter card tags with absolute URLs', () => {
    const html = drawProfilePage(
      SHELL,
      data({ displayName: 'Ada Lovelace', bio: null }),
      'https://app.example',
    );
    expect(html).toContain('<title>Ada Lovelace · Sysfi Labs</title>');
    expect(html).toContain('<meta property="og:title" content="Ada Lovelace · Sysfi Labs" />');
    expect(html).toContain('<meta property="og:url" content="https://app.example/u/Ada%20Lovelace" />');
    expect(html).toContain('<meta property="og:image" content="https://app.example/favicon.svg" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain(
      '<meta name="description" content="Developer · 1,234 XP, #7 on the leaderboard." />',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('escapes every value, including replacement patterns, in text and attributes', () => {
    const html = drawProfilePage(SHELL, data(), 'https://app.example');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('Ada &quot;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('$&amp; $&#39; &lt;/textarea&gt;');
  });

  it('uses an https photo, and never a javascript: one', () => {
    const ok = drawProfilePage(
      SHELL,
      data({ photoURL: 'https://cdn.example/a.webp' }),
      'https://app.example',
    );
    expect(ok).toContain('<meta property="og:image" content="https://cdn.example/a.webp" />');
    const bad = drawProfilePage(SHELL, data({ photoURL: 'javascript:alert(1)' }), 'https://app.example');
    expect(bad).not.toContain('javascript:');
  });
});
