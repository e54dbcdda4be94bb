import { safeHref } from '@/shared/links';

type Socials = {
  twitterHandle: string | null;
  githubHandle: string | null;
  personalWebsite: string | null;
};

/** A stored handle, without a leading @, if it is only handle characters. */
function handle(value: string | null): string | null {
  const h = value?.trim().replace(/^@/, '') ?? '';
  return /^[A-Za-z0-9_-]{1,39}$/.test(h) ? h : null;
}

/**
 * The profile's social links as safe external URLs (principle 5, docs/architecture.md): Twitter
 * → x.com, GitHub → github.com, the website only when it is http(s).
 */
export function socialLinks(me: Socials): {
  twitter: string | null;
  github: string | null;
  website: string | null;
} {
  const tw = handle(me.twitterHandle);
  const gh = handle(me.githubHandle);
  return {
    twitter: tw ? `https://x.com/${tw}` : null,
    github: gh ? `https://github.com/${gh}` : null,
    website: safeHref(me.personalWebsite?.trim()),
  };
}

/** "example.com/blog" for a website link's visible text. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    const path = u.pathname === '/' ? '' : u.pathname.replace(/\/$/, '');
    return `${u.host.replace(/^www\./, '')}${path}`;
  } catch {
    return url;
  }
}
