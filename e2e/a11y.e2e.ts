/**
 * Issue 9, accessibility and mobile: every route of ROUTE_ACCESS (plus a 404) is
 * opened signed out and as a builder, a startup and the admin, on a database
 * seeded through the API so pages show real content rather than empty states.
 *
 * - axe-core at 1280×800 and 375×812: no serious or critical violations, on every
 *   route the actor may open and in a few open states (dialogs, the phone menu).
 * - At 375×812 and 768×1024: no page is wider than the viewport, and a full-page
 *   screenshot of each is saved to e2e/screenshots/responsive/ for review.
 *
 * Routes an actor is redirected away from are skipped (e2e/guards.e2e.ts covers
 * redirects). One browser page per actor and size walks the routes inside the
 * running app, without reloads. The seeded world is the worker's (`seeded`
 * below), made once and only read by the tests. After a run,
 * e2e/screenshots/a11y-report.json lists every axe finding, moderate and minor
 * ones too, and any overflow.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { MSG } from '@/shared/messages';
import { type AppPath, decide, ROUTE_ACCESS, type Viewer } from '@/shared/rules/access';
import { applicationContacts, projectApplicationBody } from '../tests/support/payloads';
import {
  axeFindings,
  type Finding,
  formatFindings,
  isSerious,
  offline,
  overflowReport,
  renderLazy,
  settle,
  softNavigate,
} from './support/a11y';
import { apiFetch, createVerifiedUser, getMe, pathOf, type TestUser, uniqueTag } from './support/api';
import { DESKTOP, MOBILE, SCREENSHOT_DIR, TABLET, type Viewport } from './support/browser';
import { test as base, expect } from './support/fixtures';
import type { MailCatcher } from './support/mail';
import type { AppServer } from './support/server';
import type { World } from './support/world';

/** A walk through up to 18 routes on a machine that may be busy. */
const WALK_TIMEOUT = 180_000;
const SHOT_DIR = path.join(SCREENSHOT_DIR, 'responsive');
const NOT_FOUND = '/no-such-page';
const ROUTES = [...(Object.keys(ROUTE_ACCESS) as AppPath[]), NOT_FOUND];

type ActorName = 'signed-out' | 'builder' | 'startup' | 'admin';
const ACTORS: ActorName[] = ['signed-out', 'builder', 'startup', 'admin'];

/**
 * Violations that can only be fixed in a folder another engineer owns right now:
 * tolerated for exactly that rule on that route, and reported. Empty when clean.
 */
const TOLERATED: { rule: string; route: string; owner: string }[] = [];

/** The seeded world's app and mail, for the seeding helpers below (set by the `seeded` fixture). */
let h: { app: AppServer; mail: MailCatcher };
const users = {} as Record<Exclude<ActorName, 'signed-out'>, TestUser>;
const tag = uniqueTag();
let seq = Date.now() * 1000;
const tweetUrl = () => `https://x.com/sysfi_fan/status/${++seq}`;

const all: Finding[] = [];
const overflowFailures: string[] = [];

async function ok(res: Response, status = 200): Promise<Record<string, unknown>> {
  const text = await res.text();
  expect(res.status, `${res.url}: ${text}`).toBe(status);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function cookieHeader(user: TestUser): string {
  return [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

async function multipart(user: TestUser, pathname: string, form: FormData) {
  return fetch(new URL(pathname, h.app.url), {
    method: 'POST',
    body: form,
    headers: { origin: h.app.url, cookie: cookieHeader(user) },
  });
}

async function pngBlob(from: string, to: string, label: string, width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <text x="50%" y="58%" text-anchor="middle" font-family="sans-serif" font-weight="700"
      font-size="${Math.round(height * 0.3)}" fill="#ffffff">${label}</text></svg>`;
  const bytes = await sharp(Buffer.from(svg)).png().toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}

/** A startup applies; the admin approves unless told not to. */
async function startupApplication(user: TestUser, name: string, approve: boolean) {
  const body = await ok(
    await apiFetch(h.app, user, '/api/project-applications', {
      method: 'POST',
      body: JSON.stringify(projectApplicationBody(name, applicationContacts)),
    }),
    201,
  );
  const id = (body.application as { id: string }).id;
  if (approve) {
    await ok(
      await apiFetch(h.app, users.admin, `/api/admin/project-applications/${id}/approve`, {
        method: 'POST',
        body: '{}',
      }),
    );
  }
}

function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function bountyRequest(user: TestUser, title: string, withImage: boolean) {
  const form = new FormData();
  form.set('title', title);
  form.set('description', 'Build a public dashboard of TVL, volume and APY per pool. Open source, MIT.');
  form.set('reward', '750 USDC');
  form.set('deadline', dayFromNow(10));
  form.set('contactInfo', '@liquidity on Telegram');
  form.set('resourceLink', 'https://example.com/brief');
  form.set('criteria', JSON.stringify(['Impact', 'User Experience', 'Creativity']));
  form.set('timeZone', 'UTC');
  if (withImage) form.append('images', await pngBlob('#7c3aed', '#06b6d4', 'TVL', 1200, 800), 'tvl.png');
  const body = await ok(await multipart(user, '/api/bounty-applications', form), 201);
  return (body.application as { id: string }).id;
}

/**
 * A little of everything: an approved startup with a project and a pending grant,
 * a pending startup application, two approved bounties and a pending one, the
 * builder's contributions (one rewarded, one pending), two resources, a profile.
 */
async function seed(world: World) {
  h = { app: world.app, mail: world.mail };
  // One bounty request a day per user: three project users.
  const [admin, builder, startup, otherStartup, p1, p2, p3] = await Promise.all([
    world.admin({ displayName: `Admin ${tag}` }),
    createVerifiedUser(h.app, h.mail, { displayName: `Ada ${tag}` }),
    createVerifiedUser(h.app, h.mail, { role: 'startup', displayName: `Orbit ${tag}` }),
    createVerifiedUser(h.app, h.mail, { role: 'startup', displayName: `Lumen ${tag}` }),
    createVerifiedUser(h.app, h.mail, { role: 'project', displayName: `Pixel ${tag}` }),
    createVerifiedUser(h.app, h.mail, { role: 'project', displayName: `Helix ${tag}` }),
    createVerifiedUser(h.app, h.mail, { role: 'project', displayName: `Comet ${tag}` }),
  ]);
  Object.assign(users, { admin, builder, startup });
  expect((await getMe(h.app, admin)).isAdmin).toBe(true);

  await startupApplication(startup, `Orbit Swap ${tag}`, true);
  await startupApplication(otherStartup!, `Lumen Vaults ${tag}`, false);

  const projectForm = new FormData();
  projectForm.set('title', `Orbit Swap ${tag}`);
  projectForm.set('description', 'A cross-chain DEX with deep liquidity and a fair launch.');
  projectForm.set('website', 'https://example.com');
  projectForm.set('xAccount', '@example');
  projectForm.set('logo', await pngBlob('#22d3ee', '#a78bfa', 'O', 256, 256), 'logo.png');
  projectForm.set('banner', await pngBlob('#7c3aed', '#06b6d4', 'ORBIT', 1200, 600), 'banner.png');
  await ok(await multipart(startup, '/api/projects', projectForm), 201);
  const mine = (await ok(await apiFetch(h.app, startup, '/api/projects?filter=my'))) as {
    projects: { id: string }[];
  };
  await ok(
    await apiFetch(h.app, startup, '/api/grants', {
      method: 'POST',
      body: JSON.stringify({
        projectId: mine.projects[0]!.id,
        amount: 12000,
        currency: 'USDC',
        proposal: 'Ship the v2 router with concentrated liquidity, audited by two firms.',
      }),
    }),
    201,
  );

  const live = await bountyRequest(p1!, `Liquidity dashboard ${tag}`, true);
  const second = await bountyRequest(p2!, `Docs in Spanish ${tag}`, false);
  await bountyRequest(p3!, `Meme contest ${tag}`, false);
  for (const id of [live, second]) {
    await ok(
      await apiFetch(h.app, admin, `/api/admin/bounty-applications/${id}/approve`, {
        method: 'POST',
        body: '{}',
      }),
    );
  }

  const submit = async (title: string) => {
    const body = await ok(
      await apiFetch(h.app, builder, '/api/contributions', {
        method: 'POST',
        body: JSON.stringify({ title, type: 'tweet', link: tweetUrl(), timeZone: 'UTC' }),
      }),
      201,
    );
    return (body.contribution as { id: string }).id;
  };
  const rewarded = await submit(`Why Sysfi's launchpad matters ${tag}`);
  await submit(`A thread on fair launches ${tag}`);
  await ok(
    await apiFetch(h.app, admin, `/api/admin/contributions/${rewarded}/reward`, {
      method: 'POST',
      body: JSON.stringify({ points: 25 }),
    }),
  );

  for (const [title, category] of [
    ['Tokenomics 101', 'Guides'],
    ['Security incident runbook', 'Security'],
  ] as const) {
    await ok(
      await apiFetch(h.app, admin, '/api/admin/resources', {
        method: 'POST',
        body: JSON.stringify({ title, category, link: `https://example.com/${encodeURIComponent(title)}` }),
      }),
      201,
    );
  }

  await ok(
    await apiFetch(h.app, builder, '/api/profile', {
      method: 'PATCH',
      body: JSON.stringify({
        bio: 'Builder and writer. I explain DeFi in plain words.',
        twitterHandle: 'ada_builds',
        githubHandle: 'ada',
        personalWebsite: 'https://example.com',
      }),
    }),
  );
}

/**
 * `seeded`: a world of the worker's own, seeded once for every test in this file
 * (they only read it); the tests' `world` is that one. `pageAs(actor, viewport)`:
 * a page for the actor, X's widget faked and other sites refused.
 */
const test = base.extend<
  { pageAs: (actor: ActorName, viewport: Viewport) => Promise<Page> },
  { seeded: World }
>({
  seeded: [
    async ({ worlds }, use) => {
      const world = await worlds.fresh();
      await seed(world);
      await use(world);
      await world.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  world: async ({ seeded }, use) => use(seeded),
  pageAs: async ({ newPage }, use) => {
    await use(async (actor, viewport) => {
      const page = await newPage({ viewport, as: actor === 'signed-out' ? null : users[actor] });
      await offline(page);
      return page;
    });
  },
});

test.beforeAll(() => {
  // Only this run's pictures: a route that is gone leaves no stale one behind.
  rmSync(SHOT_DIR, { recursive: true, force: true });
  mkdirSync(SHOT_DIR, { recursive: true });
});

test.afterAll(() => {
  writeFileSync(
    path.join(SCREENSHOT_DIR, 'a11y-report.json'),
    `${JSON.stringify({ serious: all.filter(isSerious), other: all.filter((f) => !isSerious(f)), overflow: overflowFailures }, null, 2)}\n`,
  );
});

/** The actor as the shared access rules see them. */
const VIEWERS: Record<ActorName, Viewer> = {
  'signed-out': null,
  builder: { emailVerified: true, role: 'builder', status: 'approved', isAdmin: false },
  startup: { emailVerified: true, role: 'startup', status: 'approved', isAdmin: false },
  admin: { emailVerified: true, role: 'builder', status: 'approved', isAdmin: true },
};

/**
 * The routes the actor may open (redirects are e2e/guards.e2e.ts's business; the
 * page a redirect lands on is checked under its own route) and the 404 page.
 */
function routesFor(actor: ActorName): string[] {
  return ROUTES.filter(
    (r) => r === NOT_FOUND || decide(ROUTE_ACCESS[r as AppPath], VIEWERS[actor]).kind === 'allow',
  );
}

/**
 * Opens the route inside the running app, waits for it to settle there and runs
 * the check. /verified moves on to the dashboard by itself 3 s after it shows, so
 * there a check that finished too late (a busy machine) is run again.
 */
async function visit<T>(page: Page, route: string, check: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await softNavigate(page, route);
    await settle(page);
    let result: { value: T } | undefined;
    if (pathOf(page.url()) === route) result = { value: await check() };
    if (result && pathOf(page.url()) === route) return result.value;
    if (route !== '/verified' || attempt === 3) {
      throw new Error(`${route} went to ${pathOf(page.url())}${route === '/verified' ? ' three times' : ''}`);
    }
  }
}

function tolerated(f: Finding, route: string): boolean {
  return TOLERATED.some((t) => t.rule === f.rule && t.route === route);
}

async function scan(page: Page, route: string, where: string): Promise<Finding[]> {
  const found = await axeFindings(page, where);
  all.push(...found);
  return found.filter((f) => isSerious(f) && !tolerated(f, route));
}

function slug(route: string): string {
  return route === '/' ? 'home' : route.slice(1).replace(/\//g, '_');
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${pathOf(page.url())}: ${e.message}`));
  return errors;
}

test.describe('axe-core: no serious or critical violations', () => {
  for (const actor of ACTORS) {
    test(`every route ${actor} can open, at 1280×800`, async ({ pageAs }) => {
      test.setTimeout(WALK_TIMEOUT);
      const page = await pageAs(actor, DESKTOP);
      const errors = watchErrors(page);
      const violations: Finding[] = [];
      for (const route of routesFor(actor)) {
        violations.push(...(await visit(page, route, () => scan(page, route, `${route} (${actor})`))));
      }
      await page.context().close();
      expect.soft(violations, formatFindings(violations)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  /** Open states the route walk doesn't reach: dialogs, and the phone layout's menu and tab bar. */
  const STATES: {
    actor: Exclude<ActorName, 'signed-out'> | 'signed-out';
    route: AppPath;
    name: string;
    viewport?: Viewport;
    act: (page: Page) => Promise<void>;
  }[] = [
    {
      actor: 'signed-out',
      route: '/',
      name: 'menu open at 375×812',
      viewport: MOBILE,
      act: (p) => p.getByRole('button', { name: 'Open menu' }).click(),
    },
    {
      actor: 'builder',
      route: '/dashboard',
      name: 'menu open and tab bar at 375×812',
      viewport: MOBILE,
      act: async (p) => {
        await p.getByRole('navigation', { name: 'Tab bar' }).waitFor();
        await p.getByRole('button', { name: 'Open menu' }).click();
      },
    },
    {
      actor: 'builder',
      route: '/contribution-hub',
      name: 'contribute form open',
      act: (p) => p.getByRole('button', { name: 'Contribute', exact: true }).click(),
    },
    {
      actor: 'builder',
      route: '/bounties',
      name: 'apply dialog',
      act: (p) => p.getByRole('button', { name: MSG.bounty.applyNow }).first().click(),
    },
    {
      actor: 'startup',
      route: '/grants',
      name: 'apply dialog of a startup without a project',
      act: (p) => p.getByRole('button', { name: MSG.grant.apply }).first().click(),
    },
    {
      actor: 'startup',
      route: '/projects',
      name: 'create project dialog',
      act: (p) =>
        p
          .getByRole('button', { name: /Create Project/i })
          .first()
          .click(),
    },
    {
      actor: 'startup',
      route: '/grants',
      name: 'grant details dialog',
      act: async (p) => {
        await p.getByRole('tab', { name: MSG.grant.mine }).click();
        await p.getByRole('tabpanel').getByRole('button', { name: MSG.grant.viewDetails }).first().click();
      },
    },
    {
      actor: 'admin',
      route: '/admin/project-approvals',
      name: 'reject dialog',
      act: (p) => p.getByRole('button', { name: 'Reject', exact: true }).first().click(),
    },
    {
      actor: 'admin',
      route: '/admin/contribution-hub',
      name: 'review dialog',
      act: (p) => p.getByRole('button', { name: 'Review' }).first().click(),
    },
    {
      actor: 'admin',
      route: '/admin/contribution-hub',
      name: 'review dialog as a bottom sheet at 375×812',
      viewport: MOBILE,
      act: (p) => p.getByRole('button', { name: 'Review' }).first().click(),
    },
  ];

  test('dialogs, forms and the phone menu, open', async ({ pageAs }) => {
    test.setTimeout(WALK_TIMEOUT);
    const violations: Finding[] = [];
    const errors: string[] = [];
    // One page per actor and size, the states walked in turn.
    const groups = new Map<string, (typeof STATES)[number][]>();
    for (const s of STATES) {
      const key = `${s.actor} ${(s.viewport ?? DESKTOP).width}`;
      groups.set(key, [...(groups.get(key) ?? []), s]);
    }
    for (const states of groups.values()) {
      const first = states[0]!;
      const page = await pageAs(first.actor, first.viewport ?? DESKTOP);
      const pageErrors = watchErrors(page);
      for (const s of states) {
        const where = `${s.route} ${s.name} (${s.actor})`;
        try {
          await visit(page, s.route, () => s.act(page));
          if (!s.name.startsWith('menu'))
            await page.getByRole('dialog').or(page.getByRole('form')).first().waitFor();
          await settle(page);
          violations.push(...(await scan(page, s.route, where)));
          await page.keyboard.press('Escape');
        } catch (err) {
          await page.screenshot({
            path: path.join(SCREENSHOT_DIR, `failed-a11y-${slug(s.route)}-${s.actor}.png`),
          });
          throw new Error(`${where}: ${(err as Error).message}`, { cause: err });
        }
      }
      errors.push(...pageErrors);
      await page.context().close();
    }
    expect.soft(violations, formatFindings(violations)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

const LAYOUT_SIZES: { name: string; viewport: Viewport; axe: boolean }[] = [
  { name: '375x812', viewport: MOBILE, axe: true },
  { name: '768x1024', viewport: TABLET, axe: false },
];

test.describe('phone and tablet: no sideways overflow, screenshots saved (and axe on the phone)', () => {
  for (const size of LAYOUT_SIZES) {
    for (const actor of ACTORS) {
      test(`every route ${actor} can open, at ${size.name}${size.axe ? ', axe too' : ''}`, async ({
        pageAs,
      }) => {
        test.setTimeout(WALK_TIMEOUT);
        const page = await pageAs(actor, size.viewport);
        const errors = watchErrors(page);
        const overflow: string[] = [];
        const violations: Finding[] = [];
        for (const route of routesFor(actor)) {
          const where = `${route} (${actor}, ${size.name})`;
          await visit(page, route, async () => {
            // The phone layout has markup of its own: tab bar, menu button, lists for tables.
            if (size.axe) violations.push(...(await scan(page, route, where)));
            const o = await overflowReport(page);
            if (o.excess > 0) overflow.push(`${where} is ${o.excess}px too wide: ${o.culprits.join(', ')}`);
            await renderLazy(page);
            await page.screenshot({
              path: path.join(SHOT_DIR, `${actor}-${slug(route)}-${size.name}.png`),
              fullPage: true,
            });
          });
        }
        overflowFailures.push(...overflow);
        await page.context().close();
        expect.soft(violations, formatFindings(violations)).toEqual([]);
        expect.soft(overflow, overflow.join('\n')).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  }
});
