/**
 * Mail faults (issue 15): a mail server that hangs or refuses must never slow a
 * request, lose a mail or send one twice.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startBlackHole } from '../support/blackhole';
import { testDbKind } from '../support/db';
import {
  ADMIN_EMAIL,
  type Client,
  identity,
  signUp,
  startTestServer,
  type TestServer,
} from '../support/server';

const cleanup: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
});

/** Far from the 30 s a hanging SMTP server used to cost, far above a normal answer. */
const BOUND_MS = 2000;

/** A request that gives up after `limit` ms instead of waiting for the test timeout. */
async function timed<T>(what: string, p: Promise<T>, limit = 10_000): Promise<{ ms: number; res: T }> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const res = await Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${limit} ms`)), limit);
    }),
  ]).finally(() => clearTimeout(timer));
  return { ms: performance.now() - t0, res };
}

/** Sign up, sign in again, browse: the statuses and the time each request took. */
async function journey(t: TestServer, afterSignUp: () => Promise<void> = async () => {}) {
  const id = identity('mailfault');
  const steps: Array<{ step: string; status: number; ms: number }> = [];
  const step = async (name: string, c: Client, method: string, p: string, body?: unknown) => {
    const { ms, res } = await timed(name, c.request(method, p, body));
    steps.push({ step: name, status: res.status, ms });
    return res;
  };
  const a = t.client();
  await step('sign-up', a, 'POST', '/api/account/sign-up', {
    email: id.email,
    displayName: id.displayName,
    password: id.password,
    confirmPassword: id.password,
  });
  await afterSignUp();
  const b = t.client();
  await step('sign-in', b, 'POST', '/api/account/sign-in', { email: id.email, password: id.password });
  for (const p of ['/api/me', '/api/dashboard', '/api/leaderboard', '/api/projects', '/api/health']) {
    await step(`GET ${p}`, b, 'GET', p);
  }
  await step('resend verification', b, 'POST', '/api/account/send-verification', {});
  await step('GET /api/me again', b, 'GET', '/api/me');
  return steps;
}

describe(`mail faults (${testDbKind})`, () => {
  it('an SMTP server that accepts and never answers slows no request', async () => {
    // The same journey without any mail server is the reference for every answer.
    const plain = await startTestServer({ env: { SMTP_URL: '' }, background: true });
    cleanup.push(() => plain.close());
    const reference = await journey(plain);

    const hole = await startBlackHole();
    cleanup.push(() => hole.close());
    const t = await startTestServer({ env: { SMTP_URL: hole.url }, background: true });
    cleanup.push(() => t.close());
    const steps = await journey(t, async () => {
      // The verification mail is on its way into the black hole before the user goes on.
      const deadline = Date.now() + 10_000;
      while (hole.accepted() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(hole.accepted()).toBeGreaterThan(0);
    });
    console.info(
      `black hole (${testDbKind}): ${steps.map((s) => `${s.step} ${s.status} ${Math.round(s.ms)} ms`).join(', ')}`,
    );
    expect(steps.map((s) => [s.step, s.status])).toEqual(reference.map((s) => [s.step, s.status]));
    for (const s of steps) expect(s.ms, s.step).toBeLessThan(BOUND_MS);
  }, 120_000);
});

/** Calls deliverDue until `done()` or the deadline: retries wait for their (short) back-off. */
async function deliverUntil(t: TestServer, done: () => boolean | Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await t.deps.mailer.deliverDue();
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`mail retries (${testDbKind})`, () => {
  it('an SMTP server that refuses, then comes back: every mail is delivered exactly once', async () => {
    const t = await startTestServer({ mail: { retryDelaySeconds: 1 } });
    cleanup.push(() => t.close());
    t.smtp.setRefusing(true);
    const users: Array<{ email: string }> = [];
    for (let i = 0; i < 5; i++) users.push(await signUp(t, { verify: false }));
    await t.deps.mailer.deliverDue();
    expect(t.smtp.mails).toHaveLength(0);
    const waiting = await t.deps.mailer.stats();
    expect(waiting.unsent).toBe(5);
    expect(waiting.failed).toBe(0);

    t.smtp.setRefusing(false);
    const to = (m: { to: string[] }) => m.to[0];
    await deliverUntil(t, () => users.every((u) => t.smtp.mails.some((m) => to(m) === u.email)));
    // More ticks change nothing: nothing is left to send, nothing goes twice.
    await t.deps.mailer.deliverDue();
    for (const u of users) expect(t.smtp.mails.filter((m) => to(m) === u.email)).toHaveLength(1);
    expect(t.smtp.mails).toHaveLength(5);
    const ids = t.smtp.mails.map((m) => /^message-id:\s*(\S+)/im.exec(m.raw)?.[1]);
    expect(new Set(ids).size).toBe(5);
    expect(await t.deps.mailer.stats()).toMatchObject({ unsent: 0, failed: 0 });
  }, 120_000);

  it('after its retry budget a mail is failed: logged at error, counted in health, listed and retried by the admin', async () => {
    const t = await startTestServer({ mail: { retryDelaySeconds: 1, retryLimit: 1 } });
    cleanup.push(() => t.close());
    const admin = await signUp(t, { email: ADMIN_EMAIL });
    const errors: unknown[] = [];
    const log = t.deps.log as unknown as { error: (...a: unknown[]) => void };
    const original = log.error.bind(log);
    log.error = (...a: unknown[]) => {
      errors.push(a);
      original(...a);
    };
    t.smtp.setRefusing(true);
    const u = await signUp(t, { verify: false });
    // One try and one retry, both refused.
    await deliverUntil(t, async () => (await t.deps.mailer.listFailed()).length === 1);
    expect(JSON.stringify(errors)).toContain('mail failed after its last retry');

    const health = await t.client().get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('degraded');
    expect(health.body.checks.mail).toMatchObject({ status: 'degraded', failed: 1 });
    expect(health.body.checks.database.status).toBe('ok');

    expect((await u.client.get('/api/admin/mail')).status).toBe(403);
    const list = await admin.client.get('/api/admin/mail');
    expect(list.status).toBe(200);
    expect(list.body.failed).toBe(1);
    const [failed] = list.body.failedMail;
    expect(failed).toMatchObject({ to: u.email, attempts: 2 });
    expect(failed.subject).toContain('Verify');
    expect(failed.lastError).toMatch(/451|temporarily/);

    t.smtp.setRefusing(false);
    expect((await admin.client.post(`/api/admin/mail/${failed.id}/retry`)).status).toBe(200);
    expect((await admin.client.post(`/api/admin/mail/${failed.id}/retry`)).status).toBe(404);
    await deliverUntil(t, () => t.smtp.mails.some((m) => m.to.includes(u.email)));
    expect(t.smtp.mails.filter((m) => m.to.includes(u.email))).toHaveLength(1);
    const after = await admin.client.get('/api/admin/mail');
    expect(after.body).toMatchObject({ failed: 0, unsent: 0, failedMail: [] });
    expect((await t.client().get('/api/health')).body.checks.mail.status).toBe('ok');
  }, 120_000);
});
