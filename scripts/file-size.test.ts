/**
 * Issue 17's rule: no source file in src/ is over 400 lines. Checked here so a file that
 * grows past it fails the suite instead of waiting for someone to count (one did, at 401).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const MAX_LINES = 400;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

describe('source file size', () => {
  it(`keeps every .ts and .tsx file in src/ at ${MAX_LINES} lines or fewer`, () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(100);
    const over = files
      .map((f) => ({ file: path.relative(SRC, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_LINES);
    expect(over).toEqual([]);
  });
});
