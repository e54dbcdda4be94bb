/**
 * Import boundaries (design.md "Dependency direction"), checked on every lint:
 *
 *   shared ← db ← server        shared ← client
 *
 * - src/shared stays pure: only 'zod' and other src/shared files (no Node, DOM, db,
 *   server or client code), so the browser and the server run the same rules.
 * - src/db never imports src/server or src/client.
 * - src/server never imports src/client.
 * - src/client never imports src/db, and src/server only with `import type`
 *   (the typed API client needs AppType; no server code may reach the bundle).
 * - src/client/features/<a> never imports src/client/features/<b>: routes compose features.
 *
 * The rules live in pure functions (unit-tested in check-imports.test.ts); the
 * bottom of the file scans src/ when run as a script.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type ImportRef = {
  specifier: string;
  /** 1-based line of the specifier. */
  line: number;
  /** `import type … from` / `export type … from`: erased at compile time. */
  typeOnly: boolean;
  kind: 'static' | 'dynamic';
};

export type Violation = { file: string; line: number; specifier: string; message: string };

/** Packages a src/shared file may import. */
const SHARED_ALLOWED_PACKAGES = ['zod'];
/** Extra packages test files may import, whatever their layer. */
const TEST_PACKAGES = ['vitest', 'fast-check'];

/**
 * Blanks out comments (keeping newlines, so offsets and line numbers stay true)
 * and leaves strings and template literals alone.
 */
export function stripComments(src: string): string {
  let out = '';
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i]!;
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      while (i < n && src[i] !== '\n') {
        out += ' ';
        i++;
      }
    } else if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      out += src.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < n && src[j] !== c) {
        if (src[j] === '\\') j++;
        else if (c !== '`' && src[j] === '\n') break; // unterminated: stop at the line end
        j++;
      }
      out += src.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

const STATIC_FROM =
  /(^|[\s;{}])(import|export)(\s+type)?\s+(?!type\s*[=(])([^'";]*?)\bfrom\s*(['"])([^'"\n]+)\5/g;
const SIDE_EFFECT = /(^|[\s;{}])import\s*(['"])([^'"\n]+)\2/g;
const DYNAMIC = /(^|[^\w$.])import\s*\(\s*(['"`])([^'"`\n]+)\2\s*\)/g;

/** Every import/export-from specifier of a TypeScript source, static and dynamic. */
export function findImports(source: string): ImportRef[] {
  const src = stripComments(source);
  const lineAt = (index: number) => src.slice(0, index).split('\n').length;
  const refs: ImportRef[] = [];
  for (const m of src.matchAll(STATIC_FROM)) {
    const specifier = m[6]!;
    const at = m.index + m[0].lastIndexOf(specifier);
    refs.push({ specifier, line: lineAt(at), typeOnly: Boolean(m[3]), kind: 'static' });
  }
  for (const m of src.matchAll(SIDE_EFFECT)) {
    const specifier = m[3]!;
    refs.push({
      specifier,
      line: lineAt(m.index + m[0].lastIndexOf(specifier)),
      typeOnly: false,
      kind: 'static',
    });
  }
  for (const m of src.matchAll(DYNAMIC)) {
    const specifier = m[3]!;
    refs.push({
      specifier,
      line: lineAt(m.index + m[0].lastIndexOf(specifier)),
      typeOnly: false,
      kind: 'dynamic',
    });
  }
  return refs.sort((a, b) => a.line - b.line);
}

type Layer = 'shared' | 'db' | 'server' | 'client' | 'other';

function layerOf(file: string): Layer {
  const m = /^src\/(shared|db|server|client)(\/|$)/.exec(file);
  return (m?.[1] as Layer | undefined) ?? 'other';
}

function featureOf(file: string): string | undefined {
  return /^src\/client\/features\/([^/]+)\//.exec(file)?.[1];
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

/**
 * The violations of one file. `file` is the repo-relative POSIX path
 * (e.g. 'src/shared/limits.ts'); relative specifiers are resolved against it.
 */
export function checkFile(file: string, imports: ImportRef[]): Violation[] {
  const from = layerOf(file);
  if (from === 'other') return [];
  const out: Violation[] = [];
  const flag = (ref: ImportRef, message: string) =>
    out.push({ file, line: ref.line, specifier: ref.specifier, message });

  for (const ref of imports) {
    const spec = ref.specifier;
    const relative = spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..';
    const target = relative
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
      : undefined;
    const to: Layer | 'package' = target ? layerOf(target) : 'package';

    if (from === 'shared') {
      if (target) {
        if (to !== 'shared') {
          flag(
            ref,
            `src/shared must stay pure: it may import only 'zod' and src/shared files, not ${target}`,
          );
        }
      } else {
        const pkg = packageName(spec);
        const allowed =
          SHARED_ALLOWED_PACKAGES.includes(pkg) || (isTestFile(file) && TEST_PACKAGES.includes(pkg));
        if (!allowed) {
          flag(
            ref,
            `src/shared must stay pure (runs in the browser and on the server): only 'zod' and src/shared files may be imported, not '${spec}'`,
          );
        }
      }
      continue;
    }
    if (!target) continue; // packages are free outside src/shared

    if (from === 'db' && (to === 'server' || to === 'client')) {
      flag(ref, `src/db must not import src/${to} (dependency direction is shared ← db ← server)`);
    } else if (from === 'server' && to === 'client') {
      flag(ref, 'src/server must not import src/client (the server never depends on browser code)');
    } else if (from === 'client') {
      if (to === 'db') {
        flag(ref, 'src/client must not import src/db (the browser talks to the database only through /api)');
      } else if (to === 'server' && !ref.typeOnly) {
        flag(
          ref,
          "src/client may import src/server only with 'import type' (e.g. import type { AppType }); server code must not reach the bundle",
        );
      } else if (to === 'client') {
        const a = featureOf(file);
        const b = featureOf(`${target}/`);
        if (a && b && a !== b) {
          flag(
            ref,
            `feature '${a}' must not import feature '${b}': features stay independent; compose them in a route or move the shared part to components/ or lib/`,
          );
        }
      }
    }
  }
  return out;
}

/** Checks a set of files given as { path: source }. */
export function checkSources(files: Record<string, string>): Violation[] {
  return Object.entries(files).flatMap(([file, source]) => checkFile(file, findImports(source)));
}

export function formatViolation(v: Violation): string {
  return `${v.file}:${v.line}  '${v.specifier}'  ${v.message}`;
}

function listSources(dir: string, root: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) out.push(...listSources(full, root));
    } else if (/\.(ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  }
  return out;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = listSources(path.join(root, 'src'), root);
  const violations = checkSources(
    Object.fromEntries(files.map((f) => [f, readFileSync(path.join(root, f), 'utf8')])),
  );
  if (violations.length > 0) {
    console.error(`Import boundary violations (${violations.length}):`);
    for (const v of violations) console.error(`  ${formatViolation(v)}`);
    console.error('See docs/architecture.md, "Dependency direction".');
    process.exit(1);
  }
  console.info(`imports ok (${files.length} files)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
