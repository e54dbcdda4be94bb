/**
 * Bundles the server for `npm start`: src/server/index.ts and the operator tools
 * (backup, check-integrity) become plain ES modules in dist/server, with source maps,
 * so production runs JavaScript and needs no TypeScript loader (ADR 0012).
 *
 * Our code (src/, the `@/` alias) and the pure-JavaScript packages are bundled: Node then
 * resolves a handful of modules at start instead of hundreds (resolving each file of a
 * package re-reads its package.json, and drizzle-orm's is 180 KB). The packages in
 * EXTERNAL stay imports from node_modules. Drizzle's migrations are read from disk at run
 * time, next to the bundle (src/db/client.ts looks in `<its directory>/migrations`), so
 * they are copied there.
 *
 * `node scripts/build-server.mjs` (part of `npm run build`); `--quiet` prints nothing.
 * Plain JavaScript so it runs without tsx; vitest's integration setup calls buildServer().
 */

import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIST = path.join(ROOT, 'dist/server');
export const SERVER_ENTRY = path.join(SERVER_DIST, 'index.js');
/**
 * Packages that stay in node_modules because they find files beside their own modules at
 * run time: PGlite its WebAssembly and data files, sharp its native binary, pino the
 * modules its transports run in worker threads. Everything else is bundled.
 */
export const EXTERNAL = ['@electric-sql/pglite', '@electric-sql/pglite/*', 'sharp', 'pino', 'pino-pretty'];

/** @param {{ quiet?: boolean }} [opts] */
export async function buildServer(opts = {}) {
  const t0 = performance.now();
  // Built beside and swapped in, so a server starting from dist/server meanwhile never sees half a bundle.
  const staging = path.join(ROOT, 'dist', `.server-${process.pid}-${Date.now()}`);
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: {
      main: 'src/server/index.ts',
      backup: 'scripts/backup.ts',
      'check-integrity': 'scripts/check-integrity.ts',
      'storage-sweep': 'scripts/storage-sweep.ts',
      'reset-second-factor': 'scripts/reset-second-factor.ts',
    },
    outdir: staging,
    bundle: true,
    // Shared code lands in chunks in the same directory (so `import.meta.url` still means dist/server).
    splitting: true,
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // Bundled CommonJS packages (pg, nodemailer) call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    // Linked maps; with source maps on (the entry below) Node names src/**/*.ts in stack traces.
    sourcemap: 'linked',
    sourcesContent: false,
    // Class and function names survive for logs and errors (no minification at all).
    minify: false,
    metafile: true,
    plugins: [packagesAsShipped],
    logLevel: opts.quiet ? 'error' : 'warning',
  });
  mkdirSync(path.join(staging, 'full-maps'));
  for (const f of readdirSync(staging)) {
    if (!f.endsWith('.js.map')) continue;
    // The complete map stays aside for bench/startup.ts, which charges start-up time to packages.
    copyFileSync(path.join(staging, f), path.join(staging, 'full-maps', f));
    ownCodeOnly(path.join(staging, f));
  }
  writeFileSync(path.join(staging, 'index.js'), ENTRY);
  const migrations = path.join(ROOT, 'src/db/migrations');
  const out = path.join(staging, 'migrations');
  mkdirSync(path.join(out, 'meta'), { recursive: true });
  for (const f of readdirSync(migrations)) {
    if (f.endsWith('.sql')) copyFileSync(path.join(migrations, f), path.join(out, f));
  }
  copyFileSync(path.join(migrations, 'meta/_journal.json'), path.join(out, 'meta/_journal.json'));
  await pgliteTemplate(out, path.join(staging, 'pglite-template.tar.gz'));
  const old = `${staging}-old`;
  if (existsSync(SERVER_DIST)) renameSync(SERVER_DIST, old);
  renameSync(staging, SERVER_DIST);
  rmSync(old, { recursive: true, force: true });
  if (!opts.quiet) {
    const bytes = Object.entries(result.metafile.outputs)
      .filter(([f]) => f.endsWith('.js'))
      .reduce((n, [, o]) => n + o.bytes, 0);
    console.info(
      `server bundle: ${path.relative(ROOT, SERVER_DIST)} (${Math.round(bytes / 1024)} KB of JavaScript) in ${Math.round(performance.now() - t0)} ms`,
    );
  }
  return result;
}

/**
 * Maps bundled packages to the JavaScript they ship, not through their own source maps:
 * several packages' maps point outside their folder (drizzle-orm's name `../src/*.ts`, which
 * is not in the package), so a frame inside them could not even be charged to its package.
 */
const packagesAsShipped = {
  name: 'packages-as-shipped',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, async (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/gm, ''),
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * dist/server/index.js: turns on Node's compile cache (V8's compiled code kept on disk,
 * in $NODE_COMPILE_CACHE or the system's temporary directory, keyed by each file's
 * contents), so a restart skips most of the parsing and compiling of the bundle, and source
 * maps, so stack traces name the TypeScript files, then runs the server (main.js). Node 20
 * has no compile cache and simply starts.
 *
 * Source maps are turned on here rather than with `--enable-source-maps`: the flag also makes
 * every util.getCallSites() map its frames, and pino calls it when a logger is made, which
 * parsed the bundle's map on the start-up path (about 0.1 s of CPU). Set in the process, stack
 * traces are mapped the same and call sites are left alone.
 */
const ENTRY = `// Written by scripts/build-server.mjs: the compile cache and source maps must be on before the server's modules load.
import module from 'node:module';

module.enableCompileCache?.();
process.setSourceMapsEnabled(true);
await import('./main.js');
`;

/**
 * dist/server/pglite-template.tar.gz: an embedded database already created and migrated,
 * which a first start on an empty data directory loads instead of running PostgreSQL's
 * initdb in WebAssembly, seconds of CPU (src/db/client.ts; migrations still run after it).
 * Made with the migrations being bundled and the installed PGlite, and kept in
 * node_modules/.cache until either changes.
 */
async function pgliteTemplate(migrationsDir, out) {
  const hash = createHash('sha256');
  for (const f of readdirSync(migrationsDir).sort()) {
    if (f.endsWith('.sql')) hash.update(f).update(readFileSync(path.join(migrationsDir, f)));
  }
  hash.update(readFileSync(path.join(migrationsDir, 'meta/_journal.json')));
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm']) {
    hash.update(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json')));
  }
  const cached = path.join(
    ROOT,
    'node_modules/.cache/sysfi',
    `pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`,
  );
  if (!existsSync(cached)) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const pg = new PGlite();
    await pg.waitReady;
    await migrate(drizzle(pg), { migrationsFolder: migrationsDir });
    const dump = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
    await pg.close();
    mkdirSync(path.dirname(cached), { recursive: true });
    writeFileSync(`${cached}.${process.pid}`, dump);
    renameSync(`${cached}.${process.pid}`, cached);
  }
  copyFileSync(cached, out);
}

/**
 * Keeps only the mappings into our own sources (src/, scripts/). Node parses a bundle's
 * whole map the first time anything reads a stack trace (pino does at start), and the
 * bundled packages' mappings were 90 % of it: about 17 MB of heap and their parse time
 * for frames inside libraries, which still show as positions in the bundle.
 */
function ownCodeOnly(file) {
  const map = JSON.parse(readFileSync(file, 'utf8'));
  const keep = map.sources.map((s) => !s.includes('node_modules/'));
  const index = [];
  const sources = [];
  map.sources.forEach((s, i) => {
    if (keep[i]) index[i] = sources.push(s) - 1;
  });
  const lines = decode(map.mappings).map((line) =>
    line
      .filter((seg) => seg.length > 1 && keep[seg[1]])
      .map((seg) => [seg[0], index[seg[1]], seg[2], seg[3]]),
  );
  writeFileSync(file, JSON.stringify({ ...map, sources, names: [], mappings: encode(lines) }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer({ quiet: process.argv.includes('--quiet') });
}
