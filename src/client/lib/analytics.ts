/**
 * Loads Google Analytics (gtag.js) only when the server is configured with a
 * measurement id; otherwise nothing third-party is fetched.
 */
type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

const MEASUREMENT_ID = /^[A-Z0-9-]{4,32}$/i;
let loaded = false;

export function loadAnalytics(measurementId: string | null | undefined): void {
  if (loaded || !measurementId || !MEASUREMENT_ID.test(measurementId)) return;
  loaded = true;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js only understands the `arguments` object itself, not a copied array.
  const gtag: Gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: required by gtag.js
    window.dataLayer?.push(arguments);
  };
  window.gtag = gtag;
  gtag('js', new Date());
  gtag('config', measurementId);
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}
