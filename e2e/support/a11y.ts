/**
 * Accessibility and layout checks shared by the a11y and keyboard suites: axe-core
 * (through @axe-core/playwright) reporting serious and critical violations, a
 * sideways-overflow probe, a "page has settled" wait, and X's widget script
 * replaced by a local fake (the test network cannot reach the internet).
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { imagesLoaded } from './browser';

export const WIDGETS = 'https://platform.twitter.com/widgets.js';

/** Stands in for X's widgets.js: draws a tweet-shaped card for the id it is given. */
const FAKE_WIDGETS = `(() => {
  window.twttr = { widgets: { createTweet(id, el) {
    const card = document.createElement('div');
    card.setAttribute('data-testid', 'tweet-embed');
    card.setAttribute('data-tweet-id', id);
    card.style.cssText = 'box-sizing:border-box;max-width:550px;border:1px solid #2f3336;border-radius:12px;background:#000;color:#e7e9ea;padding:14px 16px;font:15px/20px system-ui,sans-serif';
    card.innerHTML = '<p style="margin:0">Just tried the Sysfi Labs launchpad. Tweet #' + id + '</p>';
    el.appendChild(card);
    return Promise.resolve(card);
  } } };
})();`;

/** Answers X's widget script with the fake and refuses every other off-site request. */
export async function offline(page: Page): Promise<void> {
  await page.route(
    (url) => url.hostname !== 'localhost' && url.protocol.startsWith('http'),
    (route) =>
      route.request().url() === WIDGETS
        ? route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_WIDGETS })
        : route.abort('blockedbyclient'),
  );
}

export type Finding = {
  rule: string;
  impact: string;
  help: string;
  /** Where: the page (or state) it was found on. */
  where: string;
  targets: string[];
  /** axe's summary of what to fix on the first node. */
  summary: string;
};

/** axe violations on the page as it is now (WCAG 2.x A/AA and best practices), every impact. */
export async function axeFindings(page: Page, where: string): Promise<Finding[]> {
  // Legacy mode runs axe in the page itself: the default opens a blank page per run
  // to merge frame results, which costs a renderer each time (and there are no iframes here).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? '',
    help: v.help,
    where,
    targets: v.nodes.map((n) => n.target.join(' ')),
    summary: v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').slice(0, 300) ?? '',
  }));
}

export function isSerious(f: Finding): boolean {
  return f.impact === 'serious' || f.impact === 'critical';
}

export function formatFindings(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.where}: [${f.impact}] ${f.rule} — ${f.help}\n    ${f.targets.slice(0, 6).join('\n    ')}${
          f.targets.length > 6 ? `\n    … and ${f.targets.length - 6} more` : ''
        }\n    ${f.summary}`,
    )
    .join('\n');
}

/**
 * Elements sticking out past the right edge of the viewport, and how far the
 * document is wider than it. The body clips horizontal overflow (overflow-x: clip),
 * which hides it from scrollWidth, so it is measured with that lifted.
 */
export function overflowReport(page: Page): Promise<{ excess: number; culprits: string[] }> {
  return page.evaluate(() => {
    const body = document.body.style.overflowX;
    document.body.style.overflowX = 'visible';
    const excess = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    const limit = document.documentElement.clientWidth + 0.5;
    const culprits: string[] = [];
    if (excess > 0) {
      for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.right <= limit) continue;
        // Skip anything inside a clipped ancestor: it cannot widen the page.
        let clipped = false;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const o = getComputedStyle(p).overflowX;
          if (o !== 'visible' && p.getBoundingClientRect().right <= limit) {
            clipped = true;
            break;
          }
        }
        if (clipped) continue;
        const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 4) : [];
        culprits.push(
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls.length ? `.${cls.join('.')}` : ''} right=${Math.round(r.right)}`,
        );
        if (culprits.length >= 8) break;
      }
    }
    document.body.style.overflowX = body;
    return { excess, culprits };
  });
}

/** What is still loading on the page (empty when settled); tweets waiting off-screen don't count. */
function stillLoading(): string[] {
  const busy = document.querySelectorAll(
    'main [aria-busy="true"], main .animate-pulse, main .animate-spin, [role="dialog"] [aria-busy="true"], [role="dialog"] .animate-pulse',
  );
  return [...busy]
    .filter((el) => !el.closest('[data-tweet-state="waiting"]'))
    .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 3).join('.')}`);
}

/** Resolves after the page has painted two more frames. */
export function nextPaint(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** The page's h1 was drawn by the app (React's own node), not by the static first paint it replaces. */
function appOwnsHeading(): boolean {
  const h1 = document.querySelector('main h1:not([data-stale])');
  return !!h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
}

/**
 * Waits until the page has a visible h1 (one not marked stale by softNavigate)
 * that the app drew (the served page's static first paint has the same heading,
 * and focus or clicks there would be lost when the app replaces it) and nothing
 * is still loading: no skeletons, busy regions or spinners; then for the next paints.
 */
export async function settle(page: Page): Promise<void> {
  await page.locator('main h1:not([data-stale])').first().waitFor({ state: 'visible' });
  await expect
    .poll(() => page.evaluate(appOwnsHeading), {
      message: `${new URL(page.url()).pathname}: the app has not replaced the first paint`,
      timeout: 20_000,
      intervals: [50],
    })
    .toBe(true);
  await expect
    .poll(() => page.evaluate(stillLoading), {
      message: `${new URL(page.url()).pathname} is still loading`,
      timeout: 20_000,
      intervals: [50],
    })
    .toEqual([]);
  await nextPaint(page);
}

/**
 * Goes to a path inside the single-page app without reloading it (as a link
 * would), so a long walk through the routes skips re-booting the client each time.
 * The first visit loads the page normally.
 */
export async function softNavigate(page: Page, pathname: string): Promise<void> {
  if (!page.url().startsWith('http')) {
    await page.goto(pathname);
    return;
  }
  await page.evaluate((to) => {
    for (const h of document.querySelectorAll('main h1')) h.setAttribute('data-stale', '');
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, pathname);
}

/** Brings every lazy image and tweet embed in, then goes back to the top (for a full-page picture). */
export async function renderLazy(page: Page): Promise<void> {
  await imagesLoaded(page);
  // A tweet loads once its card comes near the viewport: scroll to each one still waiting.
  const tweets = page.locator('[data-tweet-state]');
  for (let i = 0, n = await tweets.count(); i < n; i++) {
    const tweet = tweets.nth(i);
    if ((await tweet.getAttribute('data-tweet-state')) === 'waiting') await tweet.scrollIntoViewIfNeeded();
    await expect(tweet).not.toHaveAttribute('data-tweet-state', /^(waiting|loading)$/);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
