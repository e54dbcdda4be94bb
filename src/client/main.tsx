import './styles.css';

/**
 * The entry is tiny on purpose. The page the server sends already shows the
 * route (a static first paint inside #root, see app/static-shell.tsx); the
 * app's code (app/boot.tsx) is requested once the browser has put that page on
 * screen (its first contentful paint), so the first paint never waits for
 * JavaScript and the CSS and font get the first bytes.
 */
const boot = () => import('./app/boot');

function afterFirstPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        once();
      }
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(once, 0));
  }
  // A hidden tab paints nothing, and a paint may go unreported: never wait longer than this.
  setTimeout(once, 1500);
}

/**
 * The route's own chunks, named by the served page: fetched alongside the app's. Each
 * preload link costs the main thread about a millisecond on a throttled phone and a route
 * names up to about 20 chunks (ADR 0021), so they go in a few at a time, one task each: no long task
 * (which is what total blocking time counts) while the app's code downloads.
 */
const LINKS_PER_TASK = 6;
function preloadRouteChunks(hrefs: string[]) {
  for (const href of hrefs.slice(0, LINKS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (hrefs.length > LINKS_PER_TASK) setTimeout(() => preloadRouteChunks(hrefs.slice(LINKS_PER_TASK)), 0);
}

function start() {
  void boot();
  const hrefs = document.querySelector<HTMLMetaElement>('meta[name="sysfi:route-chunks"]')?.content;
  preloadRouteChunks(hrefs?.split(' ').filter(Boolean) ?? []);
}

const root = document.getElementById('root');
if (root?.firstElementChild && document.visibilityState === 'visible') afterFirstPaint(start);
else start();
