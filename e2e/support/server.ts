/**
 * Starts the real, built app as a child process, as `npm start` does (the compiled
 * bundle dist/server/index.js with source maps), on a free port with a fresh data
 * directory (embedded PGlite) and mail going to the test's SMTP receiver.
 * `npm run build` builds it; the integration tests build the server part once per run
 * (tests/support/global-setup.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_EMAIL = 'admin@sysfi.test';
/** The compiled server, as production runs it. */
export const SERVER_ENTRY = path.join(ROOT, 'dist/server/index.js');
/** How the tests and benchmarks start it: the pinned Node (the entry turns source maps on itself). */
export function serverCommand(): { node: string; args: string[] } {
  const node = path.join(ROOT, 'node_modules/.bin/node');
  return { node: existsSync(node) ? node : process.execPath, args: [SERVER_ENTRY] };
}

export type AppServer = {
  /** http://localhost:<port> (localhost, not 127.0.0.1: cookies and the trusted origin use it). */
  url: string;
  port: number;
  dataDir: string;
  pid: number | undefined;
  /** Everything the process wrote, for failure messages. */
  output: () => string;
  /** SIGTERM, wait, and remove the data directory unless it was given. */
  stop: () => Promise<void>;
  /** kill -9: no shutdown at all (crash tests). Resolves when the process is gone. */
  kill9: () => Promise<void>;
  /** SIGTERM without waiting; `exited` resolves with the exit code (shutdown tests). */
  sigterm: () => void;
  exited: Promise<number>;
};

/** A chunk of the built client, as Vite's manifest describes it. */
export type BuiltChunk = {
  file: string;
  /** The chunk's name: its module's file name without the extension. */
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
};

/** The built client's manifest (`npm run build`): each source module's chunk, by path from the root. */
export function buildManifest(): Record<string, BuiltChunk> {
  const file = path.join(ROOT, 'dist/client/.vite/manifest.json');
  if (!existsSync(file)) throw new Error('no dist/client/.vite/manifest.json: run `npm run build` first');
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, BuiltChunk>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export async function startServer(opts: {
  smtpUrl: string;
  env?: Record<string, string>;
  /** Reuse a data directory (restart after a crash); it is then left in place on stop. */
  dataDir?: string;
  /** API-only tests (integration) run without the built client. */
  requireClient?: boolean;
  /** Listen on this port (a restart that the browser's pages and cookies keep talking to). */
  port?: number;
}): Promise<AppServer> {
  if (opts.requireClient !== false && !existsSync(path.join(ROOT, 'dist/client/index.html'))) {
    throw new Error('dist/client/index.html is missing: run `npm run build` before the end-to-end tests.');
  }
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(
      'dist/server/index.js is missing: run `npm run build` (or `node scripts/build-server.mjs`).',
    );
  }
  const port = opts.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'sysfi-e2e-'));
  const { node, args } = serverCommand();
  let log = '';
  const child: ChildProcess = spawn(node, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: opts.smtpUrl,
      ADMIN_EMAIL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The admin fixture approves without a second factor; the staff rule is tested in
      // tests/integration/two-factor.test.ts (docs/security.md).
      REQUIRE_STAFF_2FA: 'false',
      ...opts.env,
    },
  });
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = code ?? (signal ? -1 : 0);
      resolve();
    }),
  );

  const stop = async () => {
    if (exited === undefined) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    }
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const kill9 = async () => {
    if (exited === undefined) {
      child.kill('SIGKILL');
      await exit;
    }
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited !== undefined) {
      await stop();
      throw new Error(`The app exited (code ${exited}) before it was healthy:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`GET /api/health did not answer 200 within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    /** The server process's id (bench/export-memory.ts samples its memory). */
    pid: child.pid,
    output: () => log,
    stop,
    kill9,
    sigterm: () => void child.kill('SIGTERM'),
    exited: exit.then(() => exited ?? -1),
  };
}
