/**
 * A world: the built app on its own embedded database, with its mail going to its
 * own SMTP receiver, and (made on first use) its admin. Worlds are started by the
 * fixtures in ./fixtures.ts: one shared per worker, or a fresh one for a test that
 * needs an empty database.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createVerifiedUser, getMe, type SignUpFields, type TestUser } from './api';
import { type MailCatcher, startMailCatcher } from './mail';
import { ADMIN_EMAIL, type AppServer, startServer } from './server';

export type World = {
  app: AppServer;
  mail: MailCatcher;
  /**
   * The admin (ADMIN_EMAIL), signed up and verified the first time it is asked for
   * (with the fields of that first call).
   */
  admin: (fields?: SignUpFields) => Promise<TestUser>;
  stop: () => Promise<void>;
};

/**
 * The e2e server trusts X-Forwarded-For: support/api.ts gives each user it makes
 * an address of its own, so the per-address sign-up limit (10 a minute) applies to
 * each test user as to a real person, however many users a shared world makes.
 * The browser's own requests carry no such header and count as 127.0.0.1.
 */
const WORLD_ENV = { TRUST_PROXY: 'true' };

/**
 * Starts a world. With `template` (a migrated, stopped data directory) the
 * database is a copy of it, which skips the migrations (about 2 s).
 */
export async function startWorld(opts: { template?: string } = {}): Promise<World> {
  const mail = await startMailCatcher();
  let dataDir: string | undefined;
  try {
    if (opts.template) {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'sysfi-e2e-'));
      cpSync(opts.template, dataDir, { recursive: true });
    }
    const app = await startServer({ smtpUrl: mail.url, env: WORLD_ENV, dataDir });
    let admin: Promise<TestUser> | undefined;
    return {
      app,
      mail,
      admin: (fields = {}) => {
        admin ??= (async () => {
          const user = await createVerifiedUser(app, mail, {
            displayName: 'Admin',
            ...fields,
            email: ADMIN_EMAIL,
          });
          if (!(await getMe(app, user)).isAdmin) throw new Error(`${ADMIN_EMAIL} is not an admin`);
          return user;
        })();
        return admin;
      },
      async stop() {
        await app.stop();
        await mail.stop();
        // A data directory passed to startServer is left in place by it.
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await mail.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** A migrated data directory to copy fresh worlds from: the app started once on it and stopped. */
export async function makeTemplate(): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sysfi-e2e-template-'));
  const mail = await startMailCatcher();
  try {
    const app = await startServer({ smtpUrl: mail.url, env: WORLD_ENV, dataDir: dir });
    await app.stop();
  } finally {
    await mail.stop();
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
