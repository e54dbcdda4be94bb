/**
 * `npm start` and the operator tools (`npm run backup`, `restore`, `check-integrity`):
 * they run the compiled server bundle in dist/server, never TypeScript (ADR 0012).
 *
 *   node scripts/start.mjs                       the app (dist/server/index.js)
 *   node scripts/start.mjs backup backup <file>  a tool (dist/server/backup.js) and its arguments
 *
 * In a development checkout (the build tools are installed, NODE_ENV is not production)
 * it builds first: the whole app (`npm run build`) before the app, the server bundle alone
 * (about a second) before a tool. With NODE_ENV=production, or in an install without the
 * build tools (`npm install --omit=dev`), it runs the dist/ built beforehand, and says how
 * to get one when there is none.
 *
 * The bundle runs in this process with source maps on (turned on in the process, not with
 * the `--enable-source-maps` flag, which would also map every util.getCallSites() call):
 * stack traces name the TypeScript files. The app's entry turns them on itself as well.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOOLS = ['index', 'backup', 'check-integrity', 'storage-sweep', 'reset-second-factor'];

const [name = 'index', ...args] = process.argv.slice(2);
if (!TOOLS.includes(name)) {
  console.error(`usage: node scripts/start.mjs [${TOOLS.join(' | ')}] [arguments]`);
  process.exit(2);
}

const installed = (pkg) => {
  try {
    createRequire(path.join(ROOT, 'package.json')).resolve(`${pkg}/package.json`);
    return true;
  } catch {
    return false;
  }
};

// NODE_ENV=production never builds: `npm prune --omit=dev` keeps some build tools (npm keeps dev packages
// that are optional peers of runtime ones), and production must run the build it was given.
const production = process.env.NODE_ENV === 'production';
if (!production && installed('vite') && installed('esbuild')) {
  if (name === 'index') {
    const npm = process.env.npm_execpath;
    const r = npm
      ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: ROOT, stdio: 'inherit' })
      : spawnSync('npm', ['run', 'build'], {
          cwd: ROOT,
          stdio: 'inherit',
          shell: process.platform === 'win32',
        });
    if (r.status !== 0) process.exit(r.status ?? 1);
  } else {
    const { buildServer } = await import('./build-server.mjs');
    await buildServer({ quiet: true });
  }
}

const entry = path.join(ROOT, 'dist/server', `${name}.js`);
if (!existsSync(entry)) {
  console.error(
    `${path.relative(ROOT, entry)} is missing: the server is not built. Build it where the dev dependencies ` +
      'are installed (`npm install && npm run build`), then copy dist/ next to this install (see docs/operations.md).',
  );
  process.exit(1);
}
process.setSourceMapsEnabled(true);
// The bundle reads its arguments as if it had been started directly.
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
