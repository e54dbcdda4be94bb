/**
 * Loaded with `--import` into a process the startup benchmark measures (the app or a
 * bare PGlite). On SIGUSR2 it writes where the process's memory is to BENCH_PROBE_FILE:
 * resident memory split into file-backed pages (the Node binary, native libraries such
 * as sharp's libvips) and anonymous ones, and the anonymous part into V8's heap and the
 * ArrayBuffers outside it (PGlite's WebAssembly memory is one). It changes nothing else.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import v8 from 'node:v8';

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
    const heap = v8.getHeapStatistics();
    writeFileSync(
      file,
      JSON.stringify({
        ...process.memoryUsage(),
        rssAnon: kb('RssAnon'),
        rssFile: kb('RssFile'),
        rssShmem: kb('RssShmem'),
        mallocedMemory: heap.malloced_memory,
        codeSpace:
          v8.getHeapSpaceStatistics().find((s) => s.space_name === 'code_space')?.space_used_size ?? 0,
      }),
    );
  });
}
