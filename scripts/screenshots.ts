/**
 * `npm run screenshots`: every route, as every role sees it, at 1280 and 375 px, into
 * ./screenshots/ (git-ignored), with an index.html to flip through them in a minute.
 *
 * It runs what a reviewer would: the built app on a fresh embedded database in a temp
 * DATA_DIR, seeded by `npm run demo`'s own seed (scripts/demo.ts), mail to the outbox.
 * Each actor signs in through the API, then a Chromium page walks the routes the actor
 * may open (the same decide() the app's guards use; a route that would redirect is
 * skipped). A page is pictured once its heading shows, the network is idle, animations
 * are done and images decoded.
 *
 * Actors: a visitor, a new builder who has not verified the e-mail yet, the same
 * builder once verified (first run), an active builder, a pending and an approved
 * startup, a project, and the admin. Options: `--only=<actor,…>`, `--out=<dir>`.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { type AppPath, decide, ROUTE_ACCESS, type Viewer } from '@/shared/rules/access';
import { animationsDone, contextOptions, DESKTOP, imagesLoaded, MOBILE } from '../e2e/support/browser';
import { freePort } from '../e2e/support/server';
import { DEMO_PASSWORD } from './demo';
import { CHROME_ARGS, findChrome } from './find-chrome';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_EMAIL = 'admin@demo.sysfi.local';
const SIZES = [
  { name: '1280', viewport: DESKTOP },
  { name: '375', viewport: MOBILE },
] as const;
const NOT_FOUND = '/no-such-page';

type Actor = {
  name: string;
  title: string;
  /** How the actor gets a session: none (visitor), a sign-in, or a fresh sign-up. */
  session:
    | { kind: 'none' }
    | { kind: 'signIn'; email: string; password: string }
    | { kind: 'signUp'; verify: boolean };
};

const args = new Map(
  process.argv.slice(2).flatMap((a) => {
    const m = /^--([^=]+)=(.*)$/.exec(a);
    return m ? [[m[1]!, m[2]!] as const] : [];
  }),
);
const OUT = path.resolve(ROOT, args.get('out') ?? 'screenshots');
const ONLY = args.get('only')?.split(',');

function actors(adminPassword: string): Actor[] {
  const demo = (email: string) => ({ kind: 'signIn' as const, email, password: DEMO_PASSWORD });
  return [
    { name: 'visitor', title: 'Visitor (signed out)', session: { kind: 'none' } },
    {
      name: 'unverified',
      title: 'New builder, e-mail not verified',
      session: { kind: 'signUp', verify: false },
    },
    { name: 'new-builder', title: 'New builder, first run', session: { kind: 'signUp', verify: true } },
    { name: 'builder', title: 'Active builder (Grace Hash)', session: demo('grace@demo.sysfi.local') },
    {
      name: 'startup-pending',
      title: 'Startup, not yet approved (Sam)',
      session: demo('sam@demo.sysfi.local'),
    },
    {
      name: 'startup-approved',
      title: 'Approved startup (Ada Nakamoto)',
      session: demo('ada@demo.sysfi.local'),
    },
    { name: 'project', title: 'Project (Linus Ledger)', session: demo('linus@demo.sysfi.local') },
    {
      name: 'admin',
      title: 'Admin',
      session: { kind: 'signIn', email: ADMIN_EMAIL, password: adminPassword },
    },
  ].filter((a) => !ONLY || ONLY.includes(a.name)) as Actor[];
}

/** The demo, started on a temp data directory; resolves once healthy. */
async function startDemo(dataDir: string, port: number, adminPassword: string) {
  const url = `http://localhost:${port}`;
  const child = spawn(path.join(ROOT, 'node_modules/.bin/node'), ['--import', 'tsx', 'scripts/demo.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      DEMO_ADMIN_PASSWORD: adminPassword,
      // The walk pictures the admin's screens; turning on a second factor is a journey of its own.
      REQUIRE_STAFF_2FA: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
  });
  let log = '';
  child.stdout.on('data', (b: Buffer) => {
    log += b.toString();
  });
  child.stderr.on('data', (b: Buffer) => {
    log += b.toString();
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the demo exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok && log.includes('Sysfi Labs demo')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the demo was not healthy within 180 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The Cookie header for a jar of name → value. */
const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Cookies from a response, as name → value. */
function cookiesOf(res: Response, into: Map<string, string>) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    into.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
}

async function post(url: string, pathname: string, body: unknown, cookies: Map<string, string>) {
  const res = await fetch(new URL(pathname, url), {
    method: 'POST',
    headers: {
      origin: url,
      'content-type': 'application/json',
      'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      cookie: cookieHeader(cookies),
    },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
  cookiesOf(res, cookies);
  return res;
}

/** The verification link the outbox holds for `email` (quoted-printable undone). */
function verificationLink(dataDir: string, email: string): string | undefined {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return undefined;
  }
  for (const f of files) {
    const text = readFileSync(path.join(dir, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/gi, '=');
    if (!text.toLowerCase().includes(email.toLowerCase())) continue;
    const link = /https?:\/\/[^\s"'<>]*verify[^\s"'<>]*/i.exec(text)?.[0];
    if (link) return link;
  }
  return undefined;
}

async function sessionFor(actor: Actor, url: string, dataDir: string): Promise<Map<string, string>> {
  const cookies = new Map<string, string>();
  const s = actor.session;
  if (s.kind === 'none') return cookies;
  if (s.kind === 'signIn') {
    const res = await post(url, '/api/account/sign-in', { email: s.email, password: s.password }, cookies);
    if (res.status !== 200) throw new Error(`${actor.name}: sign-in ${res.status} ${await res.text()}`);
    return cookies;
  }
  const tag = randomBytes(3).toString('hex');
  const email = `newcomer-${tag}@demo.sysfi.local`;
  const res = await post(
    url,
    '/api/account/sign-up',
    {
      email,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
      displayName: `Noa Newcomer ${tag}`,
      role: 'builder',
      timeZone: 'UTC',
    },
    cookies,
  );
  if (res.status >= 300) throw new Error(`${actor.name}: sign-up ${res.status} ${await res.text()}`);
  if (s.verify) {
    let link: string | undefined;
    for (let i = 0; i < 120 && !link; i++) {
      link = verificationLink(dataDir, email);
      if (!link) await new Promise((r) => setTimeout(r, 250));
    }
    if (!link) throw new Error(`${actor.name}: no verification mail in the outbox`);
    const v = await fetch(link, {
      redirect: 'manual',
      headers: { cookie: cookieHeader(cookies) },
    });
    cookiesOf(v, cookies);
  }
  return cookies;
}

async function viewerOf(url: string, cookies: Map<string, string>): Promise<Viewer> {
  if (cookies.size === 0) return null;
  const res = await fetch(`${url}/api/me`, {
    headers: { cookie: cookieHeader(cookies) },
  });
  if (res.status !== 200) return null;
  const { user } = (await res.json()) as {
    user: { emailVerified: boolean; role: string; status: string; isAdmin: boolean };
  };
  return {
    emailVerified: user.emailVerified,
    role: user.role,
    status: user.status,
    isAdmin: user.isAdmin,
  } as Viewer;
}

/** The routes `viewer` may open, with `:id` filled in where the app has one to show. */
async function routesFor(viewer: Viewer, url: string, cookies: Map<string, string>): Promise<string[]> {
  const out: string[] = [];
  for (const route of Object.keys(ROUTE_ACCESS) as AppPath[]) {
    if (['/reset-password', '/verified', '/end-session'].includes(route)) continue; // reached from a mail link only
    if (decide(ROUTE_ACCESS[route], viewer).kind !== 'allow') continue;
    if (route.includes(':id')) {
      const res = await fetch(`${url}/api/admin/users?limit=5`, {
        headers: { cookie: cookieHeader(cookies) },
      });
      const id = res.ok
        ? ((await res.json()) as { users?: { id: string }[] }).users?.find(Boolean)?.id
        : undefined;
      if (id) out.push(route.replace(':id', id));
      continue;
    }
    out.push(route);
  }
  // The unverified are held on one screen whatever they open.
  if (viewer && !viewer.emailVerified) return ['/dashboard'];
  return [...out, NOT_FOUND];
}

const slug = (route: string) => (route === '/' ? 'home' : route.slice(1).replace(/[^\w-]+/g, '_'));

async function picture(page: Page, route: string, file: string) {
  await page.goto(route);
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle').catch(() => {});
  await imagesLoaded(page);
  await animationsDone(page);
  await page.screenshot({ path: file, fullPage: true });
}

type Shot = { actor: Actor; route: string; files: Record<string, string>; error?: string };

async function walk(browser: Browser, actor: Actor, url: string, dataDir: string): Promise<Shot[]> {
  const cookies = await sessionFor(actor, url, dataDir);
  const viewer = await viewerOf(url, cookies);
  const routes = await routesFor(viewer, url, cookies);
  const shots: Shot[] = routes.map((route) => ({ actor, route, files: {} }));
  for (const size of SIZES) {
    const context: BrowserContext = await browser.newContext({
      ...contextOptions(size.viewport),
      baseURL: url,
    });
    await context.addCookies(
      [...cookies].map(([name, value]) => ({ name, value, url, httpOnly: true, sameSite: 'Lax' as const })),
    );
    // The X widget is a third party this machine cannot reach.
    await context.route('https://platform.twitter.com/**', (r) => r.fulfill({ status: 204, body: '' }));
    const page = await context.newPage();
    const dir = path.join(OUT, actor.name);
    mkdirSync(dir, { recursive: true });
    for (const [i, shot] of shots.entries()) {
      const file = path.join(dir, `${String(i + 1).padStart(2, '0')}-${slug(shot.route)}-${size.name}.png`);
      try {
        await picture(page, shot.route, file);
        shot.files[size.name] = path.relative(OUT, file);
      } catch (err) {
        shot.error = `${size.name} px: ${(err as Error).message.split('\n')[0]}`;
      }
    }
    await context.close();
  }
  console.info(`  ${actor.name}: ${shots.length} routes × ${SIZES.length} sizes`);
  return shots;
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

function indexHtml(shots: Shot[]): string {
  const groups = new Map<string, Shot[]>();
  for (const s of shots) groups.set(s.actor.name, [...(groups.get(s.actor.name) ?? []), s]);
  const sections = [...groups.values()]
    .map((list) => {
      const rows = list
        .map(
          (s) => `<figure><figcaption>${esc(s.route)}${s.error ? ` <b>${esc(s.error)}</b>` : ''}</figcaption>
  <div class="pair">${SIZES.map((z) =>
    s.files[z.name]
      ? `<a href="${s.files[z.name]}"><img loading="lazy" src="${s.files[z.name]}" alt="${esc(`${s.route} at ${z.name} px`)}" class="w${z.name}"></a>`
      : '',
  ).join('')}</div></figure>`,
        )
        .join('\n');
      return `<section id="${list[0]!.actor.name}"><h2>${esc(list[0]!.actor.title)}</h2>\n${rows}</section>`;
    })
    .join('\n');
  const toc = [...groups.values()]
    .map((l) => `<a href="#${l[0]!.actor.name}">${esc(l[0]!.actor.title)}</a>`)
    .join(' · ');
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Sysfi Labs: every route, every role</title>
<style>body{font:14px system-ui;background:#0b0b12;color:#eee;margin:24px}a{color:#8ab4ff}
figure{margin:0 0 28px}figcaption{margin-bottom:6px;font-family:monospace}b{color:#ff8080}
.pair{display:flex;gap:16px;align-items:flex-start}.pair img{border:1px solid #333;max-height:900px;object-fit:cover;object-position:top}
.w1280{width:640px}.w375{width:188px}h2{margin-top:40px}</style>
<h1>Every route, every role</h1><p>1280 px (left) and 375 px (right), full page; click for the full size. ${toc}</p>
${sections}</html>`;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sysfi-shots-'));
  const adminPassword = randomBytes(9).toString('base64url');
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  console.info(`Starting the demo on a fresh database (${dataDir})…`);
  const demo = await startDemo(dataDir, await freePort(), adminPassword);
  const browser = await chromium.launch({ executablePath: await findChrome(), args: CHROME_ARGS });
  const shots: Shot[] = [];
  try {
    for (const actor of actors(adminPassword)) shots.push(...(await walk(browser, actor, demo.url, dataDir)));
  } finally {
    await browser.close();
    await demo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  writeFileSync(path.join(OUT, 'index.html'), indexHtml(shots));
  const failed = shots.filter((s) => s.error);
  const pictures = shots.reduce((n, s) => n + Object.keys(s.files).length, 0);
  console.info(
    `\n${pictures} screenshots in ${path.relative(ROOT, OUT)}/ — open ${path.relative(ROOT, path.join(OUT, 'index.html'))}`,
  );
  for (const f of failed) console.error(`  not pictured: ${f.actor.name} ${f.route}: ${f.error}`);
  process.exit(failed.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
