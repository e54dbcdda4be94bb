/**
 * Boots the real app on a loopback port against a test database and a real SMTP
 * receiver. Tests talk to it over HTTP with a cookie-keeping client.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import pino from 'pino';
import type { DbHandle } from '@/db/client';
import type { RateLimitRules } from '@/server/auth/auth';
import { type BootOptions, boot } from '@/server/boot';
import { loadEnv } from '@/server/env';
import { createTestDb } from './db';
import { type Smtp, startSmtp } from './smtp';

export const ADMIN_EMAIL = 'admin@sysfi.test';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

export async function startTestServer(
  opts: {
    rateLimits?: RateLimitRules | false;
    now?: () => Date;
    env?: Record<string, string>;
    handle?: DbHandle;
    /** Leave `handle` open on close (a second server on another test's database). */
    keepHandle?: boolean;
    /** Run the background loops (mail worker) as production does; off by default. */
    background?: boolean;
    /** Mail worker settings (short retry delays in fault tests). */
    mail?: BootOptions['mail'];
    /** Storage driver and upload time limit (storage fault tests). */
    storage?: BootOptions['storage'];
    storageTimeoutMs?: number;
  } = {},
) {
  const smtp: Smtp = await startSmtp();
  const handle = opts.handle ?? (await createTestDb());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sysfi-it-'));
  const port = await freePort();
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    ADMIN_EMAIL,
    LOG_LEVEL: 'silent',
    // Suites that act as the admin do so without a second factor; the staff rule has its
    // own tests (two-factor.test.ts), which turn it on (docs/security.md).
    REQUIRE_STAFF_2FA: 'false',
    ...opts.env,
  });
  const { app, deps, shutdown, warmUp } = await boot(env, {
    handle,
    log: pino({ level: process.env.TEST_LOG ?? 'silent' }),
    rateLimits: opts.rateLimits ?? false,
    now: opts.now,
    background: opts.background ?? false,
    mail: opts.mail,
    storage: opts.storage,
    storageTimeoutMs: opts.storageTimeoutMs,
  });
  // With the background loops on, the scheduled jobs start after it listens, as `npm start` does.
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => {
    if (opts.background) warmUp();
  });
  const url = `http://localhost:${port}`;
  return {
    url,
    deps,
    db: handle.db,
    smtp,
    client: () => new Client(url),
    async close() {
      const closed = new Promise<void>((r) => server.close(() => r()));
      (server as import('node:http').Server).closeAllConnections?.(); // open event streams too
      await closed;
      await shutdown({ mailGraceMs: 200 });
      if (!opts.keepHandle) await handle.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Json = Record<string, any>;

/** A browser-like HTTP client: keeps cookies, sends JSON, and the Origin a page of the app sends. */
export class Client {
  private cookies = new Map<string, string>();
  /** When a cookie with a Max-Age runs out, as a browser drops it then. */
  private expires = new Map<string, number>();
  constructor(readonly base: string) {}

  /** The headers a browser adds to a write from the app's own page. */
  get origin() {
    return { origin: new URL(this.base).origin };
  }

  private store(res: Response) {
    for (const sc of res.headers.getSetCookie()) {
      const [pair = ''] = sc.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      const maxAge = /;\s*max-age=(\d+)/i.exec(sc);
      if (/max-age=0/i.test(sc) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
      if (maxAge) this.expires.set(name, Date.now() + Number(maxAge[1]) * 1000);
      else this.expires.delete(name);
    }
  }

  /** Drops a cookie, as a browser does when its Max-Age runs out. */
  dropCookie(name: string) {
    this.cookies.delete(name);
    this.expires.delete(name);
  }

  cookieHeader() {
    for (const [name, at] of this.expires)
      if (at <= Date.now()) {
        this.cookies.delete(name);
        this.expires.delete(name);
      }
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(p.startsWith('http') ? p : this.base + p, {
      method,
      redirect: 'manual',
      headers: {
        ...this.origin,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    this.store(res);
    const text = await res.text();
    let json: Json = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { text };
    }
    return { status: res.status, body: json, headers: res.headers };
  }
  /** A multipart upload, as a browser form would send it. */
  /** A multipart POST; a field given a list of files sends each under the same name. */
  async upload(
    p: string,
    fields: Record<string, string>,
    files: Record<string, [Buffer, string, string] | Array<[Buffer, string, string]>>,
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const [k, given] of Object.entries(files)) {
      const list = Array.isArray(given[0])
        ? (given as Array<[Buffer, string, string]>)
        : [given as [Buffer, string, string]];
      for (const [bytes, name, type] of list)
        form.append(k, new Blob([new Uint8Array(bytes)], { type }), name);
    }
    const res = await fetch(this.base + p, {
      method: 'POST',
      body: form,
      headers: { ...this.origin, cookie: this.cookieHeader() },
    });
    this.store(res);
    return { status: res.status, body: (await res.json()) as Json };
  }
  get(p: string) {
    return this.request('GET', p);
  }
  post(p: string, body?: unknown) {
    return this.request('POST', p, body ?? {});
  }
  patch(p: string, body?: unknown) {
    return this.request('PATCH', p, body ?? {});
  }
  delete(p: string) {
    return this.request('DELETE', p);
  }
}

let seq = 0;
/** Unique, readable test identities. */
export function identity(prefix = 'user') {
  seq += 1;
  const tag = `${prefix}${seq}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `${tag}@example.test`, displayName: `${prefix} ${tag}`, password: 'secret12' };
}

/** Signs a user up through the API and, unless told not to, verifies them through the mail link. */
export async function signUp(
  t: TestServer,
  opts: {
    role?: string;
    ref?: string;
    verify?: boolean;
    email?: string;
    displayName?: string;
    /** The browser's zone at sign-up (the daily limit follows it); the server's default otherwise. */
    timeZone?: string;
  } = {},
) {
  const id = identity(opts.role ?? 'user');
  const email = opts.email ?? id.email;
  const displayName = opts.displayName ?? id.displayName;
  const client = t.client();
  const res = await client.post('/api/account/sign-up', {
    email,
    displayName,
    password: id.password,
    confirmPassword: id.password,
    role: opts.role,
    ref: opts.ref,
    timeZone: opts.timeZone,
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const uid: string = res.body.user.uid;
  if (opts.verify !== false) await verifyByMail(t, client, email);
  return { client, uid, email, password: id.password, displayName };
}

export async function verificationLink(t: TestServer, email: string): Promise<string> {
  await t.deps.mailer.deliverDue();
  const mail = await t.smtp.waitFor(email, 'Verify');
  const link = mail.links.find((l) => l.includes('/api/auth/verify-email'));
  if (!link) throw new Error(`no verification link in mail to ${email}`);
  return link;
}

export async function verifyByMail(t: TestServer, client: Client, email: string) {
  const link = await verificationLink(t, email);
  const res = await client.get(link);
  if (res.status !== 302) throw new Error(`verification failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}
