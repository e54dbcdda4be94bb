/**
 * What a route change does after the page is drawn (route-announcer.tsx loads this on
 * demand): the page's name for the title and the announcement, and the focus moved to
 * the new page's main heading.
 */
export { documentTitle, pageName } from './titles';

/** How long a new page may take to draw its heading (its chunk may be downloading). */
const HEADING_WAIT_MS = 8000;

/** Calls `found` with the page's main heading once it is in the document, or gives up. */
function whenHeading(found: (h: HTMLElement) => void): () => void {
  const main = document.getElementById('main');
  if (!main) return () => {};
  const pick = () => main.querySelector<HTMLElement>('h1:not([aria-hidden="true"])');
  const now = pick();
  if (now) {
    found(now);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const h = pick();
    if (!h) return;
    stop();
    found(h);
  });
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/**
 * Moves focus to the new page's main heading once it is drawn, unless the page focused
 * a dialog or field of its own. Returns a function that stops waiting.
 */
export function focusHeading(): () => void {
  return whenHeading((h) => {
    const active = document.activeElement;
    if (active && active !== document.body && document.getElementById('main')?.contains(active)) return;
    if (!h.hasAttribute('tabindex')) h.setAttribute('tabindex', '-1');
    h.classList.add('outline-none');
    h.focus({ preventScroll: true });
  });
}
