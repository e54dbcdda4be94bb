/**
 * The admin's daily overdue digest (issue 18), with a moved clock: none while nothing is
 * overdue, one a day while something is (not a second one the same day, whoever runs the
 * job), none once the queue is healthy again; a disabled owner's item counts for nothing.
 * The job runs through its pg-boss queue and worker, and the hourly schedule is registered.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDigests, contributions } from '@/db/schema';
import { DIGEST_CRON, DIGEST_QUEUE, sendOverdueDigest, startDigest } from '@/server/features/admin/digest';
import { ADMIN_EMAIL, type Client, signUp, startTestServer, type TestServer } from '../support/server';

let clock = new Date('2026-06-01T08:00:00Z');
let t: TestServer;
let admin: Client;
let stopDigest: () => Promise<void>;
const HOUR = 3_600_000;
const move = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const digests = () => t.smtp.mails.filter((m) => m.to.includes(ADMIN_EMAIL) && m.subject.includes('overdue'));

beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
  admin = (await signUp(t, { email: ADMIN_EMAIL })).client;
  stopDigest = await startDigest(t.deps, { schedule: true, pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await stopDigest?.();
  await t?.close();
});

describe('daily overdue digest', () => {
  it('is scheduled hourly in UTC on the pg-boss queue', async () => {
    const schedules = await t.deps.mailer.jobs.getSchedules(DIGEST_QUEUE);
    expect(schedules.map((s) => [s.name, s.cron, s.timezone])).toEqual([[DIGEST_QUEUE, DIGEST_CRON, 'UTC']]);
  });

  it('sends nothing while nothing is overdue, then one a day while something is', async () => {
    const member = await signUp(t);
    const fresh = await member.client.post('/api/contributions', {
      title: 'Fresh',
      type: 'tweet',
      link: 'https://x.com/sysfi_fan/status/880001',
    });
    expect(fresh.status).toBe(201);
    expect(await sendOverdueDigest(t.deps)).toBe('none');

    // 25 hours later the item is overdue: the job (through pg-boss's worker) sends the digest.
    move(25 * HOUR);
    await t.deps.mailer.jobs.send(DIGEST_QUEUE, {});
    const mail = await t.smtp.waitFor(ADMIN_EMAIL, 'overdue');
    expect(mail.subject).toBe('1 review item is overdue');
    expect(mail.text).toContain('Contributions: 1 overdue of 1 pending, the oldest waiting 25 h.');
    expect(mail.links.some((l) => l.endsWith('/admin'))).toBe(true);

    // Same UTC day: no second digest, whether the job runs again or many at once.
    move(3 * HOUR);
    expect(await Promise.all([1, 2, 3].map(() => sendOverdueDigest(t.deps)))).toEqual([
      'already',
      'already',
      'already',
    ]);
    expect(await t.db.select().from(adminDigests)).toHaveLength(1);

    // The next day it is still overdue: one more.
    move(24 * HOUR);
    const two = await Promise.all([sendOverdueDigest(t.deps), sendOverdueDigest(t.deps)]);
    expect(two.sort()).toEqual(['already', 'sent']);
    await t.deps.mailer.deliverDue();
    await expect.poll(() => digests().length).toBe(2);

    // Decided: nothing overdue, no digest the day after.
    const decided = await admin.post(`/api/admin/contributions/${fresh.body.contribution.id}/reject`, {
      reason: 'Off topic',
    });
    expect(decided.status).toBe(200);
    move(24 * HOUR);
    expect(await sendOverdueDigest(t.deps)).toBe('none');

    // An overdue item of a disabled owner is out of the queue, so it counts for nothing.
    const other = await signUp(t);
    const late = await other.client.post('/api/contributions', {
      title: 'Late',
      type: 'tweet',
      link: 'https://x.com/sysfi_fan/status/880002',
    });
    expect(late.status).toBe(201);
    await admin.post(`/api/admin/users/${other.uid}/disable`, { reason: 'Spam' });
    move(30 * HOUR);
    expect(await sendOverdueDigest(t.deps)).toBe('none');
    const [row] = await t.db
      .select({ status: contributions.status })
      .from(contributions)
      .where(eq(contributions.id, late.body.contribution.id));
    expect(row?.status).toBe('pending');
    expect(digests()).toHaveLength(2);
  });
});
