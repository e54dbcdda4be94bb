import { useEffect, useLayoutEffect, useRef, useState } from 'react';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

const MAX_BACKOFF_MS = 30_000;

/**
 * Follows one of our Server-Sent Events streams (same-origin cookies): the admin's
 * (/api/admin/events) or the signed-in user's own (/api/me/events). `onReady` runs on
 * every (re)connection, so whatever changed while the stream was down is fetched again;
 * `onEvent` runs for each event of `topic`. Nothing is opened while `url` is null.
 *
 * EventSource retries by itself after a dropped connection; when the browser
 * gives up instead (an HTTP error, a proxy closing the stream) this reconnects
 * with a backoff of 1 s doubling up to 30 s, and at once when the browser says
 * it is back online.
 */
export function useEventStream(
  url: string | null,
  topic: string,
  onEvent: (data: unknown) => void,
  onReady: () => void,
): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const handlers = useRef({ onEvent, onReady });
  useLayoutEffect(() => {
    handlers.current = { onEvent, onReady };
  });

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: number | undefined;
    let attempt = 0;
    let stopped = false;
    let everLive = false;

    const connect = () => {
      window.clearTimeout(timer);
      source?.close();
      const es = new EventSource(url);
      source = es;
      es.addEventListener('ready', () => {
        attempt = 0;
        everLive = true;
        setStatus('live');
        handlers.current.onReady();
      });
      es.addEventListener(topic, (e) => {
        let data: unknown = null;
        try {
          data = JSON.parse((e as MessageEvent<string>).data);
        } catch {
          data = null;
        }
        handlers.current.onEvent(data);
      });
      es.onerror = () => {
        if (stopped || source !== es) return;
        setStatus(everLive ? 'reconnecting' : 'connecting');
        if (es.readyState === EventSource.CLOSED) {
          const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
          attempt++;
          timer = window.setTimeout(connect, delay);
        }
      };
    };

    const onOnline = () => {
      if (source?.readyState !== EventSource.OPEN) connect();
    };
    connect();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      source?.close();
    };
  }, [url, topic]);

  return status;
}
