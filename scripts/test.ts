/**
 * `npm test`: the whole suite, in order, stopping at the first failure.
 *
 *   typecheck → lint → unit → integration (PGlite) → integration (PostgreSQL,
 *   when TEST_DATABASE_URL is set) → build → e2e (@playwright/test in the
 *   machine's Chromium, found or installed by scripts/find-chrome.ts)
 *
 * Ends with one summary line per step and the plain line `N passed, N failed`
 * (the tests of every step, read from vitest's and Playwright's JSON reports; a
 * failed non-test step counts as one failure).
 *
 * Local filtering: `npm test -- --only=unit,integration` or `--skip=e2e`.
 * A name matches a step exactly or as a prefix before ':' ('integration' runs
 * both database runs). Anything after a bare `--` goes to every test run (vitest
 * and Playwright), e.g. `npm test -- --only=unit -- src/shared`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChrome } from './find-chrome';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'node_modules/.bin');

type Outcome = { ok: boolean; passed: number; failed: number; skipped: number; note?: string };

type Step = {
  name: string;
  title: string;
  /** Returns why the step is skipped, or undefined to run it. */
  skip?: () => string | undefined;
  run: (ctx: Ctx) => Promise<Outcome>;
};

type Ctx = { tmp: string; runnerArgs: string[] };

type Result = { step: Step; outcome?: Outcome; skipped?: string; ms: number };

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
const green = (s: string) => paint(32, s);
const red = (s: string) => paint(31, s);
const dim = (s: string) => paint(2, s);
const bold = (s: string) => paint(1, s);

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Runs a node_modules/.bin tool with inherited stdio; resolves with its exit code. */
function exec(bin: string, args: string[], env: Record<string, string | undefined> = {}): Promise<number> {
  const cmd = path.join(BIN, bin);
  console.info(dim(`$ ${[bin, ...args].join(' ')}`));
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: 'inherit',
      // node_modules/.bin first: the tools' `#!/usr/bin/env node` then finds the pinned Node 24.
      env: { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`, ...env },
    });
    child.on('error', (err) => {
      console.error(red(`could not start ${bin}: ${err.message}`));
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

async function tool(bin: string, args: string[]): Promise<Outcome> {
  const code = await exec(bin, args);
  return { ok: code === 0, passed: 0, failed: 0, skipped: 0 };
}

type VitestJson = {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
};

async function vitest(
  ctx: Ctx,
  project: string,
  env: Record<string, string | undefined> = {},
): Promise<Outcome> {
  const report = path.join(ctx.tmp, `${project}-${Date.now()}.json`);
  const code = await exec(
    'vitest',
    [
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...ctx.runnerArgs,
    ],
    env,
  );
  let json: VitestJson = {};
  try {
    json = JSON.parse(readFileSync(report, 'utf8')) as VitestJson;
  } catch {
    // No report: vitest stopped before running tests (no files, config error, crash).
  }
  const passed = json.numPassedTests ?? 0;
  const failed = json.numFailedTests ?? 0;
  const skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  const ok = code === 0;
  return {
    ok,
    passed,
    failed,
    skipped,
    note: `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
  };
}

/** Playwright's JSON report: `stats` counts tests by outcome. */
type PlaywrightJson = {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  errors?: { message?: string }[];
};

/** The end-to-end tests (playwright.config.ts) with their counts from the JSON reporter. */
async function playwright(ctx: Ctx, env: Record<string, string | undefined>): Promise<Outcome> {
  const report = path.join(ctx.tmp, `e2e-${Date.now()}.json`);
  const code = await exec('playwright', ['test', ...ctx.runnerArgs], {
    ...env,
    E2E_JSON_REPORT: report,
    // Belt and braces: the tests launch the machine's Chromium, never a downloaded one.
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  });
  let json: PlaywrightJson = {};
  try {
    json = JSON.parse(readFileSync(report, 'utf8')) as PlaywrightJson;
  } catch {
    // No report: Playwright stopped before running tests (config error, no tests, crash).
  }
  const stats = json.stats ?? {};
  // A test that failed once and passed on a retry is flaky; retries are off, so this stays 0.
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  const failed = stats.unexpected ?? 0;
  const skipped = stats.skipped ?? 0;
  return {
    ok: code === 0,
    passed,
    failed,
    skipped,
    note: `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}; report: test-results/e2e-report`,
  };
}

const STEPS: Step[] = [
  {
    name: 'typecheck',
    title: 'Typecheck (tsc --noEmit)',
    run: () => tool('tsc', ['--noEmit', '-p', 'tsconfig.json']),
  },
  {
    name: 'lint',
    title: 'Lint (biome check + import boundaries)',
    run: async () => {
      const biome = await tool('biome', ['check', '.']);
      if (!biome.ok) return biome;
      return tool('node', ['scripts/depcruise.mjs', 'src', '--config', '.dependency-cruiser.cjs']);
    },
  },
  {
    name: 'unit',
    title: 'Unit tests',
    run: (ctx) => vitest(ctx, 'unit'),
  },
  {
    name: 'integration:pglite',
    title: 'Integration tests on embedded PGlite',
    run: (ctx) => vitest(ctx, 'integration', { TEST_DB: 'pglite' }),
  },
  {
    name: 'integration:postgres',
    title: 'Integration tests on PostgreSQL (TEST_DATABASE_URL)',
    skip: () =>
      process.env.TEST_DATABASE_URL
        ? undefined
        : 'TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test); the PGlite run above still ran',
    run: (ctx) => vitest(ctx, 'integration', { TEST_DB: 'postgres' }),
  },
  {
    name: 'build',
    title: 'Build the client and the server bundle (npm run build)',
    run: async () => {
      const client = await tool('vite', ['build']);
      if (!client.ok) return client;
      return tool('node', ['scripts/build-server.mjs']);
    },
  },
  {
    name: 'e2e',
    title: 'End-to-end tests (@playwright/test) in Chromium against the built server',
    run: async (ctx) => {
      if (
        !existsSync(path.join(ROOT, 'dist/client/index.html')) ||
        !existsSync(path.join(ROOT, 'dist/server/index.js'))
      ) {
        console.error(red('dist/ is missing: run `npm run build` first (or include the build step).'));
        return { ok: false, passed: 0, failed: 0, skipped: 0 };
      }
      let chrome: string;
      try {
        chrome = await findChrome();
      } catch (err) {
        console.error(red(`No Chromium for the browser tests: ${(err as Error).message}`));
        return { ok: false, passed: 0, failed: 0, skipped: 0 };
      }
      console.info(`Chromium: ${chrome}`);
      return playwright(ctx, { CHROME_PATH: chrome });
    },
  },
];

export type Options = { only?: string[]; skip?: string[]; runnerArgs?: string[] };

export function parseArgs(argv: string[]): Options {
  const opts: Options = { runnerArgs: [] };
  const sep = argv.indexOf('--');
  const own = sep === -1 ? argv : argv.slice(0, sep);
  opts.runnerArgs = sep === -1 ? [] : argv.slice(sep + 1);
  const list = (v: string) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  for (let i = 0; i < own.length; i++) {
    const a = own[i]!;
    const [flag, inline] = a.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? own[++i] ?? '';
    if (flag === '--only') opts.only = list(value());
    else if (flag === '--skip') opts.skip = list(value());
    else if (flag === '--help' || flag === '-h') {
      console.info(
        `usage: npm test -- [--only=a,b] [--skip=a,b] [-- vitest/playwright args]\nsteps: ${STEPS.map((s) => s.name).join(', ')}`,
      );
      process.exit(0);
    } else {
      throw new Error(`unknown option ${a} (try --help)`);
    }
  }
  return opts;
}

const matches = (step: string, names: string[]) => names.some((n) => step === n || step.split(':')[0] === n);

export async function runSuite(opts: Options): Promise<number> {
  const known = STEPS.flatMap((s) => [s.name, s.name.split(':')[0]!]);
  for (const n of [...(opts.only ?? []), ...(opts.skip ?? [])]) {
    if (!known.includes(n))
      throw new Error(`unknown step '${n}'; steps: ${STEPS.map((s) => s.name).join(', ')}`);
  }
  const selected = STEPS.filter(
    (s) => (!opts.only || matches(s.name, opts.only)) && !matches(s.name, opts.skip ?? []),
  );
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 22) {
    console.warn(
      `Warning: running on Node ${process.versions.node}. Use \`npm test\`, which runs the pinned Node 24 from node_modules/.bin.`,
    );
  }

  const tmp = mkdtempSync(path.join(os.tmpdir(), 'sysfi-test-'));
  const ctx: Ctx = { tmp, runnerArgs: opts.runnerArgs ?? [] };
  const results: Result[] = [];
  const started = performance.now();
  try {
    for (const [i, step] of selected.entries()) {
      console.info(`\n${bold(`━━ [${i + 1}/${selected.length}] ${step.name}`)} ${dim(`— ${step.title}`)}`);
      const why = step.skip?.();
      if (why) {
        console.info(`SKIPPED: ${why}`);
        results.push({ step, skipped: why, ms: 0 });
        continue;
      }
      const t0 = performance.now();
      const outcome = await step.run(ctx);
      const ms = performance.now() - t0;
      results.push({ step, outcome, ms });
      const line = `${step.name} ${outcome.ok ? 'passed' : 'FAILED'} in ${seconds(ms)}${outcome.note ? ` (${outcome.note})` : ''}`;
      console.info(outcome.ok ? green(`✓ ${line}`) : red(`✗ ${line}`));
      if (!outcome.ok) break;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  let passed = 0;
  let failed = 0;
  console.info(`\n${bold('Summary')}`);
  const width = Math.max(...STEPS.map((s) => s.name.length));
  for (const step of selected) {
    const r = results.find((x) => x.step === step);
    const name = step.name.padEnd(width);
    if (!r) {
      console.info(dim(`  - ${name}  not run (an earlier step failed)`));
    } else if (r.skipped) {
      console.info(`  - ${name}  skipped: ${r.skipped}`);
    } else if (r.outcome) {
      const o = r.outcome;
      passed += o.passed;
      // A failing step with no failed test (typecheck, lint, build, a crash) still counts once.
      failed += o.ok ? o.failed : Math.max(1, o.failed);
      const text = `  ${o.ok ? '✓' : '✗'} ${name}  ${seconds(r.ms).padStart(7)}${o.note ? `  ${o.note}` : ''}`;
      console.info(o.ok ? green(text) : red(text));
    }
  }
  const allOk = results.every((r) => r.skipped || r.outcome?.ok) && results.length === selected.length;
  console.info(dim(`  total ${seconds(performance.now() - started)}`));
  console.info(`${passed} passed, ${failed} failed`);
  return allOk ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let opts: Options;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  runSuite(opts).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      console.info('0 passed, 1 failed');
      process.exit(1);
    },
  );
}
