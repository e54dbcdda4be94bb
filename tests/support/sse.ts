/** Reads a Server-Sent Events stream over real HTTP, as a browser's EventSource would. */
export type SseEvent = { event: string; data: string };

export async function openSse(url: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!res.ok || !res.body) throw new Error(`SSE ${url}: ${res.status}`);
  const events: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let raw = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        raw += value;
        let i = buffer.indexOf('\n\n');
        while (i >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const ev = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) ev.event = line.slice(6).trim();
            else if (line.startsWith('data:')) ev.data += line.slice(5).trim();
          }
          if (!block.startsWith(':')) events.push(ev);
          for (const w of waiters.splice(0)) w();
          i = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events,
    /** Everything received so far, as sent (retry hints included). */
    raw: () => raw,
    /** Resolves with the first event matching, or rejects after timeoutMs. */
    async waitFor(match: (e: SseEvent) => boolean, timeoutMs = 2000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no matching SSE event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, Math.min(left, 100));
        });
      }
    },
    close: () => controller.abort(),
  };
}
