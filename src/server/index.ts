/** Process entry: validate config, open the database, serve, and shut down cleanly. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { DatabaseLockedError } from '../db/client';
import { boot } from './boot';
import { EnvError, loadEnv } from './env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  const env = loadEnv();
  const { app, deps, shutdown } = await boot(env, { clientDir: path.join(root, 'dist/client') });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    deps.log.info(
      {
        port: info.port,
        db: deps.handle.kind,
        mail: env.SMTP_URL ? 'smtp' : `outbox (${path.join(env.DATA_DIR, 'outbox')})`,
      },
      `Sysfi Labs is running on ${env.APP_URL}`,
    );
  });
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    deps.log.info({ signal }, 'shutting down');
    server.close();
    // Event streams never end on their own; browsers reconnect to another process.
    setTimeout(() => (server as import('node:http').Server).closeAllConnections?.(), 2000).unref();
    // Close the database even if some connection lingers (SSE, keep-alive).
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    shutdown()
      .then(() => process.exit(0))
      .catch((err) => {
        deps.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof EnvError || err instanceof DatabaseLockedError) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
