/**
 * X's tweet widget (spec §7 "A third-party tweet widget script is loaded to embed
 * tweets"): https://platform.twitter.com/widgets.js, fetched once, only when the
 * first tweet card scrolls into view. Every card shares one loader promise; a
 * failed load (offline, blocked by an extension, no answer within the timeout) is
 * remembered until the browser comes back online, so a page of cards does not
 * hammer a blocked host.
 */
export const X_WIDGETS_SRC = 'https://platform.twitter.com/widgets.js';
export const X_WIDGETS_TIMEOUT_MS = 6000;

export type XWidgets = {
  createTweet: (
    id: string,
    target: HTMLElement,
    options?: Record<string, unknown>,
  ) => Promise<HTMLElement | undefined>;
};

type Twttr = { widgets?: XWidgets; ready?: (cb: (t: Twttr) => void) => void; _e?: unknown[] };

declare global {
  interface Window {
    twttr?: Twttr;
  }
}

let loader: Promise<XWidgets> | null = null;
let listening = false;

function widgetsOf(t: Twttr | undefined): XWidgets | null {
  return t?.widgets && typeof t.widgets.createTweet === 'function' ? t.widgets : null;
}

/** Rejects after `ms` unless `p` settles first. */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = window.setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        window.clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        window.clearTimeout(t);
        reject(e);
      },
    );
  });
}

function inject(): Promise<XWidgets> {
  const ready = widgetsOf(window.twttr);
  if (ready) return Promise.resolve(ready);
  const load = new Promise<XWidgets>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = X_WIDGETS_SRC;
    script.async = true;
    script.charset = 'utf-8';
    script.dataset.xWidgets = '';
    script.onload = () => {
      const t = window.twttr;
      const now = widgetsOf(t);
      if (now) resolve(now);
      // The real script finishes setting up after load and then calls its ready queue.
      else if (t?.ready)
        t.ready((tt) => (widgetsOf(tt) ? resolve(widgetsOf(tt)!) : reject(new Error('no widgets'))));
      else reject(new Error('widgets.js loaded without twttr.widgets'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('widgets.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return withTimeout(load, X_WIDGETS_TIMEOUT_MS, 'widgets.js');
}

/** The widget API, loading widgets.js on first use. Rejects when it cannot load. */
export function loadXWidgets(): Promise<XWidgets> {
  if (typeof window === 'undefined') return Promise.reject(new Error('no window'));
  if (!loader) loader = inject();
  if (!listening) {
    listening = true;
    // Back online: the next card may try again.
    window.addEventListener('online', () => {
      if (loader) loader.catch(() => (loader = null));
    });
  }
  return loader;
}
