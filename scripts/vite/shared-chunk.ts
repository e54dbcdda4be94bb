/**
 * The small modules several routes share (components, hooks, rules, icons) go in one chunk
 * instead of one chunk each. A route loaded 25 to 65 chunks, most under 1 KB, and on a
 * phone's network every one is a request (six at a time over HTTP/1.1), so a page's data
 * came seconds after its first paint (bench/time-to-data.ts).
 *
 * Rolldown puts a captured module's imports in the same chunk, unless another group holds
 * them (the app's group does, for the app chunk). So a module is taken only when all it
 * imports, at any depth, is in the app chunk already or can be taken too. Never taken:
 * - what the home page imports beyond the app (`firstVisit`): a first visit to / would load
 *   the shared chunk with it, and its size is a test (e2e/bundle-budget.e2e.ts);
 * - the lazy modules themselves (pages and dialogs, loaded on demand);
 * - code from outside src/client, src/shared and the icons (zod, react-hook-form, the dialog
 *   and chart libraries), nor any module that imports it: only some pages need that code,
 *   and the shared chunk would make every page load it;
 * - the modules named `apart`: helpers only a few pages use (form drafts serve react-hook-form's
 *   forms only; the gated buttons, /projects and /grants), so they go with the pages that use them
 *   instead of every page loading them in the shared chunk.
 *
 * For rolldown's `codeSplitting.groups[].name`: it names the modules the group takes
 * ('shared') and gives null for the others.
 */
import { fileURLToPath } from 'node:url';
import type { CodeSplittingNameFunction } from 'rolldown';

type Context = Parameters<CodeSplittingNameFunction>[1];

const OWN =
  /[\\/]src[\\/](client|shared)[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
/** The bundler's own helpers (its runtime, Vite's preload helper): tiny chunks every page has anyway. */
const HELPER = /^\0/;
/** The icon package's index, which re-exports every icon (about 1,600). */
const ICONS = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/**
 * `app`: the modules whose static imports make the app chunk (the entry, boot.tsx);
 * `firstVisit`: the other modules a first visit loads (the home page). Relative to src/client.
 */
export function sharedChunk(roots: {
  app: string[];
  firstVisit: string[];
  apart?: string[];
}): CodeSplittingNameFunction {
  const file = (f: string) => fileURLToPath(new URL(`../../src/client/${f}`, import.meta.url));
  let app: Set<string> | undefined;
  let firstVisit: Set<string> | undefined;
  const fits = new Map<string, boolean>();
  const apart = new Set((roots.apart ?? []).map(file));

  /** A module the group may hold, judged on itself alone. */
  const qualifies = (ctx: Context, id: string) => {
    const info = ctx.getModuleInfo(id);
    return (
      !!info && OWN.test(id) && !firstVisit!.has(id) && !apart.has(id) && info.dynamicImporters.length === 0
    );
  };
  /** Taken when it and everything it reaches by static imports short of the app chunk qualify. */
  const takeable = (ctx: Context, id: string): boolean => {
    let ok = fits.get(id);
    if (ok !== undefined) return ok;
    ok = true;
    const seen = new Set([id]);
    const stack = [id];
    while (ok && stack.length) {
      const m = stack.pop()!;
      if (!qualifies(ctx, m)) ok = false;
      else
        for (const i of ctx.getModuleInfo(m)!.importedIds)
          if (!seen.has(i) && !app!.has(i) && !ICONS.test(i) && !HELPER.test(i)) {
            seen.add(i);
            stack.push(i);
          }
    }
    fits.set(id, ok);
    return ok;
  };

  return (id, ctx) => {
    app ??= staticClosure(ctx, roots.app.map(file));
    firstVisit ??= staticClosure(ctx, roots.firstVisit.map(file));
    return !app.has(id) && takeable(ctx, id) ? 'shared' : null;
  };
}

/**
 * The roots and all they import statically. Of the icon index, only the icons these modules
 * name are theirs, read from their `import { … } from "lucide-react"`.
 */
function staticClosure(ctx: Context, roots: string[]): Set<string> {
  const seen = new Set<string>();
  let icons: Map<string, string> | undefined;
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info || ICONS.test(id)) return;
    for (const i of info.importedIds) {
      if (!ICONS.test(i)) {
        visit(i);
        continue;
      }
      icons ??= iconFiles(ctx, i);
      for (const name of importedNames(info.code ?? '', 'lucide-react')) {
        const icon = icons.get(name);
        if (!icon) throw new Error(`shared-chunk: no icon module for ${name} (imported by ${id})`);
        visit(icon);
      }
    }
  };
  for (const root of roots) visit(root);
  return seen;
}

/** Icon name → its module, from the index's `export { default as A, default as B } from './icons/a.mjs'`. */
function iconFiles(ctx: Context, index: string): Map<string, string> {
  const files = new Map<string, string>();
  const code = ctx.getModuleInfo(index)?.code ?? '';
  for (const [, names, file] of code.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[\w-]+\.mjs)'/g)) {
    const path = fileURLToPath(new URL(file!, `file://${index}`));
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) files.set(name!, path);
  }
  if (!files.size) throw new Error(`shared-chunk: read no icon from ${index}`);
  return files;
}

/** The names a module imports from `source` (`import { A, B as C } from "source"`). */
function importedNames(code: string, source: string): string[] {
  const names: string[] = [];
  const from = new RegExp(`import \\{([^}]*)\\} from ["']${source}["']`, 'g');
  for (const [, list] of code.matchAll(from))
    for (const part of list!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  return names;
}
