/**
 * Issue 19 in Chromium: an applicant submits their work on the bounty board; the deadline
 * passes; the requester sees the 7-day countdown and picks the winners (no XP prize: that is
 * the ecosystem team's), and the winner sees the podium on the card and the news in the inbox.
 *
 * The deadline cannot pass during a test (the form accepts today at the earliest), so this
 * test runs its own server on a data directory of its own and, between two runs of it on
 * the same port, moves the bounty's deadline into the past in the stopped database.
 */
import { sql } from 'drizzle-orm';
import { MSG } from '@/shared/messages';
import { apiFetch, createVerifiedUser } from './support/api';
import { expect, test } from './support/fixtures';
import { ownServer, pageAs } from './support/own-server';
import { ADMIN_EMAIL } from './support/server';

const W = MSG.winners;

test('an applicant submits, the deadline passes, the requester picks winners and the winner sees them', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const server = await ownServer('winners');
  const { mail } = server;
  let app = server.app;
  try {
    const admin = await createVerifiedUser(app, mail, { email: ADMIN_EMAIL, displayName: 'Admin' });
    const requester = await createVerifiedUser(app, mail, { role: 'project', displayName: 'Nova Labs' });
    const builder = await createVerifiedUser(app, mail, { displayName: 'Winner Wu' });
    const title = `Dashboard widget ${Date.now().toString(36)}`;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title,
      description: 'Build a dashboard widget.',
      reward: '900 USDC',
      deadline: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      contactInfo: 'tg: @nova',
      criteria: JSON.stringify(['Impact', 'Innovation']),
      timeZone: 'UTC',
    }))
      form.append(k, v);
    const req = await apiFetch(app, requester, '/api/bounty-applications', { method: 'POST', body: form });
    expect(req.status, await req.clone().text()).toBe(201);
    const { application } = (await req.json()) as { application: { id: string } };
    const approved = await apiFetch(app, admin, `/api/admin/bounty-applications/${application.id}/approve`, {
      method: 'POST',
      body: '{}',
    });
    expect(approved.status).toBe(200);

    // The builder applies and submits their work from the card.
    const page = await pageAs(browser, app, builder);
    await page.goto('/bounties');
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: MSG.bounty.applyNow }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/What will you do/i)
      .fill('I will build it with charts.');
    await page.getByRole('dialog').getByRole('button', { name: 'Send application' }).click();
    await card.getByRole('button', { name: W.submitWork }).click();
    const dialog = page.getByTestId('submission-dialog');
    await dialog.getByLabel(W.submissionLink).fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: W.submitWork }).click();
    await expect(dialog.getByText(W.submissionLinkInvalid)).toBeVisible();
    await dialog.getByLabel(W.submissionLink).fill('https://github.com/winner-wu/widget');
    await dialog.getByLabel(W.submissionNote).fill('Live demo in the README.');
    await dialog.getByRole('button', { name: W.submitWork }).click();
    await expect(page.getByText(W.submissionSaved)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // Saved: opening it again edits what was sent.
    await card.getByRole('button', { name: W.submitWork }).click();
    await expect(
      page.getByTestId('submission-dialog').getByRole('heading', { name: W.editSubmission }),
    ).toBeVisible();
    await expect(page.getByTestId('submission-dialog').getByLabel(W.submissionLink)).toHaveValue(
      'https://github.com/winner-wu/widget',
    );
    await page.context().close();

    // The deadline passes: the server stops, the bounty's deadline moves a day into the past.
    await server.restartAfter((db) =>
      db.execute(sql`update bounties set deadline = now() - interval '1 day' where title = ${title}`),
    );
    app = server.app;

    // The requester sees the countdown and picks the winner; an XP prize is not theirs to give.
    const owner = await pageAs(browser, app, requester);
    await owner.goto('/bounties?filter=expired');
    const own = owner.getByRole('article', { name: title });
    await expect(own.getByTestId('winners-due')).toHaveText(W.dueIn(5));
    await own.getByRole('button', { name: W.pickWinners }).click();
    const picker = owner.getByTestId('winners-dialog');
    const row = picker.getByTestId('submission').filter({ hasText: 'Winner Wu' });
    await expect(row.getByRole('link', { name: /github\.com\/winner-wu\/widget/ })).toBeVisible();
    await picker.getByRole('button', { name: W.announce }).click();
    await expect(picker.getByText(W.pickOne)).toBeVisible();
    await expect(picker.getByText(W.pickerRequester)).toBeVisible();
    await expect(row.getByLabel(/^XP prize/)).toHaveCount(0);
    await row.getByLabel(/^Place/).selectOption('1');
    await picker.getByRole('button', { name: W.announce }).click();
    await expect(owner.getByText(W.announced)).toBeVisible();
    await expect(picker).toHaveCount(0);
    await expect(own.getByTestId('podium')).toContainText('Winner Wu');
    await owner.context().close();

    // The winner sees the podium and the inbox entry.
    const winner = await pageAs(browser, app, builder);
    await winner.goto('/bounties?filter=expired');
    const podium = winner.getByRole('article', { name: title }).getByTestId('podium');
    await expect(podium).toContainText('Winner Wu');
    await expect(podium).not.toContainText('XP');
    // The winner's name on the podium leads to their public profile (issue 19).
    await podium.getByRole('link', { name: 'Winner Wu' }).click();
    await expect(winner).toHaveURL(/\/u\/Winner%20Wu$/);
    await expect(winner.getByRole('heading', { level: 1, name: 'Winner Wu' })).toBeVisible();
    await winner.goto('/inbox');
    await expect(winner.getByText(/awarded 1st place/).first()).toBeVisible();
    await winner.context().close();
  } finally {
    await server.close();
  }
});
