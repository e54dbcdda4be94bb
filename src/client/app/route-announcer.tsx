import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

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
    let stop: (() => void) | undefined;
    // The names and the focus move load on demand, out of the first route's bundle.
    void import('./route-focus').then(({ documentTitle, pageName, focusHeading }) => {
      if (!live) return;
      document.title = documentTitle(pathname);
      if (isFirst) return;
      setMessage(`${pageName(pathname)} page`);
      if (!hash) stop = focusHeading();
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [pathname, hash]);

  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </p>
  );
}
