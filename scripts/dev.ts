/**
 * `npm run dev`: the API on :3000 (restarted on server changes) and Vite with hot
 * reload on http://localhost:5173, which proxies /api to the API. Open :5173.
 * APP_URL defaults to the Vite URL so e-mail links and the auth origin match the
 * page you are on.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'node_modules/.bin');
const env = {
  ...process.env,
  PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
  APP_URL: process.env.APP_URL || 'http://localhost:5173',
};

const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, cmd: string, args: string[]) {
  const child = spawn(path.join(BIN, cmd), args, { cwd: ROOT, env, stdio: 'inherit' });
  child.on('exit', (code) => {
    if (stopping) return;
    console.error(`${name} exited (${code}); stopping.`);
    stop(code ?? 1);
  });
  children.push(child);
}

function stop(code = 0) {
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('api', 'node', [
  '--watch-path=src/server',
  '--watch-path=src/db',
  '--watch-path=src/shared',
  '--import',
  'tsx',
  'src/server/index.ts',
]);
start('vite', 'vite', []);
console.info(`Sysfi Labs dev: open ${env.APP_URL} (API on :${process.env.PORT || 3000})`);
