/**
 * A TCP server that accepts connections and never writes a byte: an SMTP server (or any
 * dependency) that hangs. Connections are held open until close().
 */
import { createServer, type Socket } from 'node:net';

export async function startBlackHole() {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((s) => {
    accepted += 1;
    sockets.add(s);
    s.on('error', () => {});
    s.on('close', () => sockets.delete(s));
    s.resume(); // read and drop whatever comes; answer nothing
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    /** Connections accepted so far (proves the app did try to talk to it). */
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
