/**
 * Finds a Chromium for the end-to-end tests, installing one when none exists.
 * Order: CHROME_PATH, /usr/bin/chromium, /usr/bin/chromium-browser, a Chromium
 * Playwright downloaded earlier. With none of them it installs Debian's package
 * (as root on Debian/Ubuntu) and says so; elsewhere it stops with instructions.
 * It never downloads Playwright's own build: the tests run on the system's
 * Chromium through `executablePath` (playwright.config.ts), and the browser tests
 * are never skipped silently.
 *
 * Run it alone to see what it picks: `npx tsx scripts/find-chrome.ts`.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Flags every launch uses: headless, no sandbox (root in containers), nothing phoning home. */
export const CHROME_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A Chromium that Playwright downloaded on this machine before, if any (never downloads one). */
function playwrightChromium(): string | undefined {
  try {
    const { chromium } = createRequire(import.meta.url)(
      'playwright-core',
    ) as typeof import('playwright-core');
    const file = chromium.executablePath();
    return file && isExecutable(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Where a browser already is, or undefined. Never installs. Throws for a CHROME_PATH that is no executable. */
export function locateChromeSync(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = env.CHROME_PATH?.trim();
  if (fromEnv) {
    if (!isExecutable(fromEnv)) {
      throw new Error(`CHROME_PATH=${fromEnv} is not an executable file. Fix it or unset it.`);
    }
    return fromEnv;
  }
  for (const file of SYSTEM_PATHS) if (isExecutable(file)) return file;
  return playwrightChromium();
}

/** locateChromeSync, as a promise. */
export async function locateChrome(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  return locateChromeSync(env);
}

function run(cmd: string, args: string[]): boolean {
  console.info(`  $ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    cwd: ROOT,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return r.status === 0;
}

/** apt lists are empty on a fresh container: only then is `apt-get update` needed before installing. */
function aptListsEmpty(): boolean {
  try {
    return !readdirSync('/var/lib/apt/lists').some(
      (f) => f.endsWith('_Packages') || f.endsWith('_Packages.lz4'),
    );
  } catch {
    return true;
  }
}

function installWithApt(): void {
  console.info('No Chromium found: installing Debian\'s "chromium" package with apt-get (running as root).');
  if (aptListsEmpty() && !run('apt-get', ['update'])) throw new Error('apt-get update failed');
  if (!run('apt-get', ['install', '-y', 'chromium'])) {
    // Stale lists can name package versions the mirror no longer has: refresh once and retry.
    console.info('apt-get install failed; refreshing the package lists and trying again.');
    if (!run('apt-get', ['update']) || !run('apt-get', ['install', '-y', 'chromium'])) {
      throw new Error('apt-get install -y chromium failed');
    }
  }
}

/** The path of a Chromium to launch; installs one if needed. Throws (never skips) when that fails. */
export async function findChrome(): Promise<string> {
  const found = await locateChrome();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/etc/debian_version')) installWithApt();
  else {
    throw new Error(
      'No Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH to a Chromium or Chrome executable.',
    );
  }
  const installed = await locateChrome();
  if (!installed) {
    throw new Error(
      'Chromium is still missing after installing it. Install one yourself and set CHROME_PATH to its executable.',
    );
  }
  console.info(`Chromium installed: ${installed}`);
  return installed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  findChrome().then(
    (file) => console.info(file),
    (err) => {
      console.error(String(err instanceof Error ? err.message : err));
      process.exit(1);
    },
  );
}
