/**
 * Hardening: "XSS strings in every text field rendered on every page: refused or inert".
 *
 * The real actors (a builder, approved/pending/rejected startups, a project user
 * and the admin) put classic XSS payloads, each behind a unique marker, into every
 * user-supplied text field through the real HTTP API: display names, profile bio
 * and website, project applications, projects (title, description, tags, links,
 * even an upload's file name), bounty requests and the admin's messages on them,
 * bounty applications, grant proposals and the admin's messages, contributions and
 * rejection reasons, resources. Link fields get http(s) URLs carrying the payload
 * in their path and query; `javascript:`/`data:` links, handles and fixed lists
 * are refused by the API with the spec's message (asserted below). Display names
 * accept these characters (the rules refuse only hidden ones), so they carry
 * payloads too and are checked where pages show them.
 *
 * Then Chromium opens every page that renders those fields, as the actor who sees
 * them, and on each page asserts:
 * - nothing ran: `window.__xss` was never assigned (a setter records any attempt,
 *   from the page or an iframe), no dialog opened, no CSP violation was reported;
 * - nothing was injected: no inline event-handler attribute, `img[src=x]`, iframe,
 *   `srcdoc`, script mentioning `__xss`, or `javascript:`/`data:` URL in the DOM
 *   (the CSP would stop most of these from running, so the DOM is checked too);
 * - the payload is shown literally: the marker is visible and the page's text
 *   contains the whole payload, `<img …>` and all;
 * - every link built from a stored URL points at http(s).
 *
 * The bounty application pitch and link are checked through the API only: no page
 * shows them (GET /api/bounties/{id}/applicants has no screen yet). There is no
 * public profile, project or bounty details page either: cards and dialogs are
 * the details, and they are covered. Signed out, query strings the app reads
 * (?ref=, ?error=, ?next=) get the payloads as well.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { MSG } from '@/shared/messages';
import { projectApplicationBody } from '../tests/support/payloads';
import { nextPaint, offline, settle, softNavigate } from './support/a11y';
import { apiFetch, createVerifiedUser, getMe, pathOf, type TestUser } from './support/api';
import { imagesLoaded, SCREENSHOT_DIR } from './support/browser';
import { test as base, expect } from './support/fixtures';
import type { MailCatcher } from './support/mail';
import type { AppServer } from './support/server';
import type { World } from './support/world';

const WALK_TIMEOUT = 180_000;

/** The classic payloads; each would set window.__xss (or open a dialog) if it ever ran. */
const PAYLOADS = {
  img: '<img src=x onerror="window.__xss=1">',
  script: '<script>window.__xss=1</script>',
  svg: '"><svg onload=window.__xss=1>',
  template: "{{constructor.constructor('window.__xss=1')()}}",
  iframe: '</textarea><iframe srcdoc="<script>parent.__xss=1</script>">',
  js: 'javascript:window.__xss=1',
} as const;
const ALL_PAYLOADS = Object.values(PAYLOADS).join(' ');

/**
 * A hostile value: a unique marker (xq01q, xq02q, …) so the page can be searched
 * for it, and the payload. `link` values are http(s) URLs whose visible part is
 * the marker; only their href is checked.
 */
type Field = { marker: string; value: string; link: boolean };
let counter = 0;
const nextMarker = () => `xq${String(++counter).padStart(2, '0')}q`;
function field(payload: string, opts: { sep?: string } = {}): Field {
  const marker = nextMarker();
  return { marker, value: `${marker}${opts.sep ?? ' '}${payload}`, link: false };
}
/** A working `javascript:` URL in a free-text field; the marker is behind a `//` comment. */
function scriptUrl(): Field {
  const marker = nextMarker();
  return { marker, value: `${PAYLOADS.js}//${marker}`, link: false };
}
function link(base: string, suffix = '?q="><svg onload=window.__xss=1>'): Field {
  const marker = nextMarker();
  return { marker, value: `${base}/${marker}${suffix}`, link: true };
}

const F = {
  // Display names (40 characters at most): any character is allowed, and shown as text.
  builderName: field('<img src=x onerror=window.__xss=1>'),
  adminName: field('<svg onload=window.__xss=1>'),
  startupName: field('"><script>__xss=1</script>'),
  pendingStartupName: field('<iframe src=javascript:__xss=1>'),
  rejectedStartupName: field('<a href=javascript:__xss=1>x</a>'),
  projectUserName: field('<img src=x onerror=alert(1)>'),
  // Profile.
  bio: field(ALL_PAYLOADS),
  website: link('https://example.com'),
  // Project applications: approved (startup), pending (admin's queue), rejected with a reason.
  appName: field(PAYLOADS.img),
  pendingAppName: field(PAYLOADS.svg),
  pendingAppGoals: field(ALL_PAYLOADS),
  // Free text, shown as text because it is no http(s) URL.
  pendingAppX: scriptUrl(),
  pendingAppTelegram: field(PAYLOADS.script),
  pendingAppWebsite: link('https://example.com'),
  pendingAppGithub: link('https://github.com'),
  pendingAppWhitepaper: link('https://example.com/paper', '?"><img src=x onerror=window.__xss=1>'),
  pendingAppTeam1: link('https://example.com/alice'),
  pendingAppTeam2: link('https://example.com/bob'),
  rejectedAppName: field(PAYLOADS.template),
  rejectReason: field(ALL_PAYLOADS),
  // Project.
  projectTitle: field(PAYLOADS.img),
  projectDescription: field(ALL_PAYLOADS),
  tagSvg: field('<svg onload=__xss=1>'),
  tagImg: field('<img src=x onerror=__xss=1>', { sep: '' }),
  projectWebsite: link('https://example.com'),
  projectGithub: link('https://github.com'),
  // Becomes no link at all (neither an http(s) URL nor a handle); no page shows it as text.
  projectX: scriptUrl(),
  // Bounty requests: one approved and one rejected, both with the admin's message.
  bountyTitle: field(PAYLOADS.script),
  bountyDescription: field(ALL_PAYLOADS),
  bountyReward: field('<img src=x onerror=window.__xss=1>'),
  bountyContact: field(PAYLOADS.svg),
  bountyLink: link('https://example.com/brief'),
  bountyApproveMessage: field(ALL_PAYLOADS),
  rejectedBountyTitle: field(PAYLOADS.iframe),
  rejectedBountyReward: field('<svg onload=window.__xss=1>'),
  bountyRejectMessage: field(ALL_PAYLOADS),
  // Bounty application (API only).
  pitch: field(ALL_PAYLOADS),
  pitchLink: link('https://example.com/pitch'),
  // Grants: approved and declined with messages, and one pending.
  grantApproved: field(`We will ship the router. ${ALL_PAYLOADS}`),
  grantApproveMessage: field(ALL_PAYLOADS),
  grantDeclined: field(`We will audit everything. ${ALL_PAYLOADS}`),
  grantDeclineMessage: field(ALL_PAYLOADS),
  grantPending: field(`We will grow the community. ${ALL_PAYLOADS}`),
  // Contributions: rewarded, rejected with a reason, and two pending.
  contribRewarded: field(PAYLOADS.img),
  contribRewardedLink: link('https://x.com', '/status/1001?ref="><svg onload=window.__xss=1>'),
  contribRejected: field(PAYLOADS.script),
  contribReason: field(ALL_PAYLOADS),
  contribPendingLink: field(PAYLOADS.template),
  contribPendingLinkUrl: link('https://example.com/post', '/"><img src=x onerror=window.__xss=1>'),
  contribPendingTweet: field(PAYLOADS.iframe),
  startupContrib: field(PAYLOADS.svg),
  // Resources.
  // Titles are 200 characters at most.
  resourceTitle: field(`${PAYLOADS.img} ${PAYLOADS.script} ${PAYLOADS.template}`),
  resourceCategory: field('<svg onload=window.__xss=1>'),
  resourceLink: link('https://example.com/res'),
} satisfies Record<string, Field>;

/**
 * The seeded world's app and mail (set by the `seeded` fixture below, once per
 * worker, before any test here runs): the seeding helpers and the API checks use it.
 */
let h: { app: AppServer; mail: MailCatcher };
type Actor = 'builder' | 'admin' | 'startup' | 'pendingStartup' | 'rejectedStartup' | 'projectUser';
const users = {} as Record<Actor, TestUser>;
let bountyId = '';
let projectId = '';
let pendingGrantId = '';

async function ok(res: Response, status = 200): Promise<Record<string, unknown>> {
  const text = await res.text();
  expect(res.status, `${res.url}: ${text}`).toBe(status);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function refused(res: Response, message: string) {
  const text = await res.text();
  expect(res.status, `${res.url} should refuse: ${text}`).toBe(400);
  expect((JSON.parse(text) as { error: { message: string } }).error.message).toBe(message);
}

const post = (user: TestUser, path: string, body: unknown) =>
  apiFetch(h.app, user, path, { method: 'POST', body: JSON.stringify(body) });

function multipart(user: TestUser, path: string, form: FormData) {
  return fetch(new URL(path, h.app.url), {
    method: 'POST',
    body: form,
    headers: { origin: h.app.url, cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
}

const application = projectApplicationBody;

function bountyRequest(over: Record<string, unknown>) {
  return {
    title: 'Liquidity dashboard',
    description: 'Build a public dashboard of TVL.',
    reward: '750 USDC',
    deadline: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    contactInfo: '@liquidity on Telegram',
    criteria: ['Impact', 'User Experience'],
    timeZone: 'UTC',
    ...over,
  };
}

const tweet = (id: number) => `https://x.com/sysfi_fan/status/${id}`;

async function seed(world: World) {
  h = { app: world.app, mail: world.mail };
  const [admin, builder, startup, pendingStartup, rejectedStartup, projectUser] = await Promise.all([
    world.admin({ displayName: F.adminName.value }),
    createVerifiedUser(h.app, h.mail, { displayName: F.builderName.value }),
    createVerifiedUser(h.app, h.mail, { role: 'startup', displayName: F.startupName.value }),
    createVerifiedUser(h.app, h.mail, { role: 'startup', displayName: F.pendingStartupName.value }),
    createVerifiedUser(h.app, h.mail, { role: 'startup', displayName: F.rejectedStartupName.value }),
    createVerifiedUser(h.app, h.mail, { role: 'project', displayName: F.projectUserName.value }),
  ]);
  Object.assign(users, { admin, builder, startup, pendingStartup, rejectedStartup, projectUser });
  const me = await getMe(h.app, builder);
  // Display names are text: stored exactly as typed.
  expect(me.displayName).toBe(F.builderName.value);
  expect((await getMe(h.app, admin)).isAdmin).toBe(true);

  // Profile.
  await ok(
    await apiFetch(h.app, builder, '/api/profile', {
      method: 'PATCH',
      body: JSON.stringify({ bio: F.bio.value, personalWebsite: F.website.value }),
    }),
  );

  // Project applications: approved, pending, rejected with a reason.
  const decideApp = async (
    user: TestUser,
    body: Record<string, unknown>,
    action?: string,
    reason?: string,
  ) => {
    const res = await ok(await post(user, '/api/project-applications', body), 201);
    const id = (res.application as { id: string }).id;
    if (action) {
      await ok(
        await post(admin, `/api/admin/project-applications/${id}/${action}`, reason ? { reason } : {}),
      );
    }
  };
  await Promise.all([
    decideApp(startup, application(F.appName.value), 'approve'),
    decideApp(
      pendingStartup,
      application(F.pendingAppName.value, {
        goals: F.pendingAppGoals.value,
        xAccount: F.pendingAppX.value,
        telegram: F.pendingAppTelegram.value,
        website: F.pendingAppWebsite.value,
        github: F.pendingAppGithub.value,
        whitepaper: F.pendingAppWhitepaper.value,
        teamMembers: [F.pendingAppTeam1.value, F.pendingAppTeam2.value],
      }),
    ),
    decideApp(rejectedStartup, application(F.rejectedAppName.value), 'reject', F.rejectReason.value),
  ]);

  // The approved startup's project, with a logo whose file name is a payload too.
  const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('title', F.projectTitle.value);
  form.set('description', F.projectDescription.value);
  form.set('website', F.projectWebsite.value);
  form.set('githubUrl', F.projectGithub.value);
  form.set('xAccount', F.projectX.value);
  form.set('tags', `${F.tagSvg.value},${F.tagImg.value}`);
  form.set(
    'logo',
    new Blob([new Uint8Array(logo)], { type: 'image/png' }),
    '"><img src=x onerror=window.__xss=1>.png',
  );
  const project = await ok(await multipart(startup, '/api/projects', form), 201);
  projectId = (project.project as { id: string }).id;
  expect((project.project as { tags: string[] }).tags).toEqual([F.tagSvg.value, F.tagImg.value]);

  // Grants: approved with a message, declined with a message, then one pending.
  const grant = async (proposal: string) => {
    const res = await ok(
      await post(startup, '/api/grants', { projectId, amount: 1500, currency: 'USDC', proposal }),
      201,
    );
    return (res.grant as { id: string }).id;
  };
  const approved = await grant(F.grantApproved.value);
  await ok(
    await post(admin, `/api/admin/grants/${approved}/approve`, { message: F.grantApproveMessage.value }),
  );
  const declined = await grant(F.grantDeclined.value);
  await ok(
    await post(admin, `/api/admin/grants/${declined}/decline`, { message: F.grantDeclineMessage.value }),
  );
  pendingGrantId = await grant(F.grantPending.value);

  // Bounty requests (one a day per user): approved with a message, rejected with one.
  const request = async (user: TestUser, body: Record<string, unknown>) => {
    const res = await ok(await post(user, '/api/bounty-applications', bountyRequest(body)), 201);
    return (res.application as { id: string }).id;
  };
  const live = await request(startup, {
    title: F.bountyTitle.value,
    description: F.bountyDescription.value,
    reward: F.bountyReward.value,
    contactInfo: F.bountyContact.value,
    resourceLink: F.bountyLink.value,
  });
  const approvedBounty = await ok(
    await post(admin, `/api/admin/bounty-applications/${live}/approve`, {
      message: F.bountyApproveMessage.value,
    }),
  );
  bountyId = (approvedBounty.application as { bountyId: string }).bountyId;
  const rejected = await request(projectUser, {
    title: F.rejectedBountyTitle.value,
    reward: F.rejectedBountyReward.value,
  });
  await ok(
    await post(admin, `/api/admin/bounty-applications/${rejected}/reject`, {
      message: F.bountyRejectMessage.value,
    }),
  );

  // The builder applies to the live bounty.
  await ok(
    await post(builder, `/api/bounties/${bountyId}/apply`, { pitch: F.pitch.value, link: F.pitchLink.value }),
    201,
  );

  // Contributions: rewarded, rejected with a reason, two pending (a link and a tweet).
  const contribute = async (user: TestUser, body: Record<string, unknown>) => {
    const res = await ok(
      await post(user, '/api/contributions', { type: 'tweet', timeZone: 'UTC', ...body }),
      201,
    );
    return (res.contribution as { id: string }).id;
  };
  const rewarded = await contribute(builder, {
    title: F.contribRewarded.value,
    link: F.contribRewardedLink.value,
  });
  const rejectedContrib = await contribute(builder, { title: F.contribRejected.value, link: tweet(2002) });
  await contribute(builder, {
    title: F.contribPendingLink.value,
    type: 'link',
    link: F.contribPendingLinkUrl.value,
  });
  await contribute(builder, { title: F.contribPendingTweet.value, link: tweet(3003) });
  const startupContrib = await contribute(startup, { title: F.startupContrib.value, link: tweet(4004) });
  await ok(await post(admin, `/api/admin/contributions/${rewarded}/reward`, { points: 25 }));
  await ok(await post(admin, `/api/admin/contributions/${startupContrib}/reward`, { points: 10 }));
  await ok(
    await post(admin, `/api/admin/contributions/${rejectedContrib}/reject`, {
      reason: F.contribReason.value,
    }),
  );

  // Resources.
  await ok(
    await post(admin, '/api/admin/resources', {
      title: F.resourceTitle.value,
      category: F.resourceCategory.value,
      link: F.resourceLink.value,
    }),
    201,
  );
}

type Watched = { page: Page; problems: string[] };

/**
 * `seeded`: a world of the worker's own, seeded once for every test in this file
 * (they only read it); the tests' `world` is that one. `open(actor)`: a watched
 * page for the actor (or signed out).
 */
const test = base.extend<{ open: (actor: Actor | null) => Promise<Watched> }, { seeded: World }>({
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
  open: async ({ app, newPage }, use) => {
    await use(async (actor) => {
      const page = await newPage({ as: actor ? users[actor] : null });
      await offline(page);
      await page.addInitScript(TRAP);
      const problems: string[] = [];
      page.on('dialog', (d) => {
        problems.push(`${pathOf(page.url())}: a ${d.type()} dialog opened: ${d.message()}`);
        void d.dismiss().catch(() => {});
      });
      page.on('pageerror', (e) => problems.push(`${pathOf(page.url())}: page error: ${e.message}`));
      // Says so when a page chunk is gone: the client was rebuilt while this ran (another build racing).
      page.on('response', (r) => {
        if (r.status() >= 400 && r.url().startsWith(`${app.url}/assets/`))
          problems.push(`${r.url()} answered ${r.status()} (was dist/client rebuilt during the run?)`);
      });
      return { page, problems };
    });
  },
});

test.describe('the API refuses what cannot be made safe, with the spec’s message', () => {
  test('script links, handles, fixed lists and currencies are refused', async () => {
    const { builder, startup, pendingStartup, admin } = users;
    const patch = (body: unknown) =>
      apiFetch(h.app, builder, '/api/profile', { method: 'PATCH', body: JSON.stringify(body) });
    await refused(await patch({ personalWebsite: PAYLOADS.js }), 'Website must be an http(s) URL.');
    await refused(
      await patch({ personalWebsite: 'data:text/html,<script>window.__xss=1</script>' }),
      'Website must be an http(s) URL.',
    );
    await refused(
      await patch({ twitterHandle: PAYLOADS.img }),
      'Twitter handle must be 1–15 letters, digits or _ (no URL).',
    );
    await refused(
      await patch({ githubHandle: PAYLOADS.svg }),
      'GitHub handle must be a GitHub username (no URL).',
    );

    // pendingStartup has a pending application: validation answers before the "one at a time" rule.
    for (const over of [{ website: PAYLOADS.js }, { teamMembers: [PAYLOADS.js, 'https://example.com/b'] }]) {
      await refused(
        await post(pendingStartup, '/api/project-applications', application('Hostile', over)),
        MSG.projectApplication.invalidUrl,
      );
    }

    for (const [key, value] of [
      ['website', PAYLOADS.js],
      ['githubUrl', 'JaVaScRiPt:window.__xss=1'],
    ] as const) {
      const form = new FormData();
      form.set('title', 'Hostile');
      form.set('description', 'Hostile');
      form.set('xAccount', '@example');
      form.set('website', 'https://example.com');
      form.set(key, value);
      await refused(await multipart(startup, '/api/projects', form), MSG.project.invalidUrl);
    }

    await refused(
      await post(builder, '/api/grants', {
        projectId,
        amount: 10,
        currency: PAYLOADS.img,
        proposal: 'x'.repeat(60),
      }),
      MSG.grant.currencyInvalid,
    );
    await refused(
      await apiFetch(h.app, startup, `/api/grants/${pendingGrantId}`, {
        method: 'PATCH',
        body: JSON.stringify({ currency: PAYLOADS.svg }),
      }),
      MSG.grant.currencyInvalid,
    );

    await refused(
      await post(startup, '/api/bounty-applications', bountyRequest({ resourceLink: PAYLOADS.js })),
      MSG.bounty.resourceLink,
    );
    await refused(
      await post(startup, '/api/bounty-applications', bountyRequest({ criteria: ['Impact', PAYLOADS.img] })),
      MSG.bounty.criteria,
    );
    await refused(
      await post(startup, `/api/bounties/${bountyId}/apply`, { pitch: 'Me', link: PAYLOADS.js }),
      MSG.bounty.applyLink,
    );

    const contribute = (body: Record<string, unknown>) =>
      post(builder, '/api/contributions', { title: 'Hostile', timeZone: 'UTC', ...body });
    await refused(await contribute({ type: 'tweet', link: PAYLOADS.js }), MSG.contribution.invalidTweet);
    await refused(
      await contribute({ type: 'tweet', link: 'javascript://x.com/a/status/1%0awindow.__xss=1' }),
      MSG.contribution.invalidTweet,
    );
    await refused(await contribute({ type: 'link', link: PAYLOADS.js }), MSG.contribution.needLinkOrFile);

    for (const bad of [PAYLOADS.js, 'data:text/html,<script>window.__xss=1</script>']) {
      await refused(
        await post(admin, '/api/admin/resources', { title: 'Hostile', category: 'Guides', link: bad }),
        MSG.resource.invalidLink,
      );
    }
  });

  test('the bounty application is stored as text (no page shows it)', async () => {
    const res = await ok(await apiFetch(h.app, users.startup, `/api/bounties/${bountyId}/applicants`));
    const [a] = (res as { applicants: { pitch: string; link: string; displayName: string }[] }).applicants;
    expect(a).toMatchObject({
      pitch: F.pitch.value,
      link: F.pitchLink.value,
      displayName: F.builderName.value,
    });
  });
});

// ---------------------------------------------------------------------------
// The browser side.

/** Installed before any page script: records every attempt to set window.__xss, and CSP reports. */
const TRAP = `(() => {
  const hits = [];
  Object.defineProperty(window, '__xssHits', { value: hits });
  Object.defineProperty(window, '__xss', {
    configurable: false,
    get() { return undefined; },
    set(v) { hits.push('window.__xss = ' + String(v) + ' at ' + location.pathname); },
  });
  document.addEventListener('securitypolicyviolation', (e) => {
    // zod probes once whether eval is allowed (new Function("")) and falls back when it is not:
    // that probe is the app's own and carries no payload. Any other violation is a finding.
    if (e.blockedURI === 'eval' && !(e.sample || '').includes('__xss')) return;
    hits.push('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || '') + ' ' + (e.sample || ''));
  });
})();`;

async function go(w: Watched, route: string) {
  await softNavigate(w.page, route);
  await w.page.waitForURL((u) => u.pathname + u.search === route);
  await settle(w.page);
}

/** What the page's DOM says about injection (runs in the page). */
function domReport(): { injected: string[]; hrefs: string[]; text: string } {
  const injected: string[] = [];
  const snippet = (el: Element) => el.outerHTML.slice(0, 160);
  const URL_ATTRS = new Set([
    'href',
    'src',
    'action',
    'formaction',
    'xlink:href',
    'data',
    'poster',
    'background',
  ]);
  for (const el of document.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    for (const a of el.attributes) {
      const name = a.name.toLowerCase();
      // React never renders inline handlers: any on* attribute came from markup in data.
      if (name.startsWith('on')) injected.push(`inline handler ${name}: ${snippet(el)}`);
      if (name === 'srcdoc') injected.push(`srcdoc: ${snippet(el)}`);
      if (URL_ATTRS.has(name)) {
        // Browsers ignore tabs and newlines inside a scheme ("java\tscript:").
        const v = a.value.replace(/[\s\p{Cc}]+/gu, '').toLowerCase();
        const dataImage = tag === 'img' && name === 'src' && v.startsWith('data:image/');
        if (v.startsWith('javascript:') || v.startsWith('vbscript:') || (v.startsWith('data:') && !dataImage))
          injected.push(`${name}=${a.value}: ${snippet(el)}`);
      }
    }
    if (tag === 'img' && el.getAttribute('src') === 'x') injected.push(`img src=x: ${snippet(el)}`);
    if (tag === 'iframe' || tag === 'frame' || tag === 'object' || tag === 'embed')
      injected.push(`${tag}: ${snippet(el)}`);
    if (tag === 'script' && (el.textContent ?? '').includes('__xss')) injected.push(`script: ${snippet(el)}`);
  }
  const hrefs = [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '');
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (what a user sees).
  return { injected, hrefs, text: document.body.innerText };
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The checks of one page state: nothing ran, nothing was injected, each field is
 * visible and shown literally, and every link built from a field is http(s).
 */
/** Opens every compact queue row (issue 20) so its details are on screen to check. */
async function expandRows(page: Page) {
  const closed = page.getByTestId('queue-row').locator('h2 > button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
}

async function check(w: Watched, where: string, fields: Field[], { screenshot = true } = {}) {
  const { page } = w;
  // The first field is on screen once the page has drawn its list; then the rows open.
  const first = fields[0];
  if (first && !first.link)
    await page
      .getByText(first.marker)
      .filter({ visible: true })
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => {});
  await expandRows(page);
  const problems: string[] = [];
  for (const f of fields) {
    const shown = f.link
      ? page.locator(`a[href*="${f.marker}"]`).first().waitFor({ state: 'attached', timeout: 10_000 })
      : page.getByText(f.marker).filter({ visible: true }).first().waitFor({ timeout: 10_000 });
    await shown.catch(() =>
      problems.push(`${f.marker} (${f.value}) is not ${f.link ? 'a link' : 'visible'}`),
    );
  }
  // Any onerror/onload that an injected image would fire has fired: every image has loaded or failed.
  await imagesLoaded(page);
  await nextPaint(page);
  const report = await page.evaluate(domReport);
  const hits = await page.evaluate(() => [
    ...((window as unknown as { __xssHits: string[] }).__xssHits ?? []),
    ...((window as unknown as { __xss?: unknown }).__xss === undefined ? [] : ['window.__xss is set']),
  ]);
  problems.push(...hits, ...report.injected);
  const text = squash(report.text);
  for (const f of fields) {
    if (f.link) {
      const hrefs = report.hrefs.filter((href) => href.includes(f.marker));
      if (hrefs.length === 0) problems.push(`no link for ${f.marker}`);
      for (const href of hrefs) {
        if (!/^https?:\/\//.test(href)) problems.push(`link for ${f.marker} is not http(s): ${href}`);
        // The whole stored URL, quotes and brackets included, stayed inside the attribute.
        if (href !== f.value) problems.push(`link for ${f.marker} is ${href}, stored ${f.value}`);
      }
    } else if (!text.includes(squash(f.value))) {
      const at = text.indexOf(f.marker);
      problems.push(
        `${f.marker} is not shown literally: expected "${f.value}", page has "${at < 0 ? '(nothing)' : text.slice(at, at + f.value.length + 20)}"`,
      );
    }
  }
  for (const href of report.hrefs) {
    if (!/^(https?:\/\/|\/(?!\/)|#)/.test(href)) problems.push(`unsafe href: ${href}`);
  }
  w.problems.push(...problems.map((p) => `${where}: ${p}`));
  if (problems.length > 0 && screenshot) {
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `failed-xss-${where.replace(/[^\w-]+/g, '_')}.png`),
    });
  }
}

async function finish(w: Watched) {
  await w.page.context().close();
  expect(w.problems, w.problems.join('\n')).toEqual([]);
}

/** The article (card) whose text contains the marker. */
const card = (page: Page, f: Field) => page.getByRole('article').filter({ hasText: f.marker });

test.describe('hostile text is inert and shown literally on every page', () => {
  test('self-test: the checks do see markup injected into a page, even where the CSP stops it running', async ({
    open,
  }) => {
    const w = await open(null);
    await w.page.goto('/');
    await settle(w.page);
    await w.page.evaluate(
      // Outside React's root, so no re-render removes it before the checks look.
      (html) => document.body.insertAdjacentHTML('beforeend', `<div>${html}</div>`),
      `${ALL_PAYLOADS} <a href="java\tscript:window.__xss=1">x</a>`,
    );
    await w.page.evaluate(() => {
      (window as unknown as { __xss: number }).__xss = 1;
    });
    await check(w, '/', [], { screenshot: false });
    await w.page.context().close();
    const found = w.problems.join('\n');
    for (const expected of [
      'window.__xss = 1',
      'CSP violation',
      'inline handler onerror',
      'inline handler onload',
      'img src=x',
      'srcdoc',
      'iframe',
      'href=java\tscript:',
      'unsafe href',
    ]) {
      expect(found, found).toContain(expected);
    }
  });

  test('signed out: public pages and reflected query strings', async ({ open }) => {
    test.setTimeout(WALK_TIMEOUT);
    const w = await open(null);
    const q = encodeURIComponent(ALL_PAYLOADS);
    for (const route of ['/', '/docs', `/signup?ref=${q}`, `/verified?error=${q}`, `/login?next=${q}`]) {
      await w.page.goto(route);
      await settle(w.page);
      await check(w, route, []);
    }
    await finish(w);
  });

  test('builder: dashboard, profile, contribution hub, bounties, projects, grants, resources', async ({
    open,
  }) => {
    test.setTimeout(WALK_TIMEOUT);
    const w = await open('builder');
    const { page } = w;
    await go(w, '/dashboard');
    // The leaderboard, and the three newest of each kind of recent activity.
    await check(w, '/dashboard', [
      F.builderName,
      F.startupName,
      F.contribRejected,
      F.contribPendingLink,
      F.contribPendingTweet,
      F.bountyTitle,
    ]);

    await go(w, '/profile');
    await check(w, '/profile', [F.builderName, F.bio, F.website]);
    await page.getByRole('button', { name: MSG.profile.editProfile }).click();
    // The bio's </textarea> stays inside the textarea's value.
    await expect.poll(() => page.getByLabel('Bio').inputValue()).toBe(F.bio.value);
    await expect.poll(() => page.getByLabel('Personal website').inputValue()).toBe(F.website.value);
    await check(w, '/profile (editing)', [F.builderName]);

    await go(w, '/contribution-hub');
    await check(w, '/contribution-hub', [
      F.contribRewarded,
      F.contribRewardedLink,
      F.contribRejected,
      F.contribReason,
      F.contribPendingLink,
      F.contribPendingLinkUrl,
      F.contribPendingTweet,
    ]);
    await page.getByRole('button', { name: MSG.contribution.seePast }).click();
    await page.getByRole('heading', { name: 'Past contributions' }).waitFor();
    await settle(page);
    await check(w, '/contribution-hub (past)', [F.contribRewarded, F.contribRejected, F.contribReason]);

    await go(w, '/bounties');
    await check(w, '/bounties', [F.bountyTitle, F.bountyDescription, F.bountyReward, F.startupName]);

    await go(w, '/projects');
    await check(w, '/projects', [
      F.projectTitle,
      F.projectDescription,
      F.tagSvg,
      F.tagImg,
      F.startupName,
      F.projectWebsite,
      F.projectGithub,
    ]);
    // The logo's hostile file name did not survive into its URL.
    const logo = await card(page, F.projectTitle).locator('img[alt$="logo"]').getAttribute('src');
    expect(logo).toMatch(/^\/uploads\/[\w./-]+$/);

    await go(w, '/grants');
    await check(w, '/grants', [F.projectTitle, F.grantApproved, F.startupName]);

    await go(w, '/resources');
    await check(w, '/resources', [F.resourceTitle, F.resourceCategory, F.resourceLink]);
    await finish(w);
  });

  test('approved startup: application, bounty requests, projects, grants with details and editing', async ({
    open,
  }) => {
    test.setTimeout(WALK_TIMEOUT);
    const w = await open('startup');
    const { page } = w;
    await go(w, '/application');
    // At desktop size the top bar shows no name: display names are checked where the content shows them.
    await check(w, '/application', [F.appName]);

    await go(w, '/application/bounty-application');
    await check(w, '/application/bounty-application', [
      F.bountyTitle,
      F.bountyReward,
      F.bountyApproveMessage,
    ]);

    await go(w, '/dashboard');
    await check(w, '/dashboard', [F.startupName, F.builderName, F.projectTitle, F.startupContrib]);

    await go(w, '/bounties');
    await check(w, '/bounties', [F.bountyTitle, F.bountyDescription, F.bountyReward]);

    await go(w, '/grants');
    await page.getByRole('tab', { name: MSG.grant.mine }).click();
    await check(w, '/grants (mine)', [F.projectTitle, F.grantApproved, F.grantDeclined, F.grantPending]);

    await card(page, F.grantDeclined).getByRole('button', { name: MSG.grant.viewDetails }).click();
    const details = page.getByRole('dialog');
    await details.getByRole('heading', { name: 'History' }).waitFor();
    await settle(page);
    await check(w, '/grants (declined grant details)', [
      F.projectTitle,
      F.grantDeclined,
      F.grantDeclineMessage,
    ]);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    await card(page, F.grantPending).getByRole('button', { name: MSG.grant.edit }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByLabel('Proposal').inputValue())
      .toBe(F.grantPending.value);
    await check(w, '/grants (editing the pending proposal)', []);
    await page.keyboard.press('Escape');
    await finish(w);
  });

  test('pending and rejected startups, and the project user whose bounty was rejected', async ({ open }) => {
    test.setTimeout(WALK_TIMEOUT);
    const pending = await open('pendingStartup');
    await go(pending, '/application');
    await check(pending, '/application (pending)', [F.pendingAppName]);
    await go(pending, '/profile');
    await check(pending, '/profile (pending startup)', [F.pendingStartupName]);
    await finish(pending);

    const rejected = await open('rejectedStartup');
    await go(rejected, '/application/project-application');
    await check(rejected, '/application/project-application (rejected)', [F.rejectedAppName, F.rejectReason]);
    await go(rejected, '/profile');
    await check(rejected, '/profile (rejected startup)', [F.rejectedStartupName]);
    await finish(rejected);

    const project = await open('projectUser');
    await go(project, '/application/bounty-application');
    await check(project, '/application/bounty-application (rejected)', [
      F.rejectedBountyTitle,
      F.rejectedBountyReward,
      F.bountyRejectMessage,
    ]);
    await finish(project);
  });

  test('admin: approvals, bounty review, contribution queue, grants review, resources', async ({ open }) => {
    test.setTimeout(WALK_TIMEOUT);
    const w = await open('admin');
    const { page } = w;
    await go(w, '/admin/project-approvals');
    await check(w, '/admin/project-approvals', [
      F.pendingAppName,
      F.pendingAppGoals,
      F.pendingAppX,
      F.pendingAppTelegram,
      F.pendingAppWebsite,
      F.pendingAppGithub,
      F.pendingAppWhitepaper,
      F.pendingAppTeam1,
      F.pendingAppTeam2,
    ]);
    await card(page, F.pendingAppName).getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    await check(w, '/admin/project-approvals (reject dialog)', [F.pendingAppName]);
    await page.keyboard.press('Escape');

    await go(w, '/admin/bounty-approvals');
    await check(w, '/admin/bounty-approvals', [
      F.bountyTitle,
      F.startupName,
      F.bountyReward,
      F.bountyContact,
      F.bountyLink,
      F.bountyDescription,
      F.bountyApproveMessage,
      F.rejectedBountyTitle,
      F.projectUserName,
      F.rejectedBountyReward,
      F.bountyRejectMessage,
    ]);

    await go(w, '/admin/contribution-hub');
    await check(w, '/admin/contribution-hub', [
      F.contribPendingLink,
      F.contribPendingLinkUrl,
      F.contribPendingTweet,
      F.builderName,
    ]);
    await card(page, F.contribPendingLink).getByRole('button', { name: F.contribPendingLink.value }).click();
    await page.getByRole('dialog').waitFor();
    await settle(page);
    await check(w, '/admin/contribution-hub (review dialog)', [
      F.contribPendingLink,
      F.contribPendingLinkUrl,
    ]);
    await page.keyboard.press('Escape');

    await go(w, '/admin/grants');
    await check(w, '/admin/grants (pending)', [F.projectTitle, F.grantPending, F.startupName]);
    for (const [chip, fields] of [
      ['Approved grants', [F.grantApproved, F.grantApproveMessage]],
      ['Declined grants', [F.grantDeclined, F.grantDeclineMessage]],
    ] as const) {
      await page.getByRole('button', { name: new RegExp(`^${chip}\\s*\\d+$`) }).click();
      await settle(page);
      await check(w, `/admin/grants (${chip.toLowerCase()})`, [F.projectTitle, ...fields]);
    }

    await go(w, '/admin/resources');
    await check(w, '/admin/resources', [F.resourceTitle, F.resourceCategory, F.resourceLink]);

    await go(w, '/dashboard');
    await check(w, '/dashboard', [F.builderName, F.startupName]);
    await go(w, '/profile');
    await check(w, '/profile (admin)', [F.adminName]);
    await finish(w);
  });
});
