/**
 * A TCP proxy the test controls, between the app and PostgreSQL: `cut()` drops every
 * connection and refuses new ones (the database is unreachable), `restore()` listens
 * again on the same port. Never touches the shared server itself.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const pairs = new Set<[Socket, Socket]>();
  let server: Server | null = null;
  let port = 0;
  let connections = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        connections += 1;
        const upstream = connect(target.port, target.host);
        for (const x of [client, upstream]) {
          sockets.add(x);
          x.on('error', () => {});
          x.on('close', () => {
            sockets.delete(x);
            client.destroy();
            upstream.destroy();
          });
        }
        const pair: [Socket, Socket] = [client, upstream];
        pairs.add(pair);
        client.on('close', () => pairs.delete(pair));
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });
  await listen();

  return {
    get port() {
      return port;
    },
    /** Connections accepted so far. */
    connections: () => connections,
    /** The database becomes unreachable: open connections die, new ones are refused. */
    async cut() {
      const s = server;
      server = null;
      for (const x of sockets) x.destroy();
      if (s) await new Promise<void>((r) => s.close(() => r()));
    },
    /**
     * The connections open now go silent, as across a network cut with no reset: they stay
     * open and carry nothing either way. New connections work.
     */
    stall() {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
      pairs.clear();
    },
    /** Reachable again, on the same port. */
    restore: () => listen(),
    async close() {
      for (const x of sockets) x.destroy();
      const s = server;
      server = null;
      if (s) await new Promise<void>((r) => s.close(() => r()));
    },
  };
}
