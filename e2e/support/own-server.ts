/**
 * A server of the test's own, on a data directory of its own, for what cannot happen during
 * a test (a deadline or the 24-hour lock passing): the test stops it, changes its stopped
 * database, and starts it again on the same port, so pages and sessions carry on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, ViewportSize } from '@playwright/test';
import { type Database, openDatabase } from '@/db/client';
import { applySession, type TestUser } from './api';
import { contextOptions, DESKTOP } from './browser';
import { type MailCatcher, startMailCatcher } from './mail';
import { type AppServer, freePort, startServer } from './server';

export type OwnServer = {
  /** The running server (a new one after restartAfter). */
  app: AppServer;
  mail: MailCatcher;
  /** Stops the server, runs `edit` on its database, and starts it again on the same port. */
  restartAfter: (edit: (db: Database) => Promise<unknown>) => Promise<void>;
  close: () => Promise<void>;
};

export async function ownServer(name: string): Promise<OwnServer> {
  const mail = await startMailCatcher();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `sysfi-e2e-${name}-`));
  const port = await freePort();
  const start = () => startServer({ smtpUrl: mail.url, dataDir, port, env: { TRUST_PROXY: 'true' } });
  const own: OwnServer = {
    app: await start(),
    mail,
    async restartAfter(edit) {
      await own.app.stop();
      const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      try {
        await edit(db.db);
      } finally {
        await db.close();
      }
      own.app = await start();
    },
    async close() {
      await own.app.stop();
      await mail.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return own;
}

/** A new browser context signed in as `user`, on `app`. */
export async function pageAs(
  browser: Browser,
  app: AppServer,
  user: TestUser,
  viewport: ViewportSize = DESKTOP,
) {
  const context = await browser.newContext({ ...contextOptions(viewport), baseURL: app.url });
  const page = await context.newPage();
  await applySession(page, app, user);
  return page;
}
