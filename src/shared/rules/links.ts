/**
 * Contribution links (spec §5): tweets must be on x.com / twitter.com with a
 * /status/{id} path, and a link can be contributed once — compared after
 * normalising host case, www./mobile., trailing slashes, escaped plain characters,
 * twitter.com vs x.com, and the query: a page is its path, so a parameter the page
 * ignores (`?x=1`) is not a new link. Only the parameters that name what a page shows
 * stay (`watch?v=`, `item?id=`), and a script's (`viewtopic.php?t=`) all but tracking.
 */

const TWEET_HOSTS = new Set(['x.com', 'twitter.com']);
/** Services that show an X post under its own path on another host: the same post for "contributed once". */
const TWEET_MIRRORS = new Set([
  'fxtwitter.com',
  'vxtwitter.com',
  'fixupx.com',
  'fixvx.com',
  'twittpr.com',
  'nitter.net',
]);
/** Parameters that only say where a visitor came from; never part of a script page's key. */
const TRACKING =
  /^(utm|utm_[a-z_]+|ref|ref_src|ref_url|fbclid|gclid|gclsrc|dclid|msclkid|yclid|twclid|mc_cid|mc_eid|si|igshid|_ga|_gl|mkt_tok|_hsenc|_hsmi|jsessionid|phpsessid|sid)$/i;
/**
 * The parameters that name the content on a page whose path does not (YouTube's `watch?v=`,
 * Hacker News' `item?id=`, WordPress's `?p=`, MediaWiki's `?title=`&`oldid=`, Facebook's
 * `?story_fbid=`): of a page's parameters only these stay in its key.
 */
const CONTENT =
  /^(v|id|p|page_id|story_fbid|fbid|list|title|oldid|diff|curid|item|itemid|article|articleid|post|postid|topic|thread|threadid)$/i;
/** A path that names a script, whose pages are its query (`viewtopic.php?t=1`, `show.aspx?doc=2`). */
const SCRIPT = /\.(php\d?|aspx?|jspx?|cgi|pl|cfm|do|action)$/i;

/**
 * A path as RFC 3986 §6.2.2 compares it: an escaped unreserved character is that character
 * (`/article/%31` is `/article/1`), and the other escapes have upper-case hex.
 */
function normalPath(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => {
    const ch = String.fromCharCode(Number.parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${hex.toUpperCase()}`;
  });
}

function parse(raw: string): URL | null {
  try {
    const u = new URL(raw.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

/** The host without www./mobile./m. and without the root's trailing dot (`x.com.` is `x.com`), lower-cased. */
function bareHost(u: URL): string {
  return u.hostname
    .toLowerCase()
    .replace(/\.+$/, '')
    .replace(/^(www|mobile|m)\./, '');
}

/** The path as compared: escapes of plain characters decoded, and runs of slashes as one (`//a` is `/a`). */
function comparablePath(u: URL): string {
  return normalPath(u.pathname).replace(/\/{2,}/g, '/');
}

/** A plain link's path for its key: without path parameters (`/post;jsessionid=1` is `/post`) or trailing slashes. */
function pagePath(u: URL): string {
  return comparablePath(u)
    .replace(/;[^/]*/g, '')
    .replace(/\/+$/, '');
}

/** The query of a plain link's key: the parameters that name its content, sorted, each once. */
function pageQuery(u: URL, path: string): string {
  const script = SCRIPT.test(path);
  const kept = new Map<string, string>();
  for (const [k, v] of u.searchParams) {
    const name = k.toLowerCase();
    if (script ? TRACKING.test(name) : !CONTENT.test(name)) continue;
    if (!kept.has(name)) kept.set(name, v);
  }
  const params = [...kept].sort(([a], [b]) => a.localeCompare(b));
  return params.length ? `?${new URLSearchParams(params).toString()}` : '';
}

/** A single-page app's route in the fragment of its root (`snapshot.box/#/s:ens.eth/proposal/0x1`), else ''. */
function hashRoute(u: URL, path: string): string {
  return path === '' && /^#!?\/./.test(u.hash) ? u.hash.replace(/\/+$/, '') : '';
}

/** The status id in a path of X's shape, else null. */
function statusIdOf(u: URL): string | null {
  // An id is a number: /status/0001234 is /status/1234, however many zeros lead it.
  const m = /^\/(?:[A-Za-z0-9_]{1,15}|i(?:\/web)?)\/status(?:es)?\/0*(\d{1,25})(?:\/|$)/.exec(
    comparablePath(u),
  );
  return m ? m[1]! : null;
}

/** The tweet id of an x.com / twitter.com status link, else null. Lookalike hosts are refused. */
export function tweetId(raw: string): string | null {
  const u = parse(raw);
  if (!u || !TWEET_HOSTS.has(bareHost(u))) return null;
  return statusIdOf(u);
}

/** X's own limit on a username (letters, digits and underscores). */
export const X_USERNAME_MAX = 15;

/**
 * Why a link is not a tweet, when we can say more than the spec's 'Invalid Tweet URL.': an X
 * status link whose username X could never have issued (too long, or other characters).
 * Null when the link is a tweet, or when nothing more specific is known.
 */
export function tweetLinkProblem(raw: string): { username: string; tooLong: boolean } | null {
  if (tweetId(raw)) return null;
  const u = parse(raw);
  if (!u || !TWEET_HOSTS.has(bareHost(u))) return null;
  const m = /^\/([^/]+)\/status(?:es)?\/0*\d{1,25}(?:\/|$)/.exec(u.pathname);
  if (!m) return null;
  let username = m[1]!;
  try {
    username = decodeURIComponent(username);
  } catch {
    // A broken %-escape: the raw text is the username we can name.
  }
  return { username, tooLong: username.length > X_USERNAME_MAX };
}

/**
 * The key under which a link counts as "already contributed", whatever type it was sent as: a post
 * on X (or on a mirror of X) is its status id, anything else its normalised address.
 */
export function linkKey(raw: string): string | null {
  const u = parse(raw);
  if (!u) return null;
  const host = bareHost(u);
  const id = TWEET_HOSTS.has(host) || TWEET_MIRRORS.has(host) ? statusIdOf(u) : null;
  if (id) return `x.com/status/${id}`;
  const path = pagePath(u);
  return `${host}${u.port ? `:${u.port}` : ''}${path}${pageQuery(u, path)}${hashRoute(u, path)}`;
}
