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

/** The route's own chunks, named by the served page: fetched alongside the app's. */
function preloadRouteChunks() {
  const hrefs = document.querySelector<HTMLMetaElement>('meta[name="sysfi:route-chunks"]')?.content;
  for (const href of hrefs?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

function start() {
  preloadRouteChunks();
  void boot();
}

const root = document.getElementById('root');
if (root?.firstElementChild && document.visibilityState === 'visible') afterFirstPaint(start);
else start();
