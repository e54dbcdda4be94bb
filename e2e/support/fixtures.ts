/**
 * The end-to-end tests' fixtures: import `test` and `expect` from here, not from
 * @playwright/test.
 *
 * - `app`, `mail`: the world the test runs in. By default the worker's shared
 *   world (one server for every test the worker runs, started on first use);
 *   with `test.use({ freshWorld: true })` a world of the test's own, with an empty
 *   database, for a test that asserts on everything a page lists ("nothing yet",
 *   "exactly one", "#1 in the queue").
 * - `admin`: that world's admin (ADMIN_EMAIL), made once per world.
 * - `createUser(fields)`: a new verified user (sign-up, then the link from the mail).
 * - `newPage({ viewport, as })`: a page in a context of its own (own cookies and
 *   storage), desktop-sized unless told, signed in as `as` when given. Every
 *   context a test opens is closed after it, and traced: on failure its trace and
 *   a screenshot are kept under test-results/.
 * - `page`: Playwright's own, on the test's world (baseURL), at 1280×800.
 */
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { applySession, createVerifiedUser, type SignUpFields, type TestUser } from './api';
import { contextOptions, DESKTOP, type Viewport } from './browser';
import type { MailCatcher } from './mail';
import type { AppServer } from './server';
import { makeTemplate, startWorld, type World } from './world';

/** Starts worlds on demand for one worker and stops them when it ends. */
export type Worlds = {
  /** The worker's shared world, started on first use. */
  shared: () => Promise<World>;
  /** A new world on a fresh copy of a migrated database; the caller stops it. */
  fresh: () => Promise<World>;
};

export type NewPage = (opts?: { viewport?: Viewport; as?: TestUser | null }) => Promise<Page>;

type TestFixtures = {
  /** Option: give the test a world of its own (empty database) instead of the shared one. */
  freshWorld: boolean;
  world: World;
  app: AppServer;
  mail: MailCatcher;
  admin: TestUser;
  createUser: (fields?: SignUpFields) => Promise<TestUser>;
  newPage: NewPage;
  /** Keeps the end of the server's log with a failed test's results. */
  serverLogOnFailure: undefined;
};

type WorkerFixtures = { worlds: Worlds };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  worlds: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      let shared: Promise<World> | undefined;
      let template: Promise<Awaited<ReturnType<typeof makeTemplate>>> | undefined;
      await use({
        shared: () => {
          shared ??= startWorld();
          return shared;
        },
        fresh: async () => {
          template ??= makeTemplate();
          return startWorld({ template: (await template).dir });
        },
      });
      if (shared) await (await shared.catch(() => undefined))?.stop();
      if (template) (await template.catch(() => undefined))?.remove();
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  freshWorld: [false, { option: true }],

  world: async ({ freshWorld, worlds }, use) => {
    if (!freshWorld) {
      await use(await worlds.shared());
      return;
    }
    const world = await worlds.fresh();
    try {
      await use(world);
    } finally {
      await world.stop();
    }
  },

  app: async ({ world }, use) => use(world.app),
  mail: async ({ world }, use) => use(world.mail),
  admin: async ({ world }, use) => use(await world.admin()),
  baseURL: async ({ app }, use) => use(app.url),

  createUser: async ({ app, mail }, use) => {
    await use((fields) => createVerifiedUser(app, mail, fields));
  },

  newPage: async ({ browser, app }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async ({ viewport = DESKTOP, as = null } = {}) => {
      const context = await browser.newContext({ ...contextOptions(viewport), baseURL: app.url });
      contexts.push(context);
      const page = await context.newPage();
      if (as) await applySession(page, app, as);
      return page;
    });
    // Closing saves each context's trace (and, when the test failed, its screenshot).
    for (const context of contexts) await context.close().catch(() => {});
  },

  serverLogOnFailure: [
    async ({ world }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server log (last 20 kB)', {
          body: world.app.output().slice(-20_000),
          contentType: 'text/plain',
        });
      }
    },
    { auto: true },
  ],
});

export { expect };
