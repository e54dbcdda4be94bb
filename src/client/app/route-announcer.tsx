import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

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
 * Every route sets its document title; after a route change (not the first load) the new
 * page is announced to screen readers and focus moves to its main heading, so keyboard and
 * screen-reader users start reading the new page rather than the old link (issue 20).
 * A link to a section (#hash) keeps its own scrolling and focus.
 */
export function RouteAnnouncer() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  const [message, setMessage] = useState('');

  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    let live = true;
    // The names load on demand, out of the first route's bundle.
    void import('./titles').then(({ documentTitle, pageName }) => {
      if (!live) return;
      document.title = documentTitle(pathname);
      if (!isFirst) setMessage(`${pageName(pathname)} page`);
    });
    if (isFirst || hash)
      return () => {
        live = false;
      };
    const stop = whenHeading((h) => {
      // A dialog or field the page focused on its own keeps focus.
      const active = document.activeElement;
      if (active && active !== document.body && document.getElementById('main')?.contains(active)) return;
      if (!h.hasAttribute('tabindex')) h.setAttribute('tabindex', '-1');
      h.classList.add('outline-none');
      h.focus({ preventScroll: true });
    });
    return () => {
      live = false;
      stop();
    };
  }, [pathname, hash]);

  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </p>
  );
}
