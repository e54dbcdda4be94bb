/**
 * "Fix and reapply" (peers' pain point: rejected projects could not fix and reapply). A
 * startup whose project application was rejected finds the form filled in with what it sent;
 * a requester whose bounty request was rejected fills the form from it with one button. Each
 * then changes one thing and sends a new one.
 *
 * The spec's 24-hour lock cannot pass during a test, so this runs its own server on a data
 * directory of its own and, between two runs on the same port, moves the rejected
 * submissions a day into the past in the stopped database.
 */
import { sql } from 'drizzle-orm';
import { MSG } from '@/shared/messages';
import { applicationContacts, projectApplicationBody } from '../tests/support/payloads';
import { apiFetch, createVerifiedUser, type TestUser } from './support/api';
import { MOBILE, screenshot } from './support/browser';
import { expect, test } from './support/fixtures';
import { ownServer, pageAs } from './support/own-server';
import { ADMIN_EMAIL, type AppServer } from './support/server';

async function post(app: AppServer, user: TestUser, pathname: string, body: BodyInit) {
  const res = await apiFetch(app, user, pathname, { method: 'POST', body });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return JSON.parse(text) as { application: { id: string } };
}

test('a rejected project application and bounty request are fixed and sent again from the filled-in form', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const own = await ownServer('reapply');
  const { mail } = own;
  let app = own.app;
  try {
    const admin = await createVerifiedUser(app, mail, { email: ADMIN_EMAIL, displayName: 'Admin' });
    const startup = await createVerifiedUser(app, mail, { role: 'startup', displayName: 'Orbit Team' });
    const requester = await createVerifiedUser(app, mail, { role: 'project', displayName: 'Nova Labs' });

    const sent = await post(
      app,
      startup,
      '/api/project-applications',
      JSON.stringify(projectApplicationBody('Orbit Finance', applicationContacts)),
    );
    await post(
      app,
      admin,
      `/api/admin/project-applications/${sent.application.id}/reject`,
      JSON.stringify({ reason: 'Please link the public repository, not the organisation.' }),
    );

    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Liquidity dashboard',
      description: 'Build a dashboard.',
      reward: '900 USDC',
      deadline: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      contactInfo: 'tg: @nova',
      resourceLink: 'https://example.com/brief',
      criteria: JSON.stringify(['Impact', 'Innovation']),
      timeZone: 'UTC',
    }))
      form.append(k, v);
    const request = await post(app, requester, '/api/bounty-applications', form);
    await post(
      app,
      admin,
      `/api/admin/bounty-applications/${request.application.id}/reject`,
      JSON.stringify({ message: 'Say how entries will be judged.' }),
    );

    // A day passes: the server stops and both rejected submissions move 25 hours back.
    await own.restartAfter(async (db) => {
      await db.execute(
        sql`update project_applications set submitted_at = submitted_at - interval '25 hours', decided_at = decided_at - interval '25 hours'`,
      );
      await db.execute(sql`update bounty_applications set created_at = created_at - interval '25 hours'`);
    });
    app = own.app;

    // The startup: the form starts from the rejected application, with the reason above it.
    const sp = await pageAs(browser, app, startup);
    await sp.goto('/application/project-application');
    await expect(sp.getByText(MSG.projectApplication.refilled)).toBeVisible();
    await expect(sp.getByText('Please link the public repository, not the organisation.')).toBeVisible();
    await expect(sp.getByLabel('Project name')).toHaveValue('Orbit Finance');
    await expect(sp.getByLabel('Genre')).toHaveValue('DeFi');
    await expect(sp.getByLabel('GitHub')).toHaveValue('https://github.com/example');
    await sp.getByLabel('GitHub').fill('https://github.com/example/orbit-finance');
    await sp.getByRole('button', { name: 'Submit application' }).click();
    await expect(sp.getByText(MSG.projectApplication.submitted).first()).toBeVisible();
    const pending = await apiFetch(app, admin, '/api/admin/project-applications');
    const queue = (await pending.json()) as { applications: { name: string; github: string }[] };
    expect(queue.applications).toEqual([
      expect.objectContaining({ name: 'Orbit Finance', github: 'https://github.com/example/orbit-finance' }),
    ]);

    // The requester: one button fills the form from the rejected request (not its images).
    const rp = await pageAs(browser, app, requester, MOBILE);
    await rp.goto('/application/bounty-application');
    const item = rp.getByRole('listitem', { name: 'Liquidity dashboard' });
    await expect(item).toContainText('Say how entries will be judged.');
    await item.getByRole('button', { name: MSG.bounty.reuse }).click();
    await expect(rp.getByTestId('request-draft')).toContainText(MSG.bounty.reusing('Liquidity dashboard'));
    await expect(rp.getByLabel('Title')).toBeFocused();
    await expect(rp.getByLabel('Title')).toHaveValue('Liquidity dashboard');
    await expect(rp.getByLabel('Reward')).toHaveValue('900 USDC');
    await expect(rp.getByLabel('Contact')).toHaveValue('tg: @nova');
    await expect(rp.getByRole('button', { name: 'Impact', pressed: true })).toBeVisible();
    await rp.evaluate(() => window.scrollTo(0, 0));
    await screenshot(rp, 'bounty-request-reuse-375');
    await rp.getByLabel('Description').fill('Build a dashboard. Judged on accuracy, then design.');
    await rp.getByRole('button', { name: 'Submit request' }).click();
    await expect(rp.getByText(MSG.bounty.submitted).first()).toBeVisible();
    await expect(rp.getByTestId('request-draft')).toHaveCount(0);
    const mine = await apiFetch(app, requester, '/api/bounty-applications/mine');
    const { applications } = (await mine.json()) as {
      applications: { status: string; description: string; criteria: string[] }[];
    };
    expect(applications.map((a) => a.status)).toEqual(['pending', 'rejected']);
    expect(applications[0]).toMatchObject({
      description: 'Build a dashboard. Judged on accuracy, then design.',
      criteria: ['Impact', 'Innovation'],
    });
    await sp.context().close();
    await rp.context().close();
  } finally {
    await own.close();
  }
});
