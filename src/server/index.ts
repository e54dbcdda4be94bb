/**
 * Process entry: validate config, then serve as one process, or, with WEB_CONCURRENCY > 1,
 * start that many workers that each serve (cluster.ts); shut down cleanly (lib/shutdown.ts).
 */
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { followPrimary, runPrimary } from './cluster';
import { EnvError, loadEnv } from './env';
import { createLogger } from './lib/logger';
import { createShutdown } from './lib/shutdown';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  const env = loadEnv();
  if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
    const pretty = env.NODE_ENV === 'development' && process.stdout.isTTY;
    runPrimary({ workers: env.WEB_CONCURRENCY, log: createLogger({ level: env.LOG_LEVEL, pretty }) });
    return;
  }
  // Loaded here, not at the top, so a cluster primary does not load the app it never runs.
  const [{ boot }, { serve }] = await Promise.all([import('./boot'), import('@hono/node-server')]);
  const { app, deps, shutdown, warmUp } = await boot(env, { clientDir: path.join(root, 'dist/client') });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    deps.log.info(
      {
        port: info.port,
        db: deps.handle.kind,
        mail: env.SMTP_URL ? 'smtp' : `outbox (${path.join(env.DATA_DIR, 'outbox')})`,
      },
      `Sysfi Labs is running on ${env.APP_URL}`,
    );
    warmUp();
  });
  const graceful = createShutdown({
    server: server as Server,
    log: deps.log,
    endStreams: () => deps.sse.endAll(),
    release: () => shutdown(),
  });
  // A worker stops when its primary says so; a single process on SIGTERM / SIGINT.
  if (!followPrimary(() => void graceful.stop('internal'))) graceful.install();
}

main().catch(async (err) => {
  const { DatabaseLockedError } = await import('@/db/client');
  if (err instanceof EnvError || err instanceof DatabaseLockedError) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
