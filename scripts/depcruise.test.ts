/**
 * The import boundaries of .dependency-cruiser.cjs, tried on a small tree that
 * breaks each rule once (and keeps the allowed imports), so a rule that stops
 * firing fails here rather than letting the real src/ drift.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');

const FILES: Record<string, string> = {
  'src/shared/pure.ts': "import { z } from 'zod';\nexport const s = z.string();\n",
  'src/shared/impure.ts': "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
  'src/shared/uses-react.ts': "import { useState } from 'react';\nexport const u = useState;\n",
  'src/shared/pure.test.ts': "import { it } from 'vitest';\nimport { s } from './pure';\nit('x', () => s);\n",
  'src/shared/not-a-test.ts': "import { it } from 'vitest';\nexport const i = it;\n",
  'src/db/db.ts':
    "import { s } from '../shared/pure';\nimport { h } from '../server/handler';\nexport const d = [s, h];\n",
  'src/server/handler.ts':
    "import { s } from '../shared/pure';\nexport const h = s;\nexport type AppType = { ok: true };\n",
  'src/server/bad.ts': "import { c } from '../client/lib/client';\nexport const b = c;\n",
  'src/client/lib/client.ts':
    "import type { AppType } from '../../server/handler';\nimport { s } from '../../shared/pure';\nexport const c: AppType | typeof s = s;\n",
  'src/client/lib/leaks-server.ts': "import { h } from '../../server/handler';\nexport const l = h;\n",
  'src/client/lib/reads-db.ts': "import { d } from '../../db/db';\nexport const r = d;\n",
  'src/client/features/a/page.ts':
    "import { b } from '../b/page';\nimport { c } from '../../lib/client';\nexport const a = [b, c];\n",
  'src/client/features/b/page.ts': "import { c } from '../../lib/client';\nexport const b = c;\n",
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }),
};

type Violation = { from: string; to: string; rule: { name: string } };

let dir: string;
let violations: Violation[];

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'depcruise-'));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  let out: string;
  try {
    out = execFileSync(
      NODE,
      [
        path.join(ROOT, 'scripts/depcruise.mjs'),
        'src',
        '--config',
        path.join(ROOT, '.dependency-cruiser.cjs'),
        '--output-type',
        'json',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
  } catch (err) {
    // Exit code 1 when there are violations; the report is still on stdout.
    out = (err as { stdout: string }).stdout;
  }
  violations = (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const broken = (rule: string) =>
  violations
    .filter((v) => v.rule.name === rule)
    .map((v) => `${v.from} -> ${v.to}`)
    .sort();

describe('import boundaries (.dependency-cruiser.cjs)', () => {
  it('keeps src/shared pure: zod and shared files only, vitest in tests only', () => {
    expect(broken('shared-is-pure')).toEqual([
      'src/shared/impure.ts -> fs',
      'src/shared/uses-react.ts -> node_modules/react/index.js',
    ]);
    expect(broken('shared-test-deps-only-in-tests')).toHaveLength(1);
    expect(broken('shared-test-deps-only-in-tests')[0]).toMatch(/^src\/shared\/not-a-test\.ts -> /);
  });

  it('keeps the direction shared ← db ← server and server ↛ client', () => {
    expect(broken('db-below-server')).toEqual(['src/db/db.ts -> src/server/handler.ts']);
    expect(broken('server-never-imports-client')).toEqual(['src/server/bad.ts -> src/client/lib/client.ts']);
  });

  it('lets the client import server types only, and never the database', () => {
    expect(broken('client-imports-server-types-only')).toEqual([
      'src/client/lib/leaks-server.ts -> src/server/handler.ts',
    ]);
    expect(broken('client-never-imports-db')).toEqual(['src/client/lib/reads-db.ts -> src/db/db.ts']);
  });

  it('keeps client features independent of each other', () => {
    expect(broken('client-features-are-independent')).toEqual([
      'src/client/features/a/page.ts -> src/client/features/b/page.ts',
    ]);
  });
});
