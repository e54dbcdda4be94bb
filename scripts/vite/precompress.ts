/**
 * Vite plugin: after the client build, writes `file.br` (brotli, quality 11) and
 * `file.gz` (gzip, level 9) next to every compressible file in the output
 * directory. The server sends them as they are (serveStatic `precompressed`), so
 * no request pays for compression and the browser gets the smallest encoding.
 * A variant is kept only when it is smaller than the file.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this the headers cost more than compression saves. */
const MIN_BYTES = 512;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* walk(p);
    } else yield p;
  }
}

/** Compresses every eligible file under `dir`; returns [files, bytes before, brotli bytes]. */
export async function precompressDir(dir: string): Promise<[number, number, number]> {
  const jobs: Promise<[number, number]>[] = [];
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push(
      (async (): Promise<[number, number]> => {
        const raw = await readFile(file);
        if (raw.length < MIN_BYTES) return [0, 0];
        const [br, gz] = await Promise.all([
          brotli(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < raw.length) await writeFile(`${file}.br`, br);
        if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
        return [raw.length, Math.min(br.length, raw.length)];
      })(),
    );
  }
  const done = (await Promise.all(jobs)).filter(([raw]) => raw > 0);
  return [done.length, done.reduce((s, [r]) => s + r, 0), done.reduce((s, [, b]) => s + b, 0)];
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sysfi:precompress',
    apply: 'build',
    // After every other plugin has written its files (the prerendered pages included).
    enforce: 'post',
    configResolved(c) {
      config = c;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const [files, raw, br] = await precompressDir(outDir);
      config.logger.info(
        `precompressed ${files} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`,
      );
    },
  };
}
