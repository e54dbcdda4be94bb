/**
 * A request in flight on purpose, for shutdown tests: a POST whose headers and first half
 * of the body are sent at once (on a connection of its own), the rest only on `finish()`.
 */
import { request } from 'node:http';

/** A POST whose body arrives in two halves, the second only when `finish()` is called. */
export function slowPost(base: string, p: string, body: unknown) {
  const data = Buffer.from(JSON.stringify(body));
  const half = Math.floor(data.length / 2);
  const url = new URL(p, base);
  let finish!: () => void;
  let sent!: () => void;
  const started = new Promise<void>((r) => (sent = r));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': data.length,
          origin: url.origin,
          // The server answers 100 Continue once it has accepted the connection and read the
          // headers: from then on the request is in flight on the server's side too.
          expect: '100-continue',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.on('continue', () => req.write(data.subarray(0, half), () => sent()));
    req.flushHeaders();
    finish = () => req.end(data.subarray(half));
  });
  response.catch(() => {});
  return { response, started, finish: () => finish() };
}
