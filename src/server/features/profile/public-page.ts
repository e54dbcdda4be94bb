/**
 * The first paint of a public profile (issue 19), drawn by the server into the app's
 * generic page: the profile's name, role, XP, rank, bio and links in <main>, so it shows
 * without waiting for the app, and Open Graph and Twitter card tags in <head>, so a shared
 * link previews well. Every value is escaped (lib/html.ts); the app replaces the main
 * element's content when it starts, as it does on every route.
 */
import { escapeHtml } from '@/server/lib/html';
import { profilePath } from '@/shared/links';
import { roleLabel } from '@/shared/lists';
import type { PublicProfile } from '@/shared/schemas/public-profile';

const MAIN_OPEN = /<main\b[^>]*>/;

function description(p: PublicProfile['profile']): string {
  const rank = p.rank ? `#${p.rank} on the leaderboard` : 'on the leaderboard';
  const base = `${roleLabel(p.role)} · ${p.xp.toLocaleString('en-US')} XP, ${rank}.`;
  return p.bio ? `${base} ${p.bio}`.slice(0, 200) : base;
}

/** The page HTML with the profile drawn in; `appUrl` makes the absolute URLs the cards need. */
export function drawProfilePage(shell: string, data: PublicProfile, appUrl: string): string {
  const p = data.profile;
  const title = escapeHtml(`${p.displayName} · Sysfi Labs`);
  const desc = escapeHtml(description(p));
  const url = escapeHtml(`${appUrl}${profilePath(p.displayName)}`);
  const photo = p.photoURL && /^(https:\/\/|\/)/.test(p.photoURL) ? p.photoURL : '/favicon.svg';
  const image = escapeHtml(photo.startsWith('/') ? `${appUrl}${photo}` : photo);
  const meta = [
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:site_name" content="Sysfi Labs" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${desc}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${desc}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    `<link rel="canonical" href="${url}" />`,
  ].join('\n    ');
  const name = escapeHtml(p.displayName);
  const stats = `${p.xp.toLocaleString('en-US')} XP${p.rank ? ` · Rank #${p.rank}` : ''}`;
  const body = [
    `<div class="container-content grid gap-6 pb-16 pt-8 sm:pt-12" data-first-paint="profile">`,
    `<p class="text-xs font-semibold uppercase tracking-[0.18em] text-accent-from">${escapeHtml(roleLabel(p.role))}</p>`,
    `<h1 class="font-display text-3xl text-fg sm:text-4xl">${name}</h1>`,
    `<p class="tabular-nums text-fg-soft">${escapeHtml(stats)}</p>`,
    p.bio ? `<p class="max-w-2xl break-words text-muted">${escapeHtml(p.bio)}</p>` : '',
    `</div>`,
  ].join('');
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>\n    ${meta}`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
      () => `<meta name="description" content="${desc}" />`,
    )
    .replace(
      new RegExp(`(${MAIN_OPEN.source})[\\s\\S]*?</main>`),
      (_m, open: string) => `${open}${body}</main>`,
    );
}
