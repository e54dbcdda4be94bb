/**
 * The open Server-Sent Events streams of this process: counted for /metrics and ended
 * together at shutdown, each with a retry hint so the browser reconnects (to the
 * restarted process or another one) instead of hanging on a dead socket.
 */
export type SseHub = ReturnType<typeof createSseHub>;

/** What a stream sends before it ends at shutdown: reconnect after this many ms. */
export const SHUTDOWN_RETRY_MS = 1000;

export function createSseHub() {
  const streams = new Set<() => Promise<void>>();
  return {
    /** Registers a stream's `end` (write the retry hint, stop the loop); returns the unregister. */
    add(end: () => Promise<void>) {
      streams.add(end);
      return () => void streams.delete(end);
    },
    get size() {
      return streams.size;
    },
    /** Ends every open stream. */
    async endAll() {
      await Promise.allSettled([...streams].map((end) => end()));
    },
  };
}
