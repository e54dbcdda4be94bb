/**
 * The authorization matrix: every route in /api/openapi.json, for eight actors (a
 * reviewer among them, issue 18).
 * The expected access of each route lives in ACCESS below; a route missing from
 * it fails the suite, so no endpoint ships without a rule.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '@/db/schema';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

type Level =
  | 'public'
  | 'session' // any signed-in user, verified or not
  | 'verified'
  | 'applicant' // role startup or project
  | 'startup' // role startup
  | 'approvedStartup'
  | 'reviewer' // a reviewer or the admin
  | 'admin';

const ACCESS: Record<string, Level> = {
  'GET /health': 'public',
  'GET /ping': 'public',
  'GET /config': 'public',
  'POST /account/sign-up': 'public',
  'POST /account/sign-in': 'public',
  'POST /account/sign-out': 'public',
  'POST /account/forgot-password': 'public',
  'POST /account/reset-password': 'public',
  'POST /account/verify-email': 'public',
  'GET /leaderboard': 'public',
  // Seasons and time windows (issue 19).
  'GET /seasons': 'public',
  'GET /leaderboard/window': 'public',
  'POST /admin/seasons': 'admin',
  // Public profiles (issue 19): anyone; a hidden, disabled or unknown one is a 404.
  'GET /u/{name}': 'public',
  'GET /u/{name}/contributions': 'public',
  'POST /account/devices/end-by-link': 'public',
  // The code step of a sign-in: no session yet (the pending sign-in's cookie names the user).
  'POST /account/sign-in/two-factor': 'public',
  'GET /me': 'session',
  // The app's session read: a visitor gets 200 with null, not a 401.
  'GET /session': 'public',
  'POST /account/send-verification': 'session',
  'POST /account/discard-unverified': 'session',
  'GET /me/points': 'verified',
  'GET /account/devices': 'verified',
  'DELETE /account/devices/{id}': 'verified',
  'POST /account/devices/sign-out-others': 'verified',
  'POST /account/change-password': 'verified',
  'POST /account/two-factor/enable': 'verified',
  'POST /account/two-factor/confirm': 'verified',
  'POST /account/two-factor/disable': 'verified',
  'PATCH /profile': 'verified',
  'POST /profile/photo': 'verified',
  'GET /leaderboard/me': 'verified',
  'GET /dashboard': 'verified',
  'GET /project-applications/mine': 'startup',
  'POST /project-applications': 'startup',
  'GET /projects': 'verified',
  'POST /projects': 'approvedStartup',
  'PATCH /projects/{id}/status': 'verified',
  'POST /contributions': 'verified',
  'GET /contributions/me': 'verified',
  'GET /contributions/history': 'verified',
  'GET /grants': 'verified',
  'GET /grants/{id}': 'verified',
  'POST /grants': 'verified',
  'PATCH /grants/{id}': 'verified',
  'GET /resources': 'verified',
  'POST /bounty-applications': 'applicant',
  'GET /bounty-applications/mine': 'applicant',
  'GET /bounties': 'verified',
  'POST /bounties/{id}/apply': 'verified',
  'GET /bounties/{id}/applicants': 'verified',
  // Issue 19: the rules past 'verified' (an applicant, the requester or the admin) are the handlers'.
  'PUT /bounties/{id}/submission': 'verified',
  'GET /bounties/{id}/submission': 'verified',
  'GET /bounties/{id}/submissions': 'verified',
  'POST /bounties/{id}/winners': 'verified',
  'GET /admin/summary': 'admin',
  'GET /admin/queues': 'admin',
  'GET /admin/project-applications': 'admin',
  'POST /admin/project-applications/{id}/approve': 'admin',
  'POST /admin/project-applications/{id}/reject': 'admin',
  'GET /admin/contributions': 'reviewer',
  'POST /admin/contributions/{id}/reward': 'reviewer',
  'POST /admin/contributions/{id}/reject': 'reviewer',
  'POST /admin/contributions/{id}/request-changes': 'reviewer',
  'POST /admin/contributions/batch': 'reviewer',
  'POST /contributions/{id}/resubmit': 'verified',
  'GET /admin/grants': 'admin',
  'POST /admin/grants/{id}/approve': 'admin',
  'POST /admin/grants/{id}/decline': 'admin',
  'POST /admin/resources': 'admin',
  'PATCH /admin/resources/{id}': 'admin',
  'DELETE /admin/resources/{id}': 'admin',
  'GET /admin/bounty-applications': 'admin',
  'POST /admin/bounty-applications/{id}/approve': 'admin',
  'POST /admin/bounty-applications/{id}/reject': 'admin',
  'POST /admin/bounty-applications/{id}/reset': 'admin',
  'GET /admin/events': 'admin',
  'GET /admin/mail': 'admin',
  'POST /admin/mail/{id}/retry': 'admin',
  'GET /admin/exports/users': 'admin',
  'GET /admin/exports/contributions': 'admin',
  'GET /admin/exports/xp-ledger': 'admin',
  'GET /admin/exports/project-applications': 'admin',
  'GET /admin/exports/bounty-applications': 'admin',
  'GET /admin/exports/grants': 'admin',
  'GET /admin/insights': 'admin',
  'GET /admin/audit': 'admin',
  'GET /me/events': 'verified',
  'GET /notifications': 'verified',
  'POST /notifications/{id}/read': 'verified',
  'POST /notifications/read-all': 'verified',
  'PUT /profile/mail-preferences': 'verified',
  'GET /mail/unsubscribe': 'public',
  'POST /mail/unsubscribe': 'public',
  'GET /admin/users': 'admin',
  'GET /admin/users/{id}': 'admin',
  'POST /admin/users/{id}/disable': 'admin',
  'POST /admin/users/{id}/enable': 'admin',
  'POST /admin/users/{id}/role': 'admin',
  'POST /admin/users/{id}/xp': 'admin',
  'POST /admin/users/{id}/reviewer': 'admin',
  'POST /admin/users/{id}/reviewer/revoke': 'admin',
  'POST /admin/users/{id}/xp/revert': 'admin',
};

type ActorName =
  | 'anonymous'
  | 'unverified'
  | 'builder'
  | 'startupPending'
  | 'startupApproved'
  | 'project'
  | 'reviewer'
  | 'admin';
type Actor = {
  name: ActorName;
  client: Client;
  email: string | null;
  role: string | null;
  verified: boolean;
  approved: boolean;
  admin: boolean;
  reviewer: boolean;
};

function allowed(level: Level, a: Actor): boolean {
  switch (level) {
    case 'public':
      return true;
    case 'session':
      return a.name !== 'anonymous';
    case 'verified':
      return a.verified;
    case 'applicant':
      return a.verified && (a.role === 'startup' || a.role === 'project');
    case 'startup':
      return a.verified && a.role === 'startup';
    case 'approvedStartup':
      return a.verified && a.role === 'startup' && a.approved;
    case 'reviewer':
      return a.admin || a.reviewer;
    case 'admin':
      return a.admin;
  }
}

let t: TestServer;
const actors: Actor[] = [];

beforeAll(async () => {
  t = await startTestServer();
  const mk = async (
    name: ActorName,
    opts: { role?: string; verify?: boolean; email?: string; approve?: boolean; reviewer?: boolean },
  ) => {
    const u = await signUp(t, { role: opts.role, verify: opts.verify, email: opts.email });
    if (opts.approve) await t.db.update(user).set({ status: 'approved' }).where(eq(user.id, u.uid));
    if (opts.reviewer) await t.db.update(user).set({ reviewerMaxPoints: 100 }).where(eq(user.id, u.uid));
    actors.push({
      name,
      client: u.client,
      email: u.email,
      role: opts.role ?? 'builder',
      verified: opts.verify !== false,
      approved: !!opts.approve,
      admin: opts.email === ADMIN_EMAIL,
      reviewer: !!opts.reviewer,
    });
  };
  actors.push({
    name: 'anonymous',
    client: t.client(),
    email: null,
    role: null,
    verified: false,
    approved: false,
    admin: false,
    reviewer: false,
  });
  await mk('unverified', { verify: false, role: 'startup' });
  await mk('builder', {});
  await mk('startupPending', { role: 'startup' });
  await mk('startupApproved', { role: 'startup', approve: true });
  await mk('project', { role: 'project' });
  await mk('reviewer', { reviewer: true });
  await mk('admin', { email: ADMIN_EMAIL });
});
afterAll(async () => {
  await t?.close();
});

async function call(a: Actor, method: string, path: string) {
  const url = `${t.url}/api${path.replace(/\{[^}]+\}/g, 'does-not-exist')}`;
  const res = await fetch(url, {
    method,
    headers: {
      ...a.client.origin,
      cookie: a.client.cookieHeader(),
      ...(['GET', 'HEAD', 'DELETE'].includes(method) ? {} : { 'content-type': 'application/json' }),
    },
    body: ['GET', 'HEAD', 'DELETE'].includes(method) ? undefined : '{}',
    redirect: 'manual',
  });
  // Event streams never end: read the head only.
  const text = res.headers.get('content-type')?.includes('event-stream') ? '' : await res.text();
  if (!text) await res.body?.cancel();
  return { status: res.status, text };
}

describe('authorization matrix', () => {
  it('has a rule for every route in the OpenAPI document, and no rule for a route that is gone', async () => {
    const doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(
      routes.filter((r) => !(r in ACCESS)),
      'routes without an access rule',
    ).toEqual([]);
    expect(
      Object.keys(ACCESS).filter((r) => !routes.includes(r)),
      'rules for routes that do not exist',
    ).toEqual([]);
  });

  it('answers every route for every actor as the table says, and never leaks e-mails or password hashes', async () => {
    const failures: string[] = [];
    for (const [route, level] of Object.entries(ACCESS)) {
      if (route.startsWith('POST /account/sign-out')) continue; // would end the actor's session
      // Would delete the unverified actor (account-ownership.test.ts covers its 401 and 409).
      if (route === 'POST /account/discard-unverified') continue;
      const [method, path] = route.split(' ') as [string, string];
      for (const a of actors) {
        const { status, text } = await call(a, method, path);
        const ok = allowed(level, a);
        if (ok && (status === 401 || status === 403))
          failures.push(`${route} as ${a.name}: expected access, got ${status} ${text.slice(0, 120)}`);
        if (!ok && status !== 401 && status !== 403)
          failures.push(`${route} as ${a.name}: expected 401/403, got ${status}`);
        if (!ok && a.name === 'anonymous' && level !== 'public' && status !== 401)
          failures.push(`${route} anonymous: expected 401, got ${status}`);
        if (status >= 500) failures.push(`${route} as ${a.name}: server error ${status}`);
        if (/\$scrypt|"password"\s*:\s*"[0-9a-f]{16,}/i.test(text))
          failures.push(`${route} as ${a.name}: password hash in response`);
        if (!a.admin) {
          for (const other of actors) {
            if (other.email && other !== a && text.includes(other.email))
              failures.push(`${route} as ${a.name}: leaks ${other.name}'s e-mail`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

/**
 * A digest of every row of every table: equal digests, nothing changed. A session's
 * last_seen_at is left out: it records that a request was made (at most once a minute),
 * as a log would; so is an audit entry of a CSV download (issue 18). Those are the
 * writes a read may cause.
 */
async function digest(): Promise<Record<string, string>> {
  const rows = async <R>(q: ReturnType<typeof sql>) =>
    ((await t.db.execute(q)) as unknown as { rows: R[] }).rows;
  const tables = await rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [r] = await rows<{ d: string }>(
      // A CSV download is logged in the audit log (export.download): a record of the read, not a change.
      sql`select md5(coalesce(string_agg(j::text, ',' order by j::text), '')) as d from (select to_jsonb(x) - 'last_seen_at' as j from ${sql.identifier(name)} x) y
          where ${name === 'audit_log' ? sql`j->>'action' <> 'export.download'` : sql`true`}`,
    );
    out[name] = r!.d;
  }
  return out;
}

describe('reads change nothing', () => {
  it('no GET or HEAD of any route, by any actor, changes a row (a referral bonus left unpaid stays unpaid)', async () => {
    // State a read might be tempted to "fix": a verified invitee whose referrer was never paid.
    const referrer = await signUp(t);
    const invited = await signUp(t, { ref: referrer.uid });
    await t.db.update(user).set({ referralRewarded: false }).where(eq(user.id, invited.uid));
    const before = await digest();
    const reads = Object.keys(ACCESS).filter((r) => r.startsWith('GET '));
    for (const route of reads) {
      const path = route.slice(4);
      for (const a of [...actors, { ...actors[0]!, client: invited.client }]) {
        await call(a, 'GET', path);
        await call(a, 'HEAD', path);
      }
    }
    expect(await digest()).toEqual(before);
  }, 120_000);
});
