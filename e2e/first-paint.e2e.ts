/**
 * The static first paint (src/client/app/static-shell.tsx, scripts/vite/prerender.ts,
 * src/server/lib/client-pages.ts): the served page already shows the route before
 * any JavaScript runs, the app replaces it without a loader in between, a signed-in
 * /dashboard is greeted by name, and files go out pre-compressed with the right caching.
 */
import { applySession, type TestUser } from './support/api';
import { appOwnsPage, MOBILE } from './support/browser';
import { expect, test } from './support/fixtures';

const cookieHeader = (u: TestUser) => [...u.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** A user whose display name holds markup, to see the server escape it. */
const markupName = () => `Ada <b>${Date.now() % 1e6}</b>`;

test.describe('static first paint', () => {
  test('shows /, /docs, /login and /signup with JavaScript off, forms inert', async ({ browser, app }) => {
    const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, heading] of [
      ['/', 'Welcome to Sysfi Labs'],
      ['/docs', /Sysfi Labs/],
      ['/login', 'Welcome back'],
      ['/signup', /./],
    ] as const) {
      await page.goto(path);
      const h1 = page.locator('h1').first();
      if (typeof heading === 'string') await expect(h1).toContainText(heading);
      else await expect(h1).toHaveText(heading);
    }
    // /signup's form is in the served page (the app is not needed to see it), inert until the app runs.
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.locator('form').first()).toHaveAttribute('inert');
    await context.close();
  });

  test('draws the full navigation in the served page of a signed-in visitor', async ({
    browser,
    app,
    createUser,
  }) => {
    const user = await createUser();
    const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await applySession(page, app, user);
    await page.goto('/projects');
    const nav = page.getByRole('navigation').first();
    for (const name of ['Dashboard', 'Projects', 'Bounties', 'Docs'])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await context.close();
  });

  test('greets a signed-in user by name in the served /dashboard, escaped', async ({ app, createUser }) => {
    const user = await createUser({ displayName: markupName() });
    const res = await fetch(`${app.url}/dashboard`, {
      headers: { cookie: cookieHeader(user), 'accept-encoding': 'identity' },
    });
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toMatch(/cookie/i);
    const html = await res.text();
    const escaped = user.displayName.replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(html).toContain(`Welcome, <span class="break-words">${escaped}</span>`);
    expect(html).not.toContain('%%sysfi:');
    // Without a valid session the page keeps its placeholders.
    const anon = await (
      await fetch(`${app.url}/dashboard`, { headers: { cookie: 'better-auth.session_token=x' } })
    ).text();
    expect(anon).not.toContain('Welcome,');
  });

  test("draws each signed-in page's own title block and preloads the data it reads", async ({
    browser,
    app,
    admin,
    createUser,
    newPage,
  }) => {
    const member = await createUser();
    // Without JavaScript: the served page already carries the route's heading and words…
    const still = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
    const off = await still.newPage();
    for (const [user, path, heading, words] of [
      [member, '/projects', 'Projects', 'Discover what approved startups are launching'],
      [member, '/inbox', 'Inbox', null],
      [admin, '/admin/users', 'Users', 'Admin home'],
    ] as const) {
      await applySession(off, app, user);
      await off.goto(path);
      await expect(off.locator('h1')).toContainText(heading);
      if (words) await expect(off.locator('main')).toContainText(words);
    }
    // …but a visitor with no session, whom the app sends to log in, gets no page's words.
    await still.clearCookies();
    await off.goto('/projects');
    await expect(off.locator('main')).not.toContainText('Discover what approved startups');
    await still.close();

    // With it: the page's first requests are the preloads themselves. A preload whose URL is not
    // exactly what the page asks for would leave the page to fetch again ('fetch' requests).
    const page = await newPage({ viewport: MOBILE });
    await applySession(page, app, admin);
    const requests: Array<{ type: string; url: string }> = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/'))
        requests.push({ type: r.resourceType(), url: u.pathname + u.search });
    });
    for (const [path, data] of [
      ['/projects', '/api/projects?filter=all'],
      ['/admin/users', '/api/admin/users?sort=joined'],
      ['/admin/grants', '/api/admin/grants?status=pending'],
      ['/admin/project-approvals', '/api/admin/project-applications'],
    ] as const) {
      requests.length = 0;
      await page.goto(path);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const preloads = await page
        .locator('link[rel="preload"][as="fetch"]')
        .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
      expect(preloads.map((h) => new URL(h).pathname + new URL(h).search)).toEqual(
        expect.arrayContaining(['/api/session', data]),
      );
      const refetched = requests.filter((r) => r.type === 'fetch' && ['/api/session', data].includes(r.url));
      expect(refetched, path).toEqual([]);
      expect(requests.filter((r) => r.url === data)).toHaveLength(1);
    }
    // A live page reads its list once more when its event stream connects, if its first answer
    // came before (a change in between would otherwise be missed): its preload must still be the
    // exact URL of its first read, which the preload then serves.
    requests.length = 0;
    const live = '/api/admin/bounty-applications?status=all';
    await page.goto('/admin/bounty-approvals');
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    const livePreloads = await page
      .locator('link[rel="preload"][as="fetch"]')
      .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    expect(livePreloads.map((h) => new URL(h).pathname + new URL(h).search)).toContain(live);
    expect(requests.filter((r) => r.url === live && r.type === 'fetch').length).toBeLessThanOrEqual(1);
    expect(
      requests.filter((r) => r.url.startsWith('/api/admin/bounty-applications') && r.url !== live),
    ).toEqual([]);
  });

  test("draws a member's name and e-mail into the admin's served /admin/users/:id, and only the admin's", async ({
    browser,
    app,
    admin,
    createUser,
    newPage,
  }) => {
    const member = await createUser({ displayName: markupName() });
    const path = `/admin/users/${member.uid}`;
    const escaped = member.displayName.replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const served = async (u: TestUser) =>
      (
        await fetch(`${app.url}${path}`, {
          headers: { cookie: cookieHeader(u), 'accept-encoding': 'identity' },
        })
      ).text();

    // The admin's page carries the member's name (escaped) and e-mail, and preloads their record.
    const html = await served(admin);
    expect(html).toContain(escaped);
    expect(html).toContain(member.email);
    expect(html).toContain(`<link rel="preload" href="/api/admin/users/${member.uid}" as="fetch"`);
    expect(html).not.toContain('%%sysfi:');
    // Anyone else gets the generic page: nothing of the member, no marks.
    const other = await createUser();
    for (const page of [await served(other), await (await fetch(`${app.url}${path}`)).text()]) {
      expect(page).not.toContain(member.email);
      expect(page).not.toContain(escaped);
      expect(page).not.toContain('%%sysfi:');
    }
    // A path that is not one id segment is not drawn.
    const odd = await fetch(`${app.url}/admin/users/a%22b`, { headers: { cookie: cookieHeader(admin) } });
    expect(await odd.text()).not.toContain('%%sysfi:');

    // Without JavaScript the admin already sees the member's name where the app will put it…
    const still = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
    const off = await still.newPage();
    await applySession(off, app, admin);
    await off.goto(path);
    await expect(off.locator('h1')).toHaveText(member.displayName);
    await still.close();

    // …and the app's first render shows the record from that preload: no refetch, no skeleton after it.
    const page = await newPage({ viewport: MOBILE });
    await applySession(page, app, admin);
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'fetch' && new URL(r.url()).pathname === `/api/admin/users/${member.uid}`)
        fetched.push(r.url());
    });
    await page.addInitScript(() => {
      const w = window as unknown as { sawSkeleton: boolean };
      w.sawSkeleton = false;
      new MutationObserver(() => {
        const root = document.getElementById('root');
        const byReact = root && Object.keys(root).some((k) => k.startsWith('__react'));
        // The app's loading state has no name in its heading; the served page's has.
        const h1 = document.querySelector('h1');
        if (byReact && h1 && !h1.textContent?.trim()) w.sawSkeleton = true;
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(member.displayName);
    await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
    expect(fetched).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { sawSkeleton: boolean }).sawSkeleton)).toBe(
      false,
    );
  });

  test('replaces the first paint with the app, with no loader in between', async ({
    app,
    createUser,
    newPage,
  }) => {
    const user = await createUser({ displayName: markupName() });
    for (const [path, signedIn] of [
      ['/', false],
      ['/login', false],
      ['/dashboard', true],
    ] as const) {
      const page = await newPage({ viewport: MOBILE });
      if (signedIn) await applySession(page, app, user);
      await page.addInitScript(() => {
        const w = window as unknown as { sawLoader: boolean };
        w.sawLoader = false;
        new MutationObserver(() => {
          if (document.querySelector('[role="status"]')?.textContent?.includes('Loading Sysfi Labs'))
            w.sawLoader = true;
        }).observe(document, { subtree: true, childList: true });
      });
      await page.goto(path);
      await appOwnsPage(page);
      if (signedIn) await expect(page.locator('h1')).toContainText(user.displayName);
      expect(await page.evaluate(() => (window as unknown as { sawLoader: boolean }).sawLoader)).toBe(false);
      await page.close();
    }
  });

  test("keeps a phone's column as wide as the screen while a page's skeleton shows", async ({
    admin,
    newPage,
  }) => {
    // A skeleton wider than the column once widened the page's grid while it showed: the
    // title block reflowed when the data came, and that later paint became the page's
    // LCP (4.2 s on /admin/contribution-hub in Lighthouse's mobile profile).
    for (const [path, data] of [
      ['/admin/contribution-hub', '**/api/admin/contributions*'],
      ['/admin/grants', '**/api/admin/grants*'],
      ['/grants', '**/api/grants*'],
      ['/projects', '**/api/projects*'],
    ] as const) {
      const page = await newPage({ as: admin, viewport: MOBILE });
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(data, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path);
      await appOwnsPage(page);
      // The page's own skeleton (content loaded later, like an X embed, may show another).
      const skeleton = await page.locator('#main [aria-busy="true"]').first().elementHandle();
      const widths = () =>
        page.evaluate(() => ({
          header: Math.round(document.querySelector('#main header')!.getBoundingClientRect().width),
          page: document.documentElement.scrollWidth,
        }));
      const loading = await widths();
      release();
      await skeleton!.waitForElementState('hidden');
      const loaded = await widths();
      expect(loading.page, `${path}: no sideways scroll while loading`).toBeLessThanOrEqual(MOBILE.width);
      expect(loading.header, `${path}: the title block keeps its width`).toBe(loaded.header);
      await page.close();
    }
  });

  test('preloads every chunk the served page names, and fetches none of them twice', async ({
    app,
    createUser,
    newPage,
  }) => {
    const user = await createUser();
    const page = await newPage({ viewport: MOBILE });
    await applySession(page, app, user);
    await page.goto('/projects');
    const named = ((await page.locator('meta[name="sysfi:route-chunks"]').getAttribute('content')) ?? '')
      .split(' ')
      .filter(Boolean);
    // A route names tens of chunks; more than one task's worth, so the batching is exercised.
    expect(named.length).toBeGreaterThan(6);
    await expect
      .poll(() =>
        page.evaluate(
          (hrefs) =>
            hrefs.filter((h) => !document.head.querySelector(`link[rel="modulepreload"][href="${h}"]`)),
          named,
        ),
      )
      .toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Each chunk is fetched once, whoever asks for it first (these links or the app's import).
    const fetched = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.startsWith('/assets/') && p.endsWith('.js')),
      );
    await expect
      .poll(async () => {
        const got = new Set(await fetched());
        return named.filter((h) => !got.has(h));
      })
      .toEqual([]);
    const all = await fetched();
    expect(named.filter((h) => all.filter((p) => p === h).length !== 1)).toEqual([]);
  });

  test('sends hashed files pre-compressed and cached for a year', async ({ app }) => {
    const html = await (await fetch(`${app.url}/`)).text();
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(css).toBeTruthy();
    const br = await fetch(`${app.url}${css}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/text\/css/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    const gz = await fetch(`${app.url}${css}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
  });
});
