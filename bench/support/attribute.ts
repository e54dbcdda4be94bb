/**
 * Where start-up time and heap go, by package: reads a V8 CPU profile (--cpu-prof) or
 * sampling heap profile (--heap-prof) of the server and charges each sample to the
 * package its code comes from. Frames in the bundle (dist/server/*.js) are mapped back
 * through its source maps, so code esbuild bundled is still charged to its package.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };

const maps = new Map<string, SourceMap | null>();
function mapFor(url: string): SourceMap | null {
  if (!maps.has(url)) {
    // The build keeps complete maps aside (the served ones map our own code only).
    const js = fileURLToPath(url);
    const full = path.join(path.dirname(js), 'full-maps', `${path.basename(js)}.map`);
    const file = existsSync(full) ? full : `${js}.map`;
    maps.set(url, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : null);
  }
  return maps.get(url) ?? null;
}

/** The package (or "our code", "Node", …) a frame's code belongs to. */
export function ownerOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)') return 'idle (waiting for I/O)';
    return 'V8 and native code';
  }
  if (url.startsWith('wasm://')) return '@electric-sql/pglite (WebAssembly)';
  if (url.startsWith('node:')) return 'Node internals (module loader, fs, net)';
  let source = url;
  if (url.startsWith('file:') && /\/dist\/server\/[^/]+\.js$/.test(url)) {
    const entry = mapFor(url)?.findEntry(frame.lineNumber, frame.columnNumber);
    // Unmapped: the bundle's top-level code (every bundled module's, evaluated once at load) and esbuild's helpers.
    if (!entry || !('originalSource' in entry)) return "module evaluation (the bundle's top-level code)";
    source = entry.originalSource;
  }
  const pkg = [...source.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].at(-1)?.[1];
  if (pkg) return pkg === 'node' ? 'Node internals (module loader, fs, net)' : pkg;
  if (/\/(src|scripts)\//.test(source)) return 'our code (src/)';
  return source;
}

type CpuProfile = {
  nodes: Array<{ id: number; callFrame: CallFrame }>;
  samples: number[];
  timeDeltas: number[];
};

/** Milliseconds of CPU (self time) per owner, largest first. */
export function cpuByOwner(file: string): Array<[string, number]> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const owner = ownerOf(frames.get(id)!);
    totals.set(owner, (totals.get(owner) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

type HeapNode = { callFrame: CallFrame; selfSize: number; children: HeapNode[] };

/**
 * Live heap bytes per owner at the end of a sampling heap profile. An allocation is
 * charged to the innermost frame that belongs to a package or to our code (a JSON.parse
 * called by a library is the library's).
 */
export function heapByOwner(file: string): Array<[string, number]> {
  const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: HeapNode };
  const totals = new Map<string, number>();
  const walk = (node: HeapNode, owner: string) => {
    const own = ownerOf(node.callFrame);
    const attributed =
      node.callFrame.url && !own.startsWith('Node internals') && !own.startsWith('V8') ? own : owner;
    if (node.selfSize) totals.set(attributed, (totals.get(attributed) ?? 0) + node.selfSize);
    for (const c of node.children) walk(c, attributed);
  };
  walk(head, 'Node internals (module loader, fs, net)');
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}
