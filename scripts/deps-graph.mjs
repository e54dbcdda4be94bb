/**
 * `npm run deps:graph`: renders the module graph of src/ (collapsed to each
 * layer's folders) as a Mermaid flowchart into docs/architecture.md, between
 * the deps-graph markers. dependency-cruiser draws it from the same resolution
 * that `npm run lint` checks the boundaries with.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const doc = `${root}docs/architecture.md`;
const graph = execFileSync(
  process.execPath,
  [
    'scripts/depcruise.mjs',
    'src',
    '--config',
    '.dependency-cruiser.cjs',
    '--include-only',
    '^src/',
    '--exclude',
    '\\.test\\.tsx?$',
    '--collapse',
    '^src/(shared|db|server|client)/[^/]+',
    '--output-type',
    'mermaid',
  ],
  { cwd: root, encoding: 'utf8' },
).trim();
const START = '<!-- deps:graph:start (npm run deps:graph) -->';
const END = '<!-- deps:graph:end -->';
const text = readFileSync(doc, 'utf8');
const a = text.indexOf(START);
const b = text.indexOf(END);
if (a === -1 || b === -1) throw new Error(`docs/architecture.md needs the markers ${START} and ${END}`);
writeFileSync(
  doc,
  `${text.slice(0, a + START.length)}\n\n\`\`\`mermaid\n${graph}\n\`\`\`\n\n${text.slice(b)}`,
);
console.info('docs/architecture.md: dependency graph updated');
